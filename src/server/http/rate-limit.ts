import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/database';

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
      db.execute<{ current: number; ttl: number }>(
        sql`
        insert into request_counters (key, count, resets_at)
        values (${key}, 1, now() + ${timeWindow} * interval '1 millisecond')
        on conflict (key) do update set
          count = case when request_counters.resets_at <= now() then 1 else request_counters.count + 1 end,
          resets_at = case when request_counters.resets_at <= now()
            then now() + ${timeWindow} * interval '1 millisecond' else request_counters.resets_at end
        returning count as current, greatest(0, ceil(extract(epoch from (resets_at - now())) * 1000))::int as ttl`,
      )
        .then((result) => {
          const row = (Array.isArray(result) ? result[0] : (result as { rows: unknown[] }).rows[0]) as
            { current: unknown; ttl: unknown } | undefined;
          callback(null, { current: Number(row?.current ?? 1), ttl: Number(row?.ttl ?? timeWindow) });
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
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
const byAccount = (request: FastifyRequest) => `account:${request.user?.id ?? request.ip}`;
const byAddress = (request: FastifyRequest) => `ip:${request.ip}`;

/** A route's limit: `max` requests per `minutes`, per account or per client address. */
export function limit(name: string, max: number, minutes: number, per: 'account' | 'address') {
  const key = per === 'account' ? byAccount : byAddress;
  return {
    max: (request: FastifyRequest) => Math.ceil(max * request.server.rateLimitScale),
    timeWindow: minutes * 60_000,
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => `${name}:${key(request)}`,
  };
}
