import { sql } from 'drizzle-orm';
import { within } from '../config/time-limits';
import type { Database } from './database';

/** Whether the database answers a trivial query within `ms`. */
export async function databaseAnswers(db: Database, ms: number): Promise<boolean> {
  try {
    await within(ms, db.execute(sql`select 1`));
    return true;
  } catch {
    return false;
  }
}
