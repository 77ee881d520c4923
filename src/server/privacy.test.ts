import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config/env';
import { sessions } from './db/schema';
import { SESSION_MAX_AGE_MS } from './auth/session';
import { endSessionsOlderThan } from './users/users.repository';
import { injectAs, signUp } from './test/auth-helpers';
import { createTestApp } from './test/test-app';

/** Private answers stay private; sessions end; proxies are trusted by count. */
let ctx: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  ctx = await createTestApp({ env: { TRUST_PROXY: '1', RATE_LIMIT_SCALE: '1' } });
});
afterAll(async () => {
  await ctx.app.close();
});

describe('answers that depend on the session', () => {
  it('are never stored by a browser or proxy', async () => {
    const user = await signUp(ctx.app);
    for (const url of [
      `/api/purchase?email=${user.email}`,
      '/api/auth/get-session',
      '/api/user',
      '/api/config',
    ]) {
      const response = await injectAs(ctx.app, user, { method: 'GET', url });
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    // The public catalog keeps its own revalidated caching.
    const catalog = await ctx.app.inject({ method: 'GET', url: '/api/tool' });
    expect(catalog.headers['cache-control']).not.toBe('no-store');
  });
});

describe('sessions', () => {
  it('end 30 days after sign-in however active they are', async () => {
    const user = await signUp(ctx.app);
    const mine = () => injectAs(ctx.app, user, { method: 'GET', url: `/api/purchase?email=${user.email}` });
    expect((await mine()).statusCode).toBe(200);
    await ctx.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - SESSION_MAX_AGE_MS - 60_000) })
      .where(eq(sessions.userId, user.id));
    expect((await mine()).statusCode).toBe(401);
    expect(await endSessionsOlderThan(ctx.db, SESSION_MAX_AGE_MS)).toBeGreaterThanOrEqual(1);
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
  });
});

describe('TRUST_PROXY', () => {
  it('trusts a number of hops, never what the client wrote before them', async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 6; n += 1) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/subscribe',
        payload: { email: `proxy-${n}@example.com` },
        remoteAddress: '10.0.0.2',
        // The client forges a new first address each time; our one proxy appends the real one.
        headers: { 'x-forwarded-for': `203.0.113.${n}, 198.51.100.9` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('refuses "true" with a clear message, and takes a count or networks', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/give the number of proxies/);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.1',
    ]);
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.example' })).toThrow(/TRUST_PROXY/);
  });
});
