import { messages } from '../../shared/messages';
import type { SessionUser } from '../identity/request-user';
import type { CatalogCache } from '../catalog/catalog-cache';
import type { Database } from '../db/database';
import { DomainError } from '../http/domain-error';
import type { MailContext } from '../mail/mail-layout';
import {
  type PlacedOrder,
  assertCanMove,
  assertHoldNotEnded,
  findOrderFor,
  listAwaitingApprovalOf,
} from '../records/orders.repository';
import { checkAccountCredit } from '../credit/ledger';
import { transitionOrder } from './transitions';
import { companyOf } from '../identity/membership';

/**
 * An approver's decisions on their company's orders that wait for approval: the company's
 * rules (companies/approvals.ts) decide which orders wait; here one of its approvers other than the
 * buyer approves an order (then it can be paid, or is invoiced on account) or rejects it (its stock
 * goes back).
 */

/** GET /api/company/approvals: the company's orders waiting for approval, oldest first (its approvers). */
export async function listAwaitingApproval(db: Database, caller: SessionUser): Promise<PlacedOrder[]> {
  const { id: companyId } = approverOf(caller);
  return listAwaitingApprovalOf(db, companyId);
}

function approverOf(caller: SessionUser) {
  const company = companyOf(caller, 'read');
  if (!company.roles.includes('approver')) throw new DomainError('FORBIDDEN', messages.approversOnly);
  return company;
}

export interface DecideDeps {
  db: Database;
  catalogCache: CatalogCache;
  mail: MailContext;
  /** An approved order is held at least this long again, for its buyer to pay. */
  holdHours: number;
  now?: () => Date;
}

export type Decision = { approve: true } | { approve: false; reason: string };

/**
 * POST /api/purchase/{id}/approve and /reject: one of the company's approvers decides an order that
 * waits for approval. Anyone else, and another company's approver, is told NOT_FOUND; its buyer may not
 * decide their own order (FORBIDDEN), nor an approver of a suspended company. A decision on an order no
 * longer waiting (decided by a colleague a moment before, cancelled, expired) is refused as stale: the
 * transition table's refusal (409), and of two approvers deciding at once exactly one decision stands.
 * Approved, the order becomes payable, held for `holdHours` from now at least, and its buyer is mailed;
 * rejected, its stock goes back and its buyer is mailed the reason.
 */
export async function decideOrder(
  { db, catalogCache, mail, holdHours, now = () => new Date() }: DecideDeps,
  caller: SessionUser,
  orderId: string,
  decision: Decision,
): Promise<PlacedOrder> {
  const order = await findOrderFor(db, caller, orderId, 'approve');
  if (order.userId === caller.id) throw new DomainError('FORBIDDEN', messages.selfApproval);
  if (!caller.company?.active) throw new DomainError('FORBIDDEN', messages.companySuspended);
  // An approved order on the company's account is invoiced; any other becomes payable.
  // (An order whose pallet freight is being quoted comes here only once it is quoted.)
  const onAccount = order.paymentMethod === 'account' && order.freightCents !== null;
  const to = decision.approve ? (onAccount ? 'on_account' : 'unpaid') : 'rejected';
  assertCanMove(order, to);
  const at = now();
  if (decision.approve) assertHoldNotEnded(order, at, 'approved');
  const decidedBy = caller.email.toLowerCase();
  const moved = await db.transaction(async (tx) => {
    // The account may have changed since the order was placed: it is checked again, under its lock.
    if (to === 'on_account' && order.companyId) {
      await checkAccountCredit(tx, order.companyId, order.amountCents, at, order.id);
    }
    return transitionOrder(tx, orderId, to, mail, {
      set: !decision.approve
        ? { decidedBy, decidedAt: at, rejectionReason: decision.reason }
        : onAccount
          ? { decidedBy, decidedAt: at }
          : {
              decidedBy,
              holdExpiresAt: new Date(
                Math.max(order.holdExpiresAt.getTime(), at.getTime() + holdHours * 3_600_000),
              ),
              holdReminderSentAt: null,
            },
    });
  });
  if (!moved) throw new Error(`Order ${orderId} was not moved to ${to}`);
  catalogCache.stockChanged(moved.stock);
  if (moved.mailed) mail.nudge();
  return moved.order;
}
