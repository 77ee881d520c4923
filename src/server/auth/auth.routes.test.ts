// Database-specific (the tests tagged so run on both databases): better-auth's limiter counts in memory
// on the embedded database and in the database on PostgreSQL (auth.ts).
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mailOutbox, users } from '../db/schema';
import { ORIGIN, cookieHeader, injectAs, nextClientIp, signIn, signUp } from '../test/auth-helpers';
import { createTestApp } from '../test/test-app';

let ctx: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  ctx = await createTestApp({ env: { ADMIN_EMAILS: 'boss@example.com' } });
});
afterAll(async () => {
  await ctx.app.close();
});

const session = (cookie: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });

describe('email and password accounts', () => {
  it('registers with a display name, a user role, and an HttpOnly SameSite session cookie', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: ORIGIN },
      payload: { name: 'Ada Buyer', email: 'Ada@Example.com', password: 'correct-horse' },
      remoteAddress: nextClientIp(),
    });
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.find((c) => c.name.endsWith('session_token'));
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect(cookie?.secure).toBeFalsy();

    const current = await session(cookieHeader(response));
    expect(current.json()).toMatchObject({
      user: { name: 'Ada Buyer', email: 'ada@example.com', role: 'user' },
    });
  });

  it('refuses a password shorter than 8 characters', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: ORIGIN },
      payload: { name: 'Short', email: 'short@example.com', password: 'seven77' },
      remoteAddress: nextClientIp(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/password/i);
  });

  it('ignores a role sent with the sign-up form', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: ORIGIN },
      payload: { name: 'Mallory', email: 'mallory@example.com', password: 'let-me-in-please', role: 'admin' },
      remoteAddress: nextClientIp(),
    });
    const [row] = await ctx.db.select().from(users).where(eq(users.email, 'mallory@example.com'));
    expect(row?.role ?? 'not created').not.toBe('admin');
    expect(response.statusCode).not.toBe(500);
  });

  it('signs in with the right password only, and signs out on the server', async () => {
    const user = await signUp(ctx.app);
    expect((await signIn(ctx.app, user.email, 'wrong-password')).statusCode).toBe(401);

    const ok = await signIn(ctx.app, user.email, user.password);
    expect(ok.statusCode).toBe(200);
    const cookie = cookieHeader(ok);
    expect((await session(cookie)).json()).toMatchObject({ user: { email: user.email } });

    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie, origin: ORIGIN },
    });
    expect(out.statusCode).toBe(200);
    expect((await session(cookie)).json()).toBeNull();
  });
});

describe('first admins from ADMIN_EMAILS', () => {
  it('makes a listed address admin only once the mailed link proves the mailbox', async () => {
    const boss = await signUp(ctx.app, { email: 'Boss@example.com', verified: false });
    expect((await session(boss.cookie)).json()).toMatchObject({
      user: { role: 'user', emailVerified: false },
    });

    const [mail] = await ctx.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, boss.email), like(mailOutbox.subject, 'Confirm your email%')));
    const link = new URL(
      /http:\/\/\S+\/api\/auth\/verify-email\?\S+/.exec(mail?.textBody ?? '')?.[0] ?? 'http://x/',
    );
    const follow = await ctx.app.inject({
      method: 'GET',
      url: link.pathname + link.search,
      headers: { cookie: boss.cookie },
    });
    expect(follow.statusCode).toBe(302);
    expect((await session(boss.cookie)).json()).toMatchObject({
      user: { role: 'admin', emailVerified: true },
    });
    // The audit log says where the grant came from.
    const grants = await ctx.db.select().from(auditLog).where(eq(auditLog.subject, boss.email));
    expect(grants).toMatchObject([{ action: 'user.make_admin', actorEmail: 'ADMIN_EMAILS' }]);
  });

  it('promotes an existing listed account at its next sign-in', async () => {
    const later = await createTestApp({ env: { ADMIN_EMAILS: 'late@example.com' } });
    try {
      const user = await signUp(later.app, { email: 'late@example.com' });
      await later.db.update(users).set({ role: 'user' }).where(eq(users.id, user.id));
      const response = await signIn(later.app, user.email, user.password);
      const [row] = await later.db.select().from(users).where(eq(users.id, user.id));
      expect(response.statusCode).toBe(200);
      expect(row?.role).toBe('admin');
    } finally {
      await later.app.close();
    }
  });
});

