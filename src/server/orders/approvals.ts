import { messages } from '../../shared/messages';
import type { SessionUser } from '../identity/request-user';
import type { Database } from '../db/database';
import { DomainError } from '../http/domain-error';
import {
  type OrderRow,
  type PlacedOrder,
  findOrderFor,
  listAwaitingApprovalOf,
  lockOrder,
  uninvoicedOnAccountCents,
} from './storage/orders.repository';
import { assertCanMove, assertHoldNotEnded } from './order-status-writer';
import { formatCents } from '../../shared/money';
import { checkAccountCredit } from '../billing/ledger';
import { type OrderProcessDeps, runOrderWork } from './order-process';
import { transitionOrder } from './transitions';
import { holdUntil, nextState } from '../../shared/domain/order-process';
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

export interface DecideDeps extends OrderProcessDeps {
  /** An approved order is held at least this long again, for its buyer to pay. */
  holdHours: number;
}

/** An approval names the total the approver was shown; a rejection, its reason. */
export type Decision = { approve: true; totalCents: number } | { approve: false; reason: string };

/**
 * POST /api/purchase/{id}/approve and /reject: one of the company's approvers decides an order that
 * waits for approval. Anyone else, and another company's approver, is told NOT_FOUND; four eyes: the
 * colleague who placed the order may not decide it, nor may the one who last changed its lines approve
 * it (FORBIDDEN), nor an approver of a suspended company. An approval is bound to what the approver saw:
 * it names the order's total, and an order changed since (another total) is refused (409), to be looked
 * at again. Only an order waiting for approval is decided: one waiting for its pallet's freight is not
 * (its total is not known yet; setFreight sends it to the approvers once it is), and a decision on an
 * order no longer waiting (decided by a colleague a moment before, cancelled, expired) is refused as
 * stale: of two approvers deciding at once exactly one decision stands. Everything is checked again
 * under the order's lock. Approved, the order becomes payable, held for `holdHours` from now at least,
 * and its buyer is mailed; rejected, its stock goes back and its buyer is mailed the reason.
 */
export async function decideOrder(
  deps: DecideDeps,
  caller: SessionUser,
  orderId: string,
  decision: Decision,
): Promise<PlacedOrder> {
  const { db, holdHours, now = () => new Date() } = deps;
  assertMayDecide(await findOrderFor(db, caller, orderId, 'approve'), caller, decision);
  const at = now();
  const decidedBy = caller.email.toLowerCase();
  const moved = await runOrderWork({ ...deps, now: () => at }, async (work) => {
    const order = await lockOrder(work.tx, orderId);
    if (!order) throw new DomainError('NOT_FOUND', messages.orderNotFound);
    assertMayDecide(order, caller, decision);
    // An approved order on the company's account is invoiced; any other becomes payable.
    const onAccount = order.paymentMethod === 'account';
    const to = decision.approve
      ? nextState({ freightQuote: false, approval: false, paymentMethod: onAccount ? 'account' : 'card' })
      : 'rejected';
    assertCanMove(order, to);
    if (decision.approve) assertHoldNotEnded(order, at, 'approved');
    // The account may have changed since the order was placed: it is checked again, under its lock.
    const { companyId } = order;
    if (to === 'on_account' && companyId) {
      await checkAccountCredit(work.tx, companyId, order.amountCents, at, () =>
        uninvoicedOnAccountCents(work.tx, companyId, order.id),
      );
    }
    return transitionOrder(
      work,
      orderId,
      to,
      { actor: decidedBy, note: decision.approve ? null : decision.reason },
      {
        set: !decision.approve
          ? { decidedBy, decidedAt: at, rejectionReason: decision.reason }
          : onAccount
            ? { decidedBy, decidedAt: at }
            : {
                decidedBy,
                holdExpiresAt: holdUntil(at, holdHours, order.holdExpiresAt),
                holdReminderSentAt: null,
              },
      },
    );
  });
  if (!moved) throw new Error(`Order ${orderId} was not moved on by its approver`);
  return moved;
}

/**
 * Four eyes and a decision bound to what was seen: the buyer decides nothing of their own order, the
 * last to change its lines does not approve it, a suspended company decides nothing, an order not
 * waiting for approval is not decided (a decision made already, a pallet still being quoted), and an
 * approval of another total than the order's is refused as the order having changed.
 */
function assertMayDecide(order: OrderRow, caller: SessionUser, decision: Decision): void {
  if (order.userId === caller.id) throw new DomainError('FORBIDDEN', messages.selfApproval);
  if (decision.approve && order.lastChangedBy === caller.id) {
    throw new DomainError('FORBIDDEN', messages.selfChangedApproval);
  }
  if (!caller.company?.active) throw new DomainError('FORBIDDEN', messages.companySuspended);
  if (order.status === 'awaiting_freight') {
    throw new DomainError('CONFLICT', messages.approvalAwaitsFreight);
  }
  if (order.status !== 'awaiting_approval') {
    // The table's refusal says why (decided already, closed); none of the other states is decided.
    assertCanMove(order, decision.approve ? 'unpaid' : 'rejected');
    throw new DomainError('CONFLICT', messages.approvalNotWaiting);
  }
  if (decision.approve && decision.totalCents !== order.amountCents) {
    throw new DomainError('CONFLICT', messages.approvalTotalChanged(formatCents(order.amountCents)));
  }
}
