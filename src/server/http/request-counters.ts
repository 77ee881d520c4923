import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { requestCounters } from '../db/schema';

/**
 * Every query of `request_counters` (CONVENTIONS §13): counts in the database, so that every instance
 * on one PostgreSQL counts the same requests. The shop's rate limits (rate-limit.ts) use fixed windows;
 * failed sign-ins (auth/sign-in-failures.ts) a sliding one, renewed by each failure.
 */

export interface Counter {
  key: string;
  count: number;
  resetsAt: Date;
}

/** Adds one to `key`; a window that has ended starts again at 1. One atomic statement. */
export async function countOne(
  db: Database,
  key: string,
  windowMs: number,
  { sliding = false }: { sliding?: boolean } = {},
): Promise<Counter> {
  const ended = sql`${requestCounters.resetsAt} <= now()`;
  const newEnd = sql`now() + ${windowMs} * interval '1 millisecond'`;
  const [row] = await db
    .insert(requestCounters)
    .values({ key, count: 1, resetsAt: newEnd })
    .onConflictDoUpdate({
      target: requestCounters.key,
      set: {
        count: sql`case when ${ended} then 1 else ${requestCounters.count} + 1 end`,
        resetsAt: sliding
          ? newEnd
          : sql`case when ${ended} then ${newEnd} else ${requestCounters.resetsAt} end`,
      },
    })
    .returning();
  if (!row) throw new Error(`The counter ${key} was not stored`);
  return row;
}

export async function readCounters(db: Database, keys: string[]): Promise<Counter[]> {
  return db.select().from(requestCounters).where(inArray(requestCounters.key, keys));
}

export async function clearCounters(db: Database, keys: string[]): Promise<void> {
  await db.delete(requestCounters).where(inArray(requestCounters.key, keys));
}