describe('protection', () => {
  it('counts failed sign-ins per account, from any address, and makes the account wait', async () => {
    const user = await signUp(ctx.app);
    const statuses: number[] = [];
    // Twelve addresses guessing at one account: the account's count stops them after five.
    for (let attempt = 0; attempt < 6; attempt += 1) {
      statuses.push((await signIn(ctx.app, user.email, 'wrong-password', nextClientIp())).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const blocked = await signIn(ctx.app, user.email, user.password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json<{ message: string }>().message).toBe(
      'Too many failed sign-ins. Please wait 1 minute, or reset your password.',
    );
    // Another account is not affected.
    const other = await signUp(ctx.app);
    expect((await signIn(ctx.app, other.email, other.password)).statusCode).toBe(200);
  });

  // These tests hash a password (argon2id) on nearly every call: ~0.15 s each here, and up to 20 times
  // that with CI's journeys beside them, so they get more time than the default.
  it('counts failed sign-ins per address across accounts, and successful sign-ins never use it up', async () => {
    const address = nextClientIp();
    const regular = await signUp(ctx.app);
    const failAs = async (n: number) =>
      (await signIn(ctx.app, `nobody-${n}@example.com`, 'wrong-password', address)).statusCode;
    const statuses: number[] = [];
    for (let n = 0; n < 19; n += 1) statuses.push(await failAs(n));
    // Successful sign-ins between the failures take nothing from the address's twenty.
    for (let n = 0; n < 2; n += 1) {
      expect((await signIn(ctx.app, regular.email, regular.password, address)).statusCode).toBe(200);
    }
    statuses.push(await failAs(19));
    expect(statuses.every((status) => status === 401)).toBe(true);
    expect(await failAs(20)).toBe(429);
  }, 120_000);

  // Sign-ups are limited by the shop's own rule (http/rate-limits.test.ts runs it at its shipped scale).
  it(
    'limits password reset mails per address',
    { tags: ['database-specific'], timeout: 90_000 },
    async () => {
      const address = nextClientIp();
      const resets: number[] = [];
      for (let n = 0; n < 4; n += 1) {
        const response = await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/request-password-reset',
          headers: { origin: ORIGIN },
          payload: { email: 'nobody@example.com', redirectTo: '/reset-password' },
          remoteAddress: address,
        });
        resets.push(response.statusCode);
      }
      expect(resets).toEqual([200, 200, 200, 429]);
    },
  );

  it('ignores a client-sent X-Forwarded-For when no proxy is trusted', async () => {
    const user = await signUp(ctx.app);
    const address = nextClientIp();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: ORIGIN, 'x-forwarded-for': `192.0.2.${attempt}` },
        payload: { email: user.email, password: 'wrong-password' },
        remoteAddress: address,
      });
    }
    expect((await signIn(ctx.app, user.email, user.password, address)).statusCode).toBe(429);
  });

  it('refuses state-changing calls with the session cookie from another origin, on our routes and better-auth', async () => {
    const user = await signUp(ctx.app);
    const foreign = { cookie: user.cookie, origin: 'https://evil.example' };

    const ours = await ctx.app.inject({
      method: 'POST',
      url: '/api/subscribe',
      headers: foreign,
      payload: { email: 'x@example.com' },
    });
    expect(ours.statusCode).toBe(403);
    expect(ours.json()).toEqual({
      error: { code: 'FORBIDDEN', message: 'This request came from another site and was refused' },
    });

    const theirs = await ctx.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: foreign });
    expect(theirs.statusCode).toBe(403);
    expect((await session(user.cookie)).json()).toMatchObject({ user: { email: user.email } });

    const noOrigin = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: user.cookie },
    });
    expect(noOrigin.statusCode).toBe(403);

    const same = await injectAs(ctx.app, user, {
      method: 'POST',
      url: '/api/subscribe',
      payload: { email: 'y@example.com' },
    });
    expect(same.statusCode).toBe(200);
  });
});
