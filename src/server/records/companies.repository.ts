import { and, desc, eq, exists, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { companies, companyMembers, ledgerEntries } from '../db/schema';

/**
 * Every query of the `companies` table (CONVENTIONS §13): plain functions that take the database or
 * the transaction they run in, so a reader finds every way a company row changes here. A change that
 * must be the only one at a time for the company (its members, its address book, its rules, its credit,
 * its certificates) locks the row first with `findCompany(…, { lock: true })`: FOR NO KEY UPDATE, so
 * rows that only point at the company (orders, members) are never held up by it. A query of another
 * table that joins a company's name or status to its own rows stays with that table.
 */

export type CompanyRow = typeof companies.$inferSelect;
type NewCompany = typeof companies.$inferInsert;
/** What may change of a company after it is made; `updatedAt` is stamped by updateCompany. */
export type CompanyChanges = Partial<Omit<NewCompany, 'id' | 'createdAt' | 'updatedAt'>>;

export async function insertCompany(ex: Executor, values: NewCompany): Promise<{ id: string }> {
  const [row] = await ex.insert(companies).values(values).returning({ id: companies.id });
  if (!row) throw new Error('The company was not stored');
  return row;
}

/** A company; with `lock`, its row is held until the transaction ends (one change of it at a time). */
export async function findCompany(
  ex: Executor,
  companyId: string,
  { lock = false } = {},
): Promise<CompanyRow | undefined> {
  const query = ex.select().from(companies).where(eq(companies.id, companyId));
  const [row] = await (lock ? query.for('no key update') : query);
  return row;
}

/** Changes a company's details, terms, rules, standing or VAT verification, and stamps `updatedAt`. */
export async function updateCompany(ex: Executor, companyId: string, changes: CompanyChanges): Promise<void> {
  await ex
    .update(companies)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(companies.id, companyId));
}

/** The newest companies first, `limit` of them (the shop admin's list). */
export async function newestCompanies(ex: Executor, limit: number): Promise<CompanyRow[]> {
  return ex.select().from(companies).orderBy(desc(companies.createdAt)).limit(limit);
}

/** The companies that have any entry in the ledger (the receivables report). */
export async function companiesWithLedgerEntries(ex: Executor): Promise<{ id: string; name: string }[]> {
  return ex
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(
      exists(
        ex
          .select({ one: sql`1` })
          .from(ledgerEntries)
          .where(eq(ledgerEntries.companyId, companies.id)),
      ),
    );
}

/**
 * The one locked read of a company's ordering rules: its row locked FOR NO KEY UPDATE for the rest of
 * the transaction (colleagues' orders are counted one after the other), with `userId`'s membership
 * (null roles when they are not a member).
 */
export async function lockCompanyRules(ex: Executor, companyId: string, userId: string | null) {
  const [row] = await ex
    .select({
      companyId: companies.id,
      companyName: companies.name,
      status: companies.status,
      approvalAboveCents: companies.approvalAboveCents,
      monthlyLimitCents: companies.monthlyLimitCents,
      autoApprove: companies.autoApprove,
      roles: companyMembers.roles,
      memberLimitCents: companyMembers.monthlyLimitCents,
    })
    .from(companies)
    .leftJoin(
      companyMembers,
      and(eq(companyMembers.companyId, companies.id), eq(companyMembers.userId, userId ?? sql`null`)),
    )
    .where(eq(companies.id, companyId))
    .for('no key update', { of: companies });
  return row;
}
