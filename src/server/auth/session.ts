import type { FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { LRUCache } from 'lru-cache';
import type { Database } from '../db/database';
import { messages } from '../../shared/messages';
import { databaseAnswers } from '../db/probe';
import { DomainError } from '../http/domain-error';
import type { Auth } from './auth';
import { membershipOf } from '../identity/membership';
import type { Memberships } from '../identity/memberships';
import { callerOfKey } from '../companies/api-keys';
import type { AuthGuards, Buyer, SessionUser } from '../identity/request-user';

/** How long a catalog request's account is known by its session cookie without reading the session again. */
const SESSION_KEPT_MS = 15_000;
/** better-auth's session cookie (with or without the __Secure- prefix): its value names the session. */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]+)/;

/** However active, a session ends this long after its sign-in (the sliding week renews only up to it). */
export const SESSION_MAX_AGE_MS = 30 * 24 * 3_600_000;

/** A punchout's session ends this long after its start, however better-auth slides its expiry. */
export const PUNCHOUT_SESSION_MS = 8 * 3_600_000;

export function isPastAbsoluteLifetime(
  createdAt: Date,
  now = Date.now(),
  punchout: boolean | undefined = false,
): boolean {
  return now - createdAt.getTime() > (punchout ? PUNCHOUT_SESSION_MS : SESSION_MAX_AGE_MS);
}

/** The punchout a better-auth session belongs to (punchout/), or undefined for an ordinary one. */
export const punchoutOf = (session: object): string | undefined =>
  (session as { punchoutSessionId?: string | null }).punchoutSessionId ?? undefined;

/** The API key a request names (`Authorization: Bearer <key>`), or null when it names none. */
function bearerKey(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? '';
}

