import type { FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { Role } from '../../shared/api/users.schemas';
import type { Database } from '../db/database';
import { messages } from '../../shared/messages';
import { databaseAnswers } from '../db/probe';
import { isDatabaseUnavailable } from '../db/unavailable';
import { DomainError } from '../http/domain-error';
import type { Auth } from './auth';
import { type CompanyMembership, membershipOf } from '../companies/membership';

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  /** Whether the account proved its mailbox (the verification link, or Google saying so). */
  emailVerified: boolean;
  /** The company the account belongs to and its roles there (issue 33), or null. */
  company: CompanyMembership | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the `requireUser` / `requireAdmin` guards. */
    user: SessionUser | null;
  }
}

/** However active, a session ends this long after its sign-in (the sliding week renews only up to it). */
export const SESSION_MAX_AGE_MS = 30 * 24 * 3_600_000;

export function isPastAbsoluteLifetime(createdAt: Date, now = Date.now()): boolean {
  return now - createdAt.getTime() > SESSION_MAX_AGE_MS;
}

/** Route guards: `onRequest: guards.requireUser` (401 when signed out), `guards.requireAdmin` (403). */
export function createAuthGuards(auth: Auth, db: Database) {
  /** The request's session; a database that is down or stalled is a 503, not better-auth's 500. */
  async function readSession(request: FastifyRequest) {
    try {
      return await auth.getSession(fromNodeHeaders(request.headers));
    } catch (error) {
      if (isDatabaseUnavailable(error) || !(await databaseAnswers(db, 1000))) {
        request.log.warn({ err: error }, 'database unavailable while reading the session');
        throw new DomainError('UNAVAILABLE', messages.unavailable);
      }
      throw error;
    }
  }

  async function loadUser(request: FastifyRequest): Promise<SessionUser> {
    const session = await readSession(request);
    if (!session || isPastAbsoluteLifetime(session.session.createdAt)) {
      throw new DomainError('UNAUTHENTICATED', messages.signInFirst);
    }
    const { id, name, email, role, emailVerified } = session.user;
    const user: SessionUser = {
      id,
      name,
      email,
      role: role === 'admin' ? 'admin' : 'user',
      emailVerified,
      company: await membershipOf(db, id),
    };
    request.user = user;
    return user;
  }

  return {
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

export type AuthGuards = ReturnType<typeof createAuthGuards>;

/** The user a guard put on the request; a route without a guard calling this is a programming error. */
export function signedInUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new Error(`${request.routeOptions.url ?? request.url} has no auth guard`);
  return request.user;
}
