import type { ApiKeyScope } from '../../shared/api/api-keys.schemas';
import type { FastifyRequest } from 'fastify';
import type { Role } from '../../shared/api/users.schemas';
import type { CompanyRole } from '../../shared/domain/company-roles';

/**
 * Who is asking: the signed-in account a route's guard found (auth/session.ts makes the guards), with
 * its company and roles there. Every feature reads the caller from here; none depends on how sessions
 * are kept (better-auth, in auth/).
 */

/** The company a signed-in account belongs to, read with its session on every request. */
export interface CompanyMembership {
  id: string;
  roles: CompanyRole[];
  /** False while the shop has suspended the company: its members read, and do not order. */
  active: boolean;
}

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  /** Whether the account proved its mailbox (the verification link, or Google saying so). */
  emailVerified: boolean;
  /** The company the account belongs to and its roles there, or null. */
  company: CompanyMembership | null;
  /** Set when a company's API key makes the call (companies/api-keys.ts): which, and its scopes. */
  /**
   * The key the request came with: `scopes` what it may do now (its maker's current roles allow), of
   * the `granted` scopes it was made with.
   */
  apiKey?: { id: string; name: string; scopes: readonly ApiKeyScope[]; granted: readonly ApiKeyScope[] };
  /** Set in a punchout's session (punchout/): it may browse, fill the cart and transfer it, nothing else. */
  punchout?: { sessionId: string };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The API-key scope a route is open to (none: keys are refused; DESIGN §11). */
    keyScope?: ApiKeyScope;
    /** Open to a punchout's session (none: a punchout is refused; DESIGN §11). */
    punchout?: true;
  }
  interface FastifyRequest {
    /** Set by the `requireUser` / `requireAdmin` guards. */
    user: SessionUser | null;
  }
}

/** Whose prices a public catalog answer shows: a signed-in account and its company, or null for a visitor. */
export type Buyer = { id: string; company: { id: string } | null } | null;

/** Route guards: `onRequest: guards.requireUser` (401 when signed out), `guards.requireAdmin` (403). */
export interface AuthGuards {
  requireUser: (request: FastifyRequest) => Promise<void>;
  requireAdmin: (request: FastifyRequest) => Promise<void>;
  /** The buyer whose prices a public catalog answer shows (never a right: prices only). */
  pricedFor: (request: FastifyRequest) => Promise<Buyer>;
}

/**
 * Who took a step, as an order's timeline records it: the account's address, and for a company's API
 * key also the key's name (its writes are told apart from its admin's own).
 */
export function actorOf(user: SessionUser): string {
  const email = user.email.toLowerCase();
  return user.apiKey ? `${email} (API key ${user.apiKey.name})` : email;
}

/** The user a guard put on the request; a route without a guard calling this is a programming error. */
export function signedInUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new Error(`${request.routeOptions.url ?? request.url} has no auth guard`);
  return request.user;
}
