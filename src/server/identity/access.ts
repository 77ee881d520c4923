import { type SQL, and, eq, isNull, or } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { companyRolesAllow } from '../../shared/domain/company-roles';
import type { SessionUser } from './request-user';

/**
 * Who may see and do what with a buyer's documents: orders, their invoices and quotes.
 * The one rule for all of them.
 *
 * - `buyer`: what a buyer does (cancel or pay an order, accept or decline a quote).
 * - `shop`: reading it, and what the shop does with it (an invoice, answering a quote); an admin of the
 *   shop may (the route's own guard says which actions are an admin's alone).
 * - `approve`: deciding a company's order that waits for approval: its approvers alone.
 * - `member`: reading what colleagues keep for themselves (saved lists): the company's colleagues or
 *   the owner; the shop's admins do not see it.
 *
 * A document of a company belongs to the company: its colleagues read it, and those whose roles let
 * them order (buyers, its admins) act on it; nobody else, its author included once they left. A
 * document of no company belongs to its account. A null caller is the shop itself (a verified payment
 * webhook, a background job). Anyone else is told NOT_FOUND by the caller of this rule: a customer
 * cannot tell that others' documents exist.
 */
export type Access = 'buyer' | 'shop' | 'approve' | 'member';

/** A buyer's document: the account and the company it belongs to (null once they were deleted, or none). */
export interface Owned {
  userId: string | null;
  companyId: string | null;
}

const companyAction = { buyer: 'order', shop: 'read', approve: 'approve', member: 'read' } as const;

export function canAccess(caller: SessionUser | null, resource: Owned, access: Access): boolean {
  if (caller === null) return true;
  if (access === 'shop' && seesEveryBuyer(caller)) return true;
  if (resource.companyId !== null) {
    const company = caller.company;
    return company?.id === resource.companyId && companyRolesAllow(company.roles, companyAction[access]);
  }
  return access !== 'approve' && resource.userId !== null && resource.userId === caller.id;
}

/** Whether lists show this caller every buyer's documents (an admin), or only their own (and their company's). */
export function seesEveryBuyer(caller: SessionUser): boolean {
  return caller.role === 'admin';
}

/**
 * The same rule as a list's filter, for the caller's own lists (My Orders, My Quotes): their company's
 * documents when their roles let them read, and their own documents of no company.
 */
export function visibleTo(
  caller: SessionUser,
  table: { userId: PgColumn; companyId: PgColumn },
): SQL | undefined {
  const own = and(eq(table.userId, caller.id), isNull(table.companyId));
  const company = caller.company;
  return company && companyRolesAllow(company.roles, 'read') ? or(eq(table.companyId, company.id), own) : own;
}
