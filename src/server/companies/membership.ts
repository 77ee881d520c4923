import { eq } from 'drizzle-orm';
import type { CompanyRole } from '../../shared/domain/company-roles';
import type { Executor } from '../db/database';
import { companies, companyMembers } from '../db/schema';

/** The company a signed-in account belongs to, read with its session on every request (issue 33). */
export interface CompanyMembership {
  id: string;
  roles: CompanyRole[];
  /** False while the shop has suspended the company: its members read, and do not order. */
  active: boolean;
}

/**
 * The account's company and roles, or null. Read on every request with the session, so that a member
 * removed or given other roles is treated so from their next request.
 */
export async function membershipOf(ex: Executor, userId: string): Promise<CompanyMembership | null> {
  const [row] = await ex
    .select({ id: companies.id, roles: companyMembers.roles, status: companies.status })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(eq(companyMembers.userId, userId));
  return row ? { id: row.id, roles: row.roles, active: row.status === 'active' } : null;
}
