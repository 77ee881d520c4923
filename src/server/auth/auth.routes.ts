import { randomUUID } from 'node:crypto';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages } from '../../shared/messages';
import type { Database } from '../db/database';
import { databaseAnswers } from '../db/probe';
import { DomainError } from '../http/domain-error';
import { limit } from '../http/rate-limit';
import type { Mail } from '../mail/mailer';
import { findUserByEmail } from '../users/users.repository';
import { alreadyRegisteredMail } from './account-mails';
import { AUTH_BASE_PATH, type Auth } from './auth';
import { gateAuthRequest, NEW_PASSWORD_FIELD } from './auth-gate';
import { hashPassword, isCommonPassword } from './passwords';
import { clearSignInFailures, recordSignInFailure, signInWait } from './sign-in-failures';
import { punchoutOf } from './session';

/**
 * Answers that wait for this floor whether or not the address has an account: the account's path
 * writes and mails, the other only reads, and the difference would tell who has an account here.
 */
export const AUTH_FLOORS_MS: Record<string, number> = {
  '/request-password-reset': 250,
  '/sign-up/email': 400,
};

export const COMMON_PASSWORD =
  'This password is among the 10,000 most common ones, which attackers try first. Please choose another.';

/** The request as the Fetch API sees it, with the client address decided by Fastify, not the client. */
function toFetchRequest(request: FastifyRequest, publicUrl: string, body?: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === 'content-length') continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  headers.set('x-forwarded-for', request.ip);
  if (body !== undefined) headers.set('content-type', 'application/json');
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(new URL(request.url, publicUrl), {
    method: request.method,
    headers,
    body: hasBody ? (body ?? (typeof request.body === 'string' ? request.body : null)) : null,
  });
}

