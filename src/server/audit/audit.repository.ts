import { isDeepStrictEqual } from 'node:util';
import { type SQL, and, desc, eq, gte, inArray, lt } from 'drizzle-orm';
import type { AuditAction, AuditEntry, AuditValues } from '../../shared/api/audit.schemas';
import { startOfNextUtcDay, startOfUtcDay } from '../../shared/days';
import type { Executor } from '../db/database';
import { auditLog } from '../db/schema';

/** Every query of the `audit_log` table (CONVENTIONS §13): it is only ever appended to and read. */

/** Who acted: the signed-in admin. */
export interface Actor {
  id: string;
  email: string;
}

/** Grants that no signed-in admin made: the command line, and ADMIN_EMAILS at a proven address. */
export const SYSTEM_ACTORS = {
  commandLine: { id: 'system:cli', email: 'npm run admin' },
  adminEmails: { id: 'system:admin-emails', email: 'ADMIN_EMAILS' },
} satisfies Record<string, Actor>;

export interface AuditRecord {
  action: AuditAction;
  subject: string;
  before?: AuditValues | null;
  after?: AuditValues | null;
}

type AuditRow = typeof auditLog.$inferSelect;

export function toAuditEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actorEmail: row.actorEmail,
    action: row.action,
    subject: row.subject,
    before: row.before,
    after: row.after,
  };
}

/**
 * Records admin actions; called with the transaction of the action itself, so an action that rolls
 * back leaves no entry and an entry always has its action.
 */
export async function recordAudit(ex: Executor, actor: Actor, ...records: AuditRecord[]): Promise<void> {
  // A bulk import records one entry per product; PostgreSQL takes at most 65,535 parameters a statement.
  for (let start = 0; start < records.length; start += 2000) {
    await ex.insert(auditLog).values(
      records.slice(start, start + 2000).map((record) => ({
        actorId: actor.id,
        actorEmail: actor.email,
        action: record.action,
        subject: record.subject,
        before: record.before ?? null,
        after: record.after ?? null,
      })),
    );
  }
}

/**
 * The fields of `after` whose values differ from `before`, each side with only those fields: what an
 * edit changed, as the log shows it. Null when nothing changed.
 */
export function changedValues(
  before: AuditValues,
  after: AuditValues,
): { before: AuditValues; after: AuditValues } | null {
  // Deep equality, not JSON text: jsonb gives an object's keys back in an order of its own.
  const changed = Object.keys(after).filter((key) => !isDeepStrictEqual(before[key], after[key]));
  if (changed.length === 0) return null;
  return {
    before: Object.fromEntries(changed.map((key) => [key, before[key] ?? null])),
    after: Object.fromEntries(changed.map((key) => [key, after[key]])),
  };
}

export interface AuditFilter {
  actor?: string | undefined;
  action?: AuditAction | undefined;
  /** First and last day (YYYY-MM-DD, UTC), both included. */
  from?: string | undefined;
  to?: string | undefined;
  before?: number | undefined;
  limit: number;
}

/** Newest first, one page, walking back by id (the log's order of writing). */
export async function listAuditEntries(ex: Executor, filter: AuditFilter): Promise<AuditRow[]> {
  const conditions: (SQL | undefined)[] = [
    // Addresses are kept in lower case; the system actors as they are named (ADMIN_EMAILS).
    filter.actor ? inArray(auditLog.actorEmail, [filter.actor, filter.actor.toLowerCase()]) : undefined,
    filter.action ? eq(auditLog.action, filter.action) : undefined,
    filter.from ? gte(auditLog.at, startOfUtcDay(filter.from)) : undefined,
    filter.to ? lt(auditLog.at, startOfNextUtcDay(filter.to)) : undefined,
    filter.before ? lt(auditLog.id, filter.before) : undefined,
  ];
  return ex
    .select()
    .from(auditLog)
    .where(and(...conditions))
    .orderBy(desc(auditLog.id))
    .limit(filter.limit);
}
