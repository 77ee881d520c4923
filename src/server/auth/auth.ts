import type { FastifyBaseLogger } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../../shared/api/auth.schemas';
import type { AppConfig } from '../config/env';
import type { Database } from '../db/database';
import { accounts, rateLimits, sessions, users, verifications } from '../db/schema';
import { safeError } from '../http/log-safety';
import type { Mail } from '../mail/mailer';
import { SYSTEM_ACTORS } from '../audit/audit.repository';
import { makeAdmin } from '../users/make-admin';
import { endSessionsOf, findUserById } from '../users/users.repository';
import { resetPasswordMail, verifyEmailMail } from './account-mails';
import { hashPassword, needsRehash, verifyPassword } from './passwords';

export interface AuthDependencies {
  config: AppConfig;
  log: FastifyBaseLogger;
  db: Database;
  /** On PostgreSQL several processes may share the database, so their counters live in it. */
  databaseKind: 'pglite' | 'postgres';
  /** Queues a mail in the outbox (the worker sends it): never waits for a mail server. */
  queueMail: (mail: Mail) => Promise<void>;
  secret: string;
  shopName: string;
}

/** Where better-auth is mounted (DESIGN §3). */
export const AUTH_BASE_PATH = '/api/auth';

/** Attempts per client address and minute (per 5 minutes for reset mails) before a 429. */
export const AUTH_RATE_LIMITS = {
  // Failed sign-ins are counted per account and address by the gate (sign-in-failures.ts); this only
  // stops floods, so successful sign-ins do not use up an allowance.
  '/sign-in/email': { window: 60, max: 60 },
  // Sign-ups are limited by the shop's own rule (http/rate-limit.ts), not a second time here.
  '/sign-up/email': false as const,
  '/request-password-reset': { window: 300, max: 3 },
  '/reset-password': { window: 300, max: 10 },
  '/sign-in/social': { window: 60, max: 10 },
};

/**
 * better-auth's modules, loaded when first needed rather than at start-up: together they take ~0.35 s
 * to load, and the shop can answer its catalog without them. The entry without Kysely is enough: the
 * shop gives better-auth a Drizzle adapter, never a raw connection. The generic-OAuth plugin comes from
 * its own entry, since the plugins index loads every plugin.
 */
async function loadBetterAuth() {
  const [{ betterAuth }, { drizzleAdapter }, { genericOAuth }, { createAuthMiddleware }] = await Promise.all([
    import('better-auth/minimal'),
    import('better-auth/adapters/drizzle'),
    import('better-auth/plugins/generic-oauth'),
    import('better-auth/api'),
  ]);
  return { betterAuth, drizzleAdapter, genericOAuth, createAuthMiddleware };
}