/** Route guards: `onRequest: guards.requireUser` (401 when signed out), `guards.requireAdmin` (403). */
export function createAuthGuards(
  auth: Auth,
  db: Database,
  {
    stillAnswering = () => databaseAnswers(db, 1000),
    memberships,
  }: {
    /** DatabaseHandle's: whether a database that kept the session read waiting is up (busy, not down). */
    stillAnswering?: () => Promise<boolean>;
    /** Whose prices a signed-in buyer's catalog shows, kept in memory while it is known right. */
    memberships: Pick<Memberships, 'companyIdOf'>;
  },
): AuthGuards {
  /**
   * The request's session. better-auth turns whatever the database did while it read or renewed the
   * session (a statement or lock timeout, a cut connection) into its own "Failed to get session", the
   * cause left in its log: that was a 500 whenever the database answered again within the probe. It is
   * a 503 either way: "cannot reach its database" while the database does not answer, else busy.
   */
  async function readSession(request: FastifyRequest) {
    try {
      return await auth.getSession(fromNodeHeaders(request.headers));
    } catch (error) {
      if (!(await stillAnswering())) {
        request.log.warn({ err: error }, 'database unavailable while reading the session');
        throw new DomainError('UNAVAILABLE', messages.unavailable);
      }
      request.log.warn({ err: error }, 'the session could not be read while the database was slow');
      throw new DomainError('UNAVAILABLE', messages.databaseBusy, 1);
    }
  }

  /**
   * The caller a company's API key stands for (`Authorization: Bearer fl_…`), checked against the
   * route: a route no scope opens refuses keys, and a key lacking the route's scope is refused.
   */
  async function loadKeyCaller(request: FastifyRequest, key: string): Promise<SessionUser> {
    const caller = await callerOfKey(db, key);
    if (!caller?.apiKey) throw new DomainError('UNAUTHENTICATED', messages.apiKeyUnknown);
    const scope = request.routeOptions.config.keyScope;
    if (!scope) throw new DomainError('FORBIDDEN', messages.apiKeyNotOpen);
    if (!caller.apiKey.scopes.includes(scope)) {
      throw new DomainError(
        'FORBIDDEN',
        caller.apiKey.granted.includes(scope)
          ? messages.apiKeyMakerMayNot(scope)
          : messages.apiKeyLacksScope(scope),
      );
    }
    request.user = caller;
    return caller;
  }

  async function loadUser(request: FastifyRequest): Promise<SessionUser> {
    const key = bearerKey(request);
    if (key !== null) return loadKeyCaller(request, key);
    const session = await readSession(request);
    const punchoutSessionId = session ? punchoutOf(session.session) : undefined;
    if (
      !session ||
      isPastAbsoluteLifetime(session.session.createdAt, Date.now(), Boolean(punchoutSessionId))
    ) {
      throw new DomainError('UNAUTHENTICATED', messages.signInFirst);
    }
    const { id, name, email, role, emailVerified } = session.user;
    // A punchout's session browses, fills the cart and transfers it: every other call is refused.
    if (punchoutSessionId && !request.routeOptions.config.punchout) {
      throw new DomainError('FORBIDDEN', messages.punchoutOnly);
    }
    const user: SessionUser = {
      id,
      name,
      email,
      // Whoever the account is, in a punchout it is the company's buyer and no more.
      role: role === 'admin' && !punchoutSessionId ? 'admin' : 'user',
      emailVerified,
      company: await membershipOf(db, id),
      ...(punchoutSessionId ? { punchout: { sessionId: punchoutSessionId } } : {}),
    };
    request.user = user;
    return user;
  }

  // Whose session a cookie names, kept briefly: a catalog page costs a signed-in buyer no session read
  // while they browse. Their company comes from memory that every change of a member forgets
  // (identity/memberships.ts): a colleague removed from it sees list prices at their next request,
  // not 15 s later. Only prices are shown by it.
  const accounts = new LRUCache<string, { userId: string | null }>({ max: 10_000, ttl: SESSION_KEPT_MS });

  async function accountOf(request: FastifyRequest, token: string): Promise<string | null> {
    const kept = accounts.get(token);
    if (kept) return kept.userId;
    const session = await auth.getSession(fromNodeHeaders(request.headers));
    const userId =
      session &&
      !isPastAbsoluteLifetime(session.session.createdAt, Date.now(), Boolean(punchoutOf(session.session)))
        ? session.user.id
        : null;
    accounts.set(token, { userId });
    return userId;
  }

  return {
    /**
     * The signed-in buyer whose prices a public catalog answer shows, or null for a visitor:
     * a request with no session cookie costs nothing; a session that ended, or a database that cannot
     * say, reads as a visitor (the catalog is still served, at list prices).
     */
    pricedFor: async (request: FastifyRequest): Promise<Buyer> => {
      // A key with catalog:read sees its company's prices; any other key, list prices. An unknown or
      // revoked key is refused: its system must not take list prices for its contract's unawares.
      const key = bearerKey(request);
      if (key !== null) {
        const caller = await callerOfKey(db, key).catch(() => undefined);
        if (caller === null) throw new DomainError('UNAUTHENTICATED', messages.apiKeyUnknown);
        if (!caller?.apiKey?.scopes.includes('catalog:read')) return null;
        return { id: caller.id, company: caller.company && { id: caller.company.id } };
      }
      const cookie = request.headers.cookie;
      const token = cookie && SESSION_COOKIE.exec(cookie)?.[1];
      if (!token) return null;
      try {
        const userId = await accountOf(request, token);
        if (!userId) return null;
        const companyId = await memberships.companyIdOf(userId);
        return { id: userId, company: companyId === null ? null : { id: companyId } };
      } catch (error) {
        request.log.warn(
          { err: error },
          'could not read the session for catalog prices; showing list prices',
        );
        return null;
      }
    },
    requireUser: async (request: FastifyRequest) => {
      await loadUser(request);
    },
    requireAdmin: async (request: FastifyRequest) => {
      // The session and its user were read from the database just now (there is no cookie cache), so
      // a revoked admin right counts at once.
      const user = await loadUser(request);
      if (user.role !== 'admin') throw new DomainError('FORBIDDEN', messages.adminOnly);
    },
  };
}
