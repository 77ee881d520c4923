import { messages } from '../../shared/messages';
import { and, asc, count, eq, lt, ne } from 'drizzle-orm';
import type { UserRecord } from '../../shared/api/users.schemas';
import { DomainError } from '../http/domain-error';
import type { Executor } from '../db/database';
import { sessions, users } from '../db/schema';

/**
 * The shop's queries of the `users` table (CONVENTIONS §13); better-auth writes its own rows through its
 * Drizzle adapter. Plain functions that take the database or the transaction they run in.
 */

type UserRow = typeof users.$inferSelect;

export function toUserRecord(row: UserRow): UserRecord {
  return { _id: row.id, email: row.email, role: row.role };
}

export async function findUserByEmail(ex: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await ex.select().from(users).where(eq(users.email, email.toLowerCase()));
  return row;
}

export async function findUserById(ex: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await ex.select().from(users).where(eq(users.id, id));
  return row;
}

export async function listUsers(ex: Executor): Promise<UserRow[]> {
  return ex.select().from(users).orderBy(asc(users.createdAt), asc(users.id));
}

/** Grants admin; answers how many rows changed (0 when it already was admin, or there is no such account). */
export async function grantAdmin(ex: Executor, email: string): Promise<number> {
  const changed = await ex
    .update(users)
    .set({ role: 'admin', updatedAt: new Date() })
    .where(and(eq(users.email, email.toLowerCase()), ne(users.role, 'admin')))
    .returning({ id: users.id });
  return changed.length;
}

/** Sets an account's role. */
export async function setRole(ex: Executor, id: string, role: UserRow['role']): Promise<void> {
  await ex.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, id));
}

/** The ids of every admin, locked until the transaction ends (so two deletions cannot both pass). */
export async function lockAdmins(ex: Executor): Promise<string[]> {
  const rows = await ex.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).for('update');
  return rows.map((row) => row.id);
}

/** Deletes an account; its sessions and sign-in methods go with it (foreign keys cascade). */
export async function deleteUserById(ex: Executor, id: string): Promise<boolean> {
  const deleted = await ex.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  return deleted.length > 0;
}

export async function countAdmins(ex: Executor): Promise<number> {
  const [row] = await ex.select({ n: count() }).from(users).where(eq(users.role, 'admin'));
  return row?.n ?? 0;
}

/** Ends every session older than `maxAgeMs` since its sign-in (the absolute lifetime); answers how many. */
export async function endSessionsOlderThan(
  ex: Executor,
  maxAgeMs: number,
  now = new Date(),
): Promise<number> {
  const ended = await ex
    .delete(sessions)
    .where(lt(sessions.createdAt, new Date(now.getTime() - maxAgeMs)))
    .returning({ id: sessions.id });
  return ended.length;
}

/**
 * Locks the account's row until the transaction ends: writes one account may make only one at a time
 * (its orders against the unpaid limit, its reviews against one a day) take it first. A session can
 * be read just before its account is deleted by another request: such a session writes nothing.
 */
export async function lockAccount(ex: Executor, userId: string): Promise<void> {
  const [account] = await ex
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, userId))
    .for('no key update');
  if (!account) throw new DomainError('UNAUTHENTICATED', messages.signInFirst);
}

/** Ends every session of the account but `keep` (all of them without it); answers how many. */
export async function endSessionsOf(ex: Executor, userId: string, keep?: string): Promise<number> {
  const ended = await ex
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), keep ? ne(sessions.id, keep) : undefined))
    .returning({ id: sessions.id });
  return ended.length;
}
