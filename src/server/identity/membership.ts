import { eq } from 'drizzle-orm';
import { companyRolesAllow } from '../../shared/domain/company-roles';
import { messages } from '../../shared/messages';
import type { CompanyMembership, SessionUser } from './request-user';
import { DomainError } from '../http/domain-error';
import type { Executor } from '../db/database';
import { companies, companyMembers } from '../db/schema';

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

export const notInCompany = () => new DomainError('NOT_FOUND', messages.companyNotFound);

/** The caller's company, when their roles allow `action` in it; NOT_FOUND without one, FORBIDDEN else. */
export function companyOf(caller: SessionUser, action: 'read' | 'manage') {
  const company = caller.company;
  if (!company) throw notInCompany();
  if (!companyRolesAllow(company.roles, action)) {
    throw new DomainError('FORBIDDEN', messages.companyManagersOnly);
  }
  return company;
}
