import { and, eq, like } from 'drizzle-orm';
import { hashPassword as betterAuthScrypt } from 'better-auth/crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, mailOutbox, users } from '../db/schema';
import { ORIGIN, cookieHeader, injectAs, nextClientIp, signIn, signUp } from '../test/auth-helpers';
import { createTestApp } from '../test/test-app';
import { AUTH_FLOORS_MS, COMMON_PASSWORD } from './auth.routes';
import { ARGON2 } from './passwords';

/** 5 and 6 for accounts: verification, storage, strict bodies, no enumeration. */
let ctx: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.app.close();
});

const signUpRaw = (payload: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: ORIGIN, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
    remoteAddress: nextClientIp(),
  });

const mailsTo = (email: string, subject: string) =>
  ctx.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, email), like(mailOutbox.subject, `${subject}%`)));

async function confirmationLink(email: string): Promise<string> {
  const [mail] = await mailsTo(email, 'Confirm your email');
  const link = new URL(
    /http:\/\/\S+\/api\/auth\/verify-email\?\S+/.exec(mail?.textBody ?? '')?.[0] ?? 'http://x/',
  );
  return link.pathname + link.search;
}

/** Who the session of this cookie is, as the shop sees it on its next request (null: nobody). */
async function sessionUser(cookie: string) {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });
  return response.json<{ user: { id: string; emailVerified: boolean } } | null>()?.user ?? null;
}

async function resetPassword(email: string, newPassword: string) {
  await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/request-password-reset',
    headers: { origin: ORIGIN },
    payload: { email, redirectTo: '/reset-password' },
    remoteAddress: nextClientIp(),
  });
  const [mail] = await mailsTo(email, 'Reset your');
  const link = new URL(
    /http:\/\/\S+\/api\/auth\/reset-password\/\S+/.exec(mail?.textBody ?? '')?.[0] ?? 'http://x/',
  );
  const token = link.pathname.split('/').pop();
  const reset = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    headers: { origin: ORIGIN },
    payload: { token, newPassword },
    remoteAddress: nextClientIp(),
  });
  expect(reset.statusCode).toBe(200);
}