/** better-auth, configured for this shop: email + password, Google over OpenID Connect, roles. */
function configureBetterAuth(
  { config, log, db, databaseKind, queueMail, secret, shopName }: AuthDependencies,
  {
    betterAuth,
    drizzleAdapter,
    genericOAuth,
    createAuthMiddleware,
  }: Awaited<ReturnType<typeof loadBetterAuth>>,
) {
  const adminEmails = new Set(config.adminEmails);
  const isAdminAddress = (user: { email: string; emailVerified: boolean }) =>
    user.emailVerified && adminEmails.has(user.email.toLowerCase());

  return betterAuth({
    appName: shopName,
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret,
    // better-auth's messages go to the server's structured log like everything else, with only the
    // name, code and message of an error it passes along: its other details can carry session tokens.
    logger: {
      log: (level, message, ...details: unknown[]) => {
        const errors = details
          .filter((detail) => detail instanceof Error)
          .map((error) => {
            const { type, code, message: text } = safeError(error);
            return { type, code, message: text };
          });
        log[level]({ component: 'auth', ...(errors.length > 0 ? { errors } : {}) }, message);
      },
    },
    trustedOrigins: [new URL(config.publicUrl).origin],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        rateLimit: rateLimits,
      },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      // argon2id at OWASP's parameters; older hashes are replaced at the next sign-in (hooks below).
      password: { hash: hashPassword, verify: verifyPassword },
      autoSignIn: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      // The reset link proved the mailbox and its owner chose this password: the address is confirmed
      // (an account someone else registered for this address is now its owner's, with no other session).
      onPasswordReset: async ({ user }) => {
        if (user.emailVerified) return;
        await db
          .update(users)
          .set({ emailVerified: true, updatedAt: new Date() })
          .where(eq(users.id, user.id));
        if (isAdminAddress({ ...user, emailVerified: true })) {
          await makeAdmin(db, SYSTEM_ACTORS.adminEmails, user.email);
        }
      },
      sendResetPassword: async ({ user, url }) => {
        await queueMail(resetPasswordMail({ to: user.email, name: user.name, url, shopName }));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user, url }) => {
        await queueMail(verifyEmailMail({ to: user.email, name: user.name, url, shopName }));
      },
    },
    user: {
      additionalFields: {
        // Never taken from the sign-up form: only ADMIN_EMAILS, the CLI and other admins grant it.
        role: { type: 'string', required: false, defaultValue: 'user', input: false },
      },
    },
    // Sliding: a week from the last visit. Absolute: 30 days from sign-in (SESSION_MAX_AGE_DAYS, swept).
    session: {
      // Set only by a punchout's start (punchout/): that session may browse, fill the cart and transfer it.
      additionalFields: {
        punchoutSessionId: { type: 'string', required: false, input: false },
      },
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
      // No signed-cookie cache: every request reads its session from the database, so a sign-out, a
      // deleted account, a role change or a password reset counts on the very next request, on every
      // instance (a cached cookie replayed after sign-out would still have been let in).
      cookieCache: { enabled: false },
    },
    databaseHooks: {
      user: {
        create: {
          // ADMIN_EMAILS makes an account admin only once its mailbox is proven: here when Google says
          // the address is verified (after the account is stored, so the grant and its audit entry are
          // one transaction), otherwise when the verification link is followed (update below).
          before: async (user) => ({ data: { ...user, role: 'user' } }),
          after: async (user) => {
            if (isAdminAddress(user)) await makeAdmin(db, SYSTEM_ACTORS.adminEmails, user.email);
          },
        },
        update: {
          after: async (user) => {
            if (isAdminAddress(user)) await makeAdmin(db, SYSTEM_ACTORS.adminEmails, user.email);
          },
        },
      },
      account: {
        create: {
          // Google vouching for an address someone registered with a password but never confirmed: the
          // password was chosen by whoever signed up, not necessarily the mailbox's owner, so it goes,
          // with every session it opened, before Google's sign-in confirms the address.
          after: async (account) => {
            if (account.providerId === 'credential') return;
            const user = await findUserById(db, account.userId);
            if (!user || user.emailVerified) return;
            await db
              .delete(accounts)
              .where(and(eq(accounts.userId, user.id), eq(accounts.providerId, 'credential')));
            await endSessionsOf(db, user.id);
          },
        },
      },
      session: {
        create: {
          // An address added to ADMIN_EMAILS after its account exists is promoted at its next sign-in.
          before: async (session) => {
            if (adminEmails.size === 0) return;
            const user = await findUserById(db, session.userId);
            if (user && user.role !== 'admin' && isAdminAddress(user)) {
              await makeAdmin(db, SYSTEM_ACTORS.adminEmails, user.email);
            }
          },
        },
      },
    },
    hooks: {
      after: createAuthMiddleware(async (ctx) => {
        // The password was right: a hash stored with older parameters is replaced by today's.
        if (ctx.path !== '/sign-in/email' || !ctx.context.newSession) return;
        const password = (ctx.body as { password?: unknown } | undefined)?.password;
        if (typeof password === 'string')
          await upgradePasswordHash(db, ctx.context.newSession.user.id, password);
      }),
    },
    rateLimit: {
      enabled: true,
      // Several processes on one PostgreSQL count the same attempts; the embedded database has one process.
      storage: databaseKind === 'postgres' ? 'database' : 'memory',
      window: 60,
      max: 300,
      customRules: AUTH_RATE_LIMITS,
    },
    advanced: {
      useSecureCookies: config.publicUrl.startsWith('https://'),
      // The Fastify route sets this header from the connection (or the trusted proxy), never the client.
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'] },
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    plugins: config.google
      ? [
          genericOAuth({
            config: [
              {
                providerId: 'google',
                clientId: config.google.clientId,
                clientSecret: config.google.clientSecret,
                discoveryUrl: config.google.discoveryUrl,
                scopes: ['openid', 'email', 'profile'],
                pkce: true,
                // Leaving the shop must not sign the customer out of their Google account.
                disableProviderLogout: true,
              },
            ],
          }),
        ]
      : [],
  });
}

type BetterAuth = ReturnType<typeof configureBetterAuth>;

/** A signed-in session as better-auth answers it (with the shop's `role` field). */
export type AuthSession = NonNullable<Awaited<ReturnType<BetterAuth['api']['getSession']>>>;

/** What the shop asks of better-auth: its handler for /api/auth/*, and who a request's session is. */
export interface Auth {
  handler(request: Request): Promise<Response>;
  getSession(headers: Headers): Promise<AuthSession | null>;
  /**
   * Loads and configures better-auth if it is not yet (the server calls this once it listens, so the
   * first sign-in rarely waits); every call above waits for it.
   */
  load(): Promise<BetterAuth>;
}

export function createAuth(deps: AuthDependencies): Auth {
  let instance: Promise<BetterAuth> | undefined;
  const load = () =>
    (instance ??= loadBetterAuth().then(
      (modules) => configureBetterAuth(deps, modules),
      (error: unknown) => {
        // A failed load is tried again by the next request rather than remembered.
        instance = undefined;
        throw error;
      },
    ));
  return {
    load,
    handler: async (request) => (await load()).handler(request),
    getSession: async (headers) => (await load()).api.getSession({ headers }),
  };
}

/** Stores the password again with today's parameters when its hash is older (see passwords.ts). */
async function upgradePasswordHash(db: Database, userId: string, password: string): Promise<void> {
  const credential = and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential'));
  const [account] = await db.select({ password: accounts.password }).from(accounts).where(credential);
  if (!account?.password || !needsRehash(account.password)) return;
  await db
    .update(accounts)
    .set({ password: await hashPassword(password), updatedAt: new Date() })
    .where(credential);
}
