import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import type { App } from '../app';
import type { Database } from '../db/database';
import { users } from '../db/schema';
import { databaseOf, originOf } from './test-app';

/** The origin the test app trusts (PUBLIC_URL's default for PORT 3000). */
export const ORIGIN = 'http://localhost:3000';

let clients = 0;
/** A distinct client address per call, so the per-address sign-in limits only bite where a test wants. */
export function nextClientIp(): string {
  clients += 1;
  return `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`;
}

export interface TestUser {
  id: string;
  name: string;
  email: string;
  password: string;
  /** The Cookie header of this user's session. */
  cookie: string;
}

export function cookieHeader(response: { cookies: { name: string; value: string }[] }): string {
  return response.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
}

/**
 * Registers a new account through the real sign-up call and keeps its session cookie. The address
 * counts as verified (as if the mailed link had been followed) unless `verified: false`: tests of the
 * verification itself follow the link.
 */
export async function signUp(
  app: App,
  overrides: Partial<Pick<TestUser, 'name' | 'email' | 'password'>> & { verified?: boolean } = {},
): Promise<TestUser> {
  const unique = randomUUID().slice(0, 8);
  const account = {
    name: overrides.name ?? `Customer ${unique}`,
    email: overrides.email ?? `customer-${unique}@example.com`,
    password: overrides.password ?? `pw-${unique}-long-enough`,
  };
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: originOf(app) ?? ORIGIN },
    payload: account,
    remoteAddress: nextClientIp(),
  });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const { user } = response.json<{ user: { id: string } }>();
  const db = databaseOf(app);
  if (overrides.verified !== false && db) {
    await db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
  }
  return { id: user.id, ...account, email: account.email.toLowerCase(), cookie: cookieHeader(response) };
}

/** A signed-up account promoted to admin directly in the database. */
export async function signUpAdmin(
  app: App,
  db: Database,
  overrides: Parameters<typeof signUp>[1] = {},
): Promise<TestUser> {
  const admin = await signUp(app, { name: 'Admin Tester', ...overrides });
  await db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
  return admin;
}

export async function signIn(app: App, email: string, password: string, remoteAddress = nextClientIp()) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: ORIGIN },
    payload: { email, password },
    remoteAddress,
  });
}

/** `app.inject` as this user (or anonymous with null), from our own origin. */
export function injectAs(app: App, user: TestUser | null, options: InjectOptions) {
  return app.inject({
    ...options,
    remoteAddress: options.remoteAddress ?? nextClientIp(),
    headers: {
      origin: originOf(app) ?? ORIGIN,
      ...(user ? { cookie: user.cookie } : {}),
      ...options.headers,
    },
  });
}