describe('sign-up', () => {
  it('signs the customer in and mails a link that verifies the address', async () => {
    const user = await signUp(ctx.app, { verified: false });
    const link = await confirmationLink(user.email);
    const follow = await ctx.app.inject({ method: 'GET', url: link, headers: { cookie: user.cookie } });
    expect(follow.statusCode).toBe(302);
    // It lands where the link says, and the page says the address is confirmed.
    expect(follow.headers.location).toBe('/?confirmed=1');
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.emailVerified).toBe(true);
    // The confirming browser stays signed in.
    expect(await sessionUser(user.cookie)).toMatchObject({ id: user.id, emailVerified: true });
  });

  it('never confirms a password the mailbox owner did not choose (pre-registration takeover)', async () => {
    // Someone registers the owner's address with a password of their choosing.
    const attacker = await signUp(ctx.app, { verified: false });
    const link = await confirmationLink(attacker.email);

    // The owner opens the mailed link: not signed in to that account, so it confirms nothing and asks
    // for the account's password first.
    const follow = await ctx.app.inject({ method: 'GET', url: link });
    expect(follow.statusCode).toBe(302);
    const login = new URL(String(follow.headers.location), ORIGIN);
    expect(login.pathname).toBe('/login');
    expect(login.searchParams.get('confirm')).toBe(link);
    // Signed in to another account changes nothing either.
    const other = await signUp(ctx.app);
    await ctx.app.inject({ method: 'GET', url: link, headers: { cookie: other.cookie } });
    const [row] = await ctx.db.select().from(users).where(eq(users.id, attacker.id));
    expect(row?.emailVerified).toBe(false);

    // The owner resets the password instead: that confirms the address with the owner's password, and
    // the session opened with the other one ends.
    await resetPassword(attacker.email, 'the-owners-own-password');
    const [after] = await ctx.db.select().from(users).where(eq(users.id, attacker.id));
    expect(after?.emailVerified).toBe(true);
    expect(await sessionUser(attacker.cookie)).toBeNull();
    expect((await signIn(ctx.app, attacker.email, attacker.password)).statusCode).toBe(401);
    expect((await signIn(ctx.app, attacker.email, 'the-owners-own-password')).statusCode).toBe(200);
  });

  it('signs a session out for good: its cookie replayed after sign-out is refused at once', async () => {
    const user = await signUp(ctx.app);
    expect(await sessionUser(user.cookie)).toMatchObject({ id: user.id });
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { origin: ORIGIN, cookie: user.cookie, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(out.statusCode).toBe(200);
    expect(await sessionUser(user.cookie)).toBeNull();
    const orders = await injectAs(ctx.app, user, { method: 'GET', url: `/api/purchase?email=${user.email}` });
    expect(orders.statusCode).toBe(401);
  });

  it('answers an existing address as a new sign-up, in the same time, and mails the owner instead', async () => {
    const owner = await signUp(ctx.app);
    let started = performance.now();
    const fresh = await signUpRaw({
      name: 'New Person',
      email: `new-${Date.now()}@example.com`,
      password: 'a-fine-password',
    });
    const freshMs = performance.now() - started;
    started = performance.now();
    const again = await signUpRaw({ name: 'Intruder', email: owner.email, password: 'another-password' });
    const againMs = performance.now() - started;

    expect(again.statusCode).toBe(fresh.statusCode);
    expect(Object.keys(again.json<{ user: object }>().user).sort()).toEqual(
      Object.keys(fresh.json<{ user: object }>().user).sort(),
    );
    for (const ms of [freshMs, againMs])
      expect(ms).toBeGreaterThanOrEqual((AUTH_FLOORS_MS['/sign-up/email'] ?? 0) - 1);
    // Nobody is signed in to the owner's account, and the owner is told.
    expect(cookieHeader(again)).toBe('');
    expect(await mailsTo(owner.email, 'You already have')).toHaveLength(1);
    expect((await signIn(ctx.app, owner.email, owner.password)).statusCode).toBe(200);
  });

  it.each([
    [{ name: 'A', email: 'a@example.com', password: 'password' }, 'PASSWORD_TOO_COMMON', COMMON_PASSWORD],
    [{ name: 'A', email: 'a@example.com', password: 'Qwertyuiop' }, 'PASSWORD_TOO_COMMON', COMMON_PASSWORD],
    [
      { name: 'A', email: 'a@example.com', password: 'short' },
      'VALIDATION_FAILED',
      'password: Use at least 8 characters for your password',
    ],
    [
      { name: 'x'.repeat(1000), email: 'a@example.com', password: 'a-fine-password' },
      'VALIDATION_FAILED',
      'name: Please keep this under 100 characters',
    ],
    [
      { name: { first: 'A' }, email: 'a@example.com', password: 'a-fine-password' },
      'VALIDATION_FAILED',
      /^name: /,
    ],
    [
      { name: 'A\u0000B', email: 'a@example.com', password: 'a-fine-password' },
      'VALIDATION_FAILED',
      /^name: Please remove/,
    ],
    [
      { name: 'A', email: 'a@example.com', password: 'a-fine-password', image: 'https://x/y.png' },
      'VALIDATION_FAILED',
      'Unknown field: image',
    ],
    [
      { name: 'A', email: 'a@example.com', password: 'a-fine-password', role: 'admin' },
      'VALIDATION_FAILED',
      'Unknown field: role',
    ],
  ])('refuses %j with a clear message', async (payload, code, message) => {
    const response = await signUpRaw(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ code: string }>().code).toBe(code);
    expect(response.json<{ message: string }>().message).toMatch(message);
  });

  it('refuses a 900,000-character body before reading it', async () => {
    const response = await signUpRaw({
      name: 'x'.repeat(900_000),
      email: 'a@example.com',
      password: 'a-fine-password',
    });
    expect(response.statusCode).toBe(413);
  });

  it('turns off the better-auth endpoints the shop does not use', async () => {
    const user = await signUp(ctx.app);
    for (const path of [
      '/delete-user',
      '/list-sessions',
      '/revoke-sessions',
      '/change-email',
      '/link-social',
    ]) {
      const response = await injectAs(ctx.app, user, {
        method: 'POST',
        url: `/api/auth${path}`,
        payload: {},
      });
      expect(response.statusCode, path).toBe(404);
    }
  });
});

describe('password storage', () => {
  // The rest of the suite hashes at test strength (passwords.ts); this test checks production's.
  beforeAll(() => {
    process.env.PASSWORD_HASHING = 'production';
  });
  afterAll(() => {
    delete process.env.PASSWORD_HASHING;
  });

  it('stores argon2id with OWASP parameters and upgrades an older hash at the next sign-in', async () => {
    const user = await signUp(ctx.app);
    const credential = and(eq(accounts.userId, user.id), eq(accounts.providerId, 'credential'));
    const stored = async () => (await ctx.db.select().from(accounts).where(credential))[0]?.password ?? '';
    expect(await stored()).toMatch(
      new RegExp(
        `^\\$argon2id\\$v=19\\$m=${ARGON2.memorySize},p=${ARGON2.parallelism},t=${ARGON2.iterations}\\$`,
      ),
    );

    // An account from before: better-auth's scrypt hash.
    await ctx.db
      .update(accounts)
      .set({ password: await betterAuthScrypt(user.password) })
      .where(credential);
    expect(await stored()).not.toMatch(/^\$argon2id/);
    expect((await signIn(ctx.app, user.email, 'not-the-password')).statusCode).toBe(401);
    expect(await stored()).not.toMatch(/^\$argon2id/);
    expect((await signIn(ctx.app, user.email, user.password)).statusCode).toBe(200);
    expect(await stored()).toMatch(/^\$argon2id\$/);
    expect((await signIn(ctx.app, user.email, user.password)).statusCode).toBe(200);
  });

  it('ends the other sessions when the password is changed', async () => {
    const user = await signUp(ctx.app);
    const other = cookieHeader(await signIn(ctx.app, user.email, user.password));
    const change = await injectAs(ctx.app, user, {
      method: 'POST',
      url: '/api/auth/change-password',
      payload: {
        currentPassword: user.password,
        newPassword: 'a-brand-new-password',
        revokeOtherSessions: false,
      },
    });
    expect(change.statusCode).toBe(200);
    const session = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie: other },
    });
    expect(session.json()).toBeNull();
  });
});
