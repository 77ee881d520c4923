/**
 * What a colleague may do in a company. A member holds one role, or `admin` with `approver`.
 *
 * - `viewer` reads the company's orders, quotes, invoices and lists;
 * - `buyer` also places orders and requests quotes;
 * - `approver` also decides the orders that wait for approval;
 * - `admin` does everything a buyer does and manages the members, addresses and rules; deciding
 *   approvals is the approver's, which an admin may also be.
 */
export const COMPANY_ROLES = ['admin', 'buyer', 'approver', 'viewer'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];

export type CompanyAction = 'read' | 'order' | 'approve' | 'manage';

const GRANTS: Record<CompanyRole, readonly CompanyAction[]> = {
  viewer: ['read'],
  buyer: ['read', 'order'],
  approver: ['read', 'approve'],
  admin: ['read', 'order', 'manage'],
};

export function companyRolesAllow(roles: readonly CompanyRole[], action: CompanyAction): boolean {
  return roles.some((role) => GRANTS[role].includes(action));
}

/** Why a set of roles cannot be held, or null: one role, or `admin` with `approver`. */
export function companyRolesProblem(roles: readonly CompanyRole[]): string | null {
  const distinct = new Set(roles);
  if (distinct.size === 0) return 'Choose a role';
  if (distinct.size !== roles.length) return 'Give each role once';
  if (distinct.size === 1) return null;
  if (distinct.size === 2 && distinct.has('admin') && distinct.has('approver')) return null;
  return 'A colleague holds one role, or admin with approver';
}
