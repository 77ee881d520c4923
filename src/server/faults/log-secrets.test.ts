import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config/env';
import type { DatabaseHandle } from '../db/database';
import { mailOutbox } from '../db/schema';
import { ORIGIN, nextClientIp, signUp } from '../test/auth-helpers';
import { openTestDatabase } from '../test/test-database';

/**
 * Session tokens, cookies, reset tokens in URLs and SQL parameters never reach a log
 * line, not even when the database fails under a signed-in request.
 */
const lines: string[] = [];
let database: DatabaseHandle;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp({
    // The session is read from the database (no cookie cache), so that its failure is logged.
    config: loadConfig({ SEED_DEMO: 'false' }),
    authSecret: 'test-secret-test-secret-test-secret-0123',
    database,
    backgroundJobs: false,
    logger: { level: 'trace', stream: { write: (line: string) => lines.push(line) } },
  });
  await app.ready();
});
afterAll(async () => {
  await app.close().catch(() => undefined);
});

describe('the log', () => {
  it('holds no session token, cookie, reset token or SQL parameter, even when the database fails', async () => {
    const user = await signUp(app);
    const sessionCookie = user.cookie;
    const sessionToken = /session_token=([^.;]+)/.exec(sessionCookie)?.[1] ?? '';
    expect(sessionToken.length).toBeGreaterThan(10);

    // A password reset: its link carries the token in the path, the callback carries it in the query.
    await app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: ORIGIN },
      payload: { email: user.email, redirectTo: '/reset-password' },
      remoteAddress: nextClientIp(),
    });
    const [mail] = await database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, user.email), like(mailOutbox.subject, 'Reset your%')));
    const link = new URL(/http:\/\/\S+\/reset-password\/\S+/.exec(mail?.textBody ?? '')?.[0] ?? 'http://x/');
    const resetToken = link.pathname.split('/').at(-1) ?? '';
    expect(resetToken.length).toBeGreaterThan(10);
    const follow = await app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(follow.statusCode).toBe(302);
    await app.inject({ method: 'GET', url: `/reset-password?token=${resetToken}` });

    // The database fails under signed-in requests: better-auth's and our own error paths both log.
    await database.close();
    const session = await app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie: sessionCookie },
    });
    expect(session.statusCode).toBeGreaterThanOrEqual(500);
    const orders = await app.inject({
      method: 'GET',
      url: `/api/purchase?email=${encodeURIComponent(user.email)}`,
      headers: { cookie: sessionCookie },
    });
    expect(orders.statusCode).toBeGreaterThanOrEqual(500);

    const log = lines.join('');
    // The failures and the requests were logged, with what an operator needs ...
    expect(log).toContain('/api/auth/reset-password/[redacted]');
    expect(log).toContain('token=[redacted]');
    expect(log).toMatch(/"component":"auth"/);
    expect(log).toContain('database unavailable while reading the session');
    // ... and none of the secrets.
    for (const secret of [sessionToken, sessionCookie, resetToken, user.password]) {
      expect(log).not.toContain(secret);
    }
    expect(log).not.toMatch(/params:/);
  });
});
