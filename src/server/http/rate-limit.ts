import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/database';
import { countOne } from './request-counters';

/**
 * Limits on the shop's own writes (DESIGN §3), counted in the database so that every instance on one
 * PostgreSQL counts the same requests (@fastify/rate-limit with this store). A route opts in with
 * `config: { rateLimit: limit(…) }`; the answer past the limit is 429 RATE_LIMITED with Retry-After.
 */

function databaseStore(db: Database) {
  return class DatabaseStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      countOne(db, key, timeWindow).then(
        (counter) =>
          callback(null, {
            current: counter.count,
            ttl: Math.max(0, counter.resetsAt.getTime() - Date.now()),
          }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child() {
      return this;
    }
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** RATE_LIMIT_SCALE: every limit of the shop's own routes is multiplied by it. */
    rateLimitScale: number;
  }
}

export async function registerRateLimits(app: FastifyInstance, db: Database, scale: number) {
  app.decorate('rateLimitScale', scale);
  await app.register(rateLimit, {
    global: false,
    store: databaseStore(db),
    // A database that cannot count must not take the shop down with it.
    skipOnError: true,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: 'RATE_LIMITED',
      message: `Too many requests; please try again in ${context.after}.`,
    }),
  });
}

/** The signed-in account, set by the route's guard (guards run before the limit: preHandler hook). */
// A company's API key is counted on its own: an ERP's calls do not use up its admin's own limits.
const byAccount = (request: FastifyRequest) =>
  request.user?.apiKey ? `key:${request.user.apiKey.id}` : `account:${request.user?.id ?? request.ip}`;
const byAddress = (request: FastifyRequest) => `ip:${request.ip}`;

interface LimitRule {
  max: number;
  minutes: number;
  per: 'account' | 'address';
}

/**
 * Every limit on the shop's own routes, each under its own key, defined once: `max` requests per
 * `minutes`, per account or per client address, times RATE_LIMIT_SCALE. (Sign-in, reset mails and
 * Google sign-in are better-auth's, in auth.ts; sign-up is only here.)
 */
export const RATE_LIMITS = {
  'sign-up': { max: 5, minutes: 10, per: 'address' },
  'place-order': { max: 10, minutes: 10, per: 'account' },
  checkout: { max: 10, minutes: 10, per: 'account' },
  // A change re-reserves an order's stock and mails its buyer (and its approvers): as often as placing, and some.
  'change-order': { max: 20, minutes: 10, per: 'account' },
  // Setting quantities as a buyer types, and pasting a quick order: generous, but not a way to load the server.
  cart: { max: 300, minutes: 10, per: 'account' },
  'read-orders': { max: 120, minutes: 10, per: 'account' },
  invoice: { max: 60, minutes: 10, per: 'account' },
  'quote-request': { max: 10, minutes: 60, per: 'account' },
  // Companies: creating one, inviting (each mails) and accepting; a busy admin invites a team at once.
  company: { max: 30, minutes: 60, per: 'account' },
  // An approver deciding a morning's orders, a buyer keeping the monthly lists.
  approval: { max: 120, minutes: 60, per: 'account' },
  lists: { max: 120, minutes: 10, per: 'account' },
  'accept-quote': { max: 10, minutes: 10, per: 'account' },
  'add-review': { max: 5, minutes: 10, per: 'address' },
  'payment-intent': { max: 30, minutes: 10, per: 'account' },
  // Card testing is a classic abuse of a payment form: a handful of tries per address.
  'test-card': { max: 10, minutes: 10, per: 'address' },
  subscribe: { max: 5, minutes: 10, per: 'address' },
  // A procurement system's setup requests, catalog calls and orders, per calling address (before any
  // credential is read: a key taken from an unauthenticated body would be the caller's choice).
  punchout: { max: 120, minutes: 10, per: 'address' },
} as const satisfies Record<string, LimitRule>;

export type LimitName = keyof typeof RATE_LIMITS;

/** A route's limit, by its name in RATE_LIMITS: `config: { rateLimit: limit('place-order') }`. */
export function limit(name: LimitName) {
  const { max, minutes, per }: LimitRule = RATE_LIMITS[name];
  const key = per === 'account' ? byAccount : byAddress;
  return {
    max: (request: FastifyRequest) => Math.ceil(max * request.server.rateLimitScale),
    timeWindow: minutes * 60_000,
    // An account's limit counts once the guard has named the account; an address's counts every request
    // as it arrives, before its body is read: one refused past the limit costs no parsing (a hostile
    // megabyte of cXML included), and one the body's checks refuse still counts.
    hook: per === 'account' ? ('preHandler' as const) : ('onRequest' as const),
    keyGenerator: (request: FastifyRequest) => `${name}:${key(request)}`,
  };
}