/** The address a confirmation link is for (better-auth signs it as a JWT, and checks it again itself). */
function emailOfToken(token: string): string | undefined {
  try {
    const payload: unknown = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
    const email = (payload as { email?: unknown } | null)?.email;
    return typeof email === 'string' ? email : undefined;
  } catch {
    return undefined;
  }
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export interface AuthRoutesOptions {
  auth: Auth;
  publicUrl: string;
  db: Database;
  shopName: string;
  queueMail: (mail: Mail) => Promise<void>;
}

/** Mounts better-auth's handler at /api/auth/*, behind the gate of auth-gate.ts (DESIGN §3). */
export async function authRoutes(app: FastifyInstance, options: AuthRoutesOptions) {
  const { auth, publicUrl, db } = options;
  // better-auth reads the raw body itself (JSON, or a form post from an identity provider).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) =>
    done(null, body),
  );

  /** What better-auth answers, once our own rules let the request through. */
  async function answer(request: FastifyRequest, path: string): Promise<Response> {
    if (request.method === 'GET' && path === '/verify-email') return confirmAddress(request);
    // A punchout's session reads itself and signs out; it changes no account (punchout/).
    if (path !== '/get-session' && path !== '/sign-out' && request.headers.cookie) {
      const session = await auth.getSession(fromNodeHeaders(request.headers)).catch(() => null);
      if (session && punchoutOf(session.session)) {
        return json(403, { code: 'FORBIDDEN', message: messages.punchoutOnly });
      }
    }
    const decision = gateAuthRequest(request.method, path, request.body);
    if (decision.kind === 'refuse')
      return json(decision.status, { code: decision.code, message: decision.message });
    if (decision.kind === 'pass') return auth.handler(toFetchRequest(request, publicUrl));

    const { body } = decision;
    const field = NEW_PASSWORD_FIELD[decision.path];
    const chosen = field ? body[field] : undefined;
    if (typeof chosen === 'string' && isCommonPassword(chosen)) {
      return json(400, { code: 'PASSWORD_TOO_COMMON', message: COMMON_PASSWORD });
    }

    if (decision.path === '/sign-up/email') {
      const existing = await findUserByEmail(db, String(body.email));
      if (existing) return answerExistingSignUp(existing, String(body.name), String(body.password));
    }

    if (decision.path === '/sign-in/email') {
      const email = String(body.email);
      const wait = await signInWait(db, email, request.ip);
      if (wait > 0) {
        return json(429, {
          code: 'RATE_LIMITED',
          message: `Too many failed sign-ins. Please wait ${Math.ceil(wait / 60)} minute${wait > 60 ? 's' : ''}, or reset your password.`,
        });
      }
      const response = await auth.handler(toFetchRequest(request, publicUrl, JSON.stringify(body)));
      if (response.status === 401) await recordSignInFailure(db, email, request.ip);
      if (response.ok) await clearSignInFailures(db, email);
      return response;
    }
    return auth.handler(toFetchRequest(request, publicUrl, JSON.stringify(body)));
  }

  /**
   * Follows a confirmation link only in a browser signed in to the account it confirms. Whoever signed
   * up chose the account's password, and the link goes to the mailbox: were the link alone enough, the
   * mailbox's owner clicking it would confirm (and, for an ADMIN_EMAILS address, make admin) a password
   * someone else chose. Anyone else is asked to sign in first, and a mailbox owner who does not know
   * the password resets it, which confirms the address with a password they chose (auth.ts) and ends
   * every other session. (The account's other sessions were opened with the same password the
   * confirming browser proved, so the confirmation itself leaves them be.)
   */
  async function confirmAddress(request: FastifyRequest): Promise<Response> {
    const url = new URL(request.url, publicUrl);
    const token = url.searchParams.get('token') ?? '';
    const account = await findUserByEmail(db, emailOfToken(token) ?? '');
    if (!account || account.emailVerified) return auth.handler(toFetchRequest(request, publicUrl));
    const session = await auth.getSession(fromNodeHeaders(request.headers));
    if (session?.user.id !== account.id) {
      const login = new URL('/login', publicUrl);
      login.searchParams.set('confirm', `${url.pathname}${url.search}`);
      return new Response(null, { status: 302, headers: { location: login.pathname + login.search } });
    }
    const response = await auth.handler(toFetchRequest(request, publicUrl));
    const location = response.headers.get('location');
    if (response.status === 302 && location && !/[?&]error=/.test(location)) {
      // The page it lands on says the address is confirmed.
      const landing = new URL(location, publicUrl);
      landing.searchParams.set('confirmed', '1');
      const headers = new Headers(response.headers);
      headers.set('location', landing.href.slice(landing.origin.length));
      return new Response(null, { status: 302, headers });
    }
    return response;
  }

  /**
   * A sign-up for an address that has an account answers as a new sign-up does (same shape, same
   * time: the password is hashed all the same), and the owner gets a mail saying so.
   */
  async function answerExistingSignUp(
    existing: { email: string; name: string },
    name: string,
    password: string,
  ): Promise<Response> {
    await hashPassword(password);
    await options.queueMail(
      alreadyRegisteredMail({
        to: existing.email,
        name: existing.name,
        url: `${publicUrl}/login`,
        shopName: options.shopName,
      }),
    );
    const now = new Date().toISOString();
    return json(200, {
      token: null,
      user: {
        id: randomUUID().replaceAll('-', ''),
        name,
        email: existing.email,
        emailVerified: false,
        image: null,
        role: 'user',
        createdAt: now,
        updatedAt: now,
      },
    });
  }

  app.route({
    method: ['GET', 'POST'],
    url: '/auth/*',
    schema: { hide: true },
    // Every sign-up counts, an existing address's included (it sends a mail too).
    config: {
      rateLimit: {
        ...limit('sign-up'),
        hook: 'onRequest' as const,
        allowList: (request: FastifyRequest) => !request.url.startsWith(`${AUTH_BASE_PATH}/sign-up/`),
      },
    },
    handler: async (request, reply) => {
      const started = performance.now();
      const path = new URL(request.url, publicUrl).pathname.slice(AUTH_BASE_PATH.length);
      const response = await answer(request, path);
      // A refused body tells nothing about accounts, so only requests let through wait for the floor.
      const floor = response.status === 400 ? undefined : AUTH_FLOORS_MS[path];
      if (floor) {
        const rest = floor - (performance.now() - started);
        if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
      }
      // better-auth answers its own 500 when its database fails; a database that is down or stalled is
      // a 503 with Retry-After here as everywhere else.
      if (response.status >= 500 && !(await databaseAnswers(db, 1000))) {
        throw new DomainError('UNAVAILABLE', messages.unavailable);
      }
      reply.status(response.status);
      for (const [name, value] of response.headers) {
        if (name !== 'set-cookie') reply.header(name, value);
      }
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return reply.send(response.body ? await response.text() : null);
    },
  });
}
