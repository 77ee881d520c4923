import { eq } from 'drizzle-orm';
import { type AddressInfo, createServer, type Socket } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database';
import { mailOutbox } from '../db/schema';
import { startMailWorker } from '../mail/mail-worker';
import { type Mail, type MailTransport, SMTP_TIMEOUTS } from '../mail/mailer';
import { mailHealth, queueMail } from '../mail/outbox';
import { AUTH_FLOORS_MS } from '../auth/auth.routes';
import { ORIGIN, nextClientIp, signUp } from '../test/auth-helpers';
import { createTestApp } from '../test/test-app';
import { openTestDatabase } from '../test/test-database';

/** Mail is never in the request path, and is sent exactly once, or visibly not. */
const silentLog = pino({ level: 'silent' });
const mail = (n: number): Mail => ({
  to: `m${n}@example.com`,
  subject: `Mail ${n}`,
  text: 'text',
  html: '<p>html</p>',
});

/** An SMTP server that accepts connections and never says a word. */
async function startSilentSmtp() {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe('forgot-password with a mail server that never answers', () => {
  let smtp: Awaited<ReturnType<typeof startSilentSmtp>>;
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    smtp = await startSilentSmtp();
    ctx = await createTestApp({ env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await ctx.app.close();
    await smtp.close();
  });

  const forgot = async (email: string) => {
    const started = performance.now();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: ORIGIN },
      payload: { email, redirectTo: '/reset-password' },
      remoteAddress: nextClientIp(),
    });
    return { status: response.statusCode, ms: performance.now() - started };
  };

  it('answers at once, the same for an address with an account and one without, and keeps the mail', async () => {
    const user = await signUp(ctx.app);
    const known = await forgot(user.email);
    const unknown = await forgot('nobody-at-all@example.com');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    // Both wait for the same floor (no telling who has an account), and neither for the mail server:
    // it never says a word, so a request that waited for it would answer only when SMTP gives up, after
    // its greeting timeout. Half of that leaves a busy machine room without letting a wait through.
    for (const answer of [known, unknown]) {
      expect(answer.ms).toBeGreaterThanOrEqual((AUTH_FLOORS_MS['/request-password-reset'] ?? 0) - 1);
      expect(answer.ms).toBeLessThan(SMTP_TIMEOUTS.greetingTimeout / 2);
    }
    console.info(
      `forgot-password: ${known.ms.toFixed(0)} ms with an account, ${unknown.ms.toFixed(0)} ms without`,
    );

    // Its welcome (address confirmation) mail and the reset mail both wait in the outbox.
    const queued = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, user.email));
    expect(queued.map((mail) => mail.subject).sort()).toEqual([
      'Confirm your email address for Forgeline Tools',
      'Reset your Forgeline Tools password',
    ]);
    expect(queued.every((mail) => mail.status === 'pending')).toBe(true);
    const ready = await ctx.app.inject({ method: 'GET', url: '/api/readyz' });
    expect(ready.json<{ mail: { pending: number } }>().mail.pending).toBe(2);
  });
});

describe('the mail worker', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  async function until(condition: () => Promise<boolean>, timeoutMs = 10_000) {
    for (const started = Date.now(); Date.now() - started < timeoutMs;) {
      if (await condition()) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('condition never met');
  }

  it('retries with backoff, records the error, and marks a mail failed after its last attempt', async () => {
    await database.db.delete(mailOutbox);
    await queueMail(database.db, mail(1));
    const worker = startMailWorker({
      db: database.db,
      transport: { deliver: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:25')) },
      log: silentLog,
      pollMs: 20,
      retryBaseMs: 20,
      maxAttempts: 3,
    });
    try {
      await until(async () => (await mailHealth(database.db)).failed === 1);
      const [row] = await database.db.select().from(mailOutbox);
      expect(row).toMatchObject({
        status: 'failed',
        attempts: 3,
        lastError: 'connect ECONNREFUSED 127.0.0.1:25',
      });
      // Counts only: the public readiness answer never shows a mail server's error, which names
      // customers' addresses and internal hosts.
      expect(await mailHealth(database.db)).toEqual({ pending: 0, failed: 1 });
    } finally {
      await worker.stop();
    }
  });

  it('sends mail left by an earlier run soon after it starts, long before its first poll', async () => {
    await database.db.delete(mailOutbox);
    await queueMail(database.db, mail(3));
    const sent: string[] = [];
    const worker = startMailWorker({
      db: database.db,
      transport: { deliver: async ({ id }) => void sent.push(id) },
      log: silentLog,
      pollMs: 60_000,
      firstRunMs: 50,
    });
    try {
      // Sent means delivered and then marked so: wait for the mark, not for the delivery alone.
      await until(async () => (await database.db.select().from(mailOutbox))[0]?.status === 'sent', 5_000);
      expect(sent).toHaveLength(1);
    } finally {
      await worker.stop();
    }
  });

  it('sends a mail that failed once on its retry', async () => {
    await database.db.delete(mailOutbox);
    await queueMail(database.db, mail(2));
    let calls = 0;
    const worker = startMailWorker({
      db: database.db,
      transport: {
        deliver: async () => {
          calls += 1;
          if (calls === 1) throw new Error('421 try again later');
        },
      },
      log: silentLog,
      pollMs: 20,
      retryBaseMs: 20,
    });
    try {
      await until(async () => (await database.db.select().from(mailOutbox))[0]?.status === 'sent');
      expect(calls).toBe(2);
    } finally {
      await worker.stop();
    }
  });

  it('with several workers on one database, sends every mail exactly once', async () => {
    await database.db.delete(mailOutbox);
    for (let n = 0; n < 40; n += 1) await queueMail(database.db, mail(n));
    const delivered: string[] = [];
    const transport: MailTransport = {
      deliver: async ({ id }) => {
        await new Promise((resolve) => setTimeout(resolve, 2));
        delivered.push(id);
      },
    };
    const workers = [1, 2, 3].map(() =>
      startMailWorker({ db: database.db, transport, log: silentLog, pollMs: 10 }),
    );
    try {
      await until(async () => (await mailHealth(database.db)).pending === 0);
      expect(delivered).toHaveLength(40);
      expect(new Set(delivered).size).toBe(40);
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
    }
  });
});
