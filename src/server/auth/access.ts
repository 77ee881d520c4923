import type { SessionUser } from './session';

/**
 * Who may see and do what with a buyer's documents: orders, their invoices and quotes (issue 32). The
 * one rule, so that "the same company" (issue 33) is one change here and not five.
 *
 * - `buyer`: what only the buyer does (cancel or pay an order, accept or decline a quote): the owner.
 * - `shop`: reading it, and what the shop does with it (an invoice, answering a quote): the owner, or an
 *   admin (the route's own guard says which actions are an admin's alone).
 *
 * A null caller is the shop itself (a verified payment webhook, a background job). Anyone else is told
 * NOT_FOUND by the caller of this rule: a customer cannot tell that others' documents exist.
 */
export type Access = 'buyer' | 'shop';

/** A buyer's document: the account it belongs to (null once that account was deleted). */
export interface Owned {
  userId: string | null;
}

export function canAccess(caller: SessionUser | null, resource: Owned, access: Access): boolean {
  if (caller === null) return true;
  if (resource.userId !== null && resource.userId === caller.id) return true;
  return access === 'shop' && seesEveryBuyer(caller);
}

/** Whether lists show this caller every buyer's documents (an admin), or only their own. */
export function seesEveryBuyer(caller: SessionUser): boolean {
  return caller.role === 'admin';
}
