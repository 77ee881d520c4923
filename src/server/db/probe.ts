import { sql } from 'drizzle-orm';
import type { Database } from './database';

/** `work`, or a rejection once `ms` have passed without an answer. */
export function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Whether the database answers a trivial query within `ms`. */
export async function databaseAnswers(db: Database, ms: number): Promise<boolean> {
  try {
    await within(ms, db.execute(sql`select 1`));
    return true;
  } catch {
    return false;
  }
}
