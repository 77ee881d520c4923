import { messages } from '../../shared/messages';
import type { SessionUser } from '../identity/request-user';
import type { Database } from '../db/database';
import { DomainError } from '../http/domain-error';
import {
  type PlacedOrder,
  assertCanMove,
  assertHoldNotEnded,
  findOrderFor,
  listAwaitingApprovalOf,
} from '../records/orders.repository';
import { checkAccountCredit } from '../credit/ledger';
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
  deps: DecideDeps,
  caller: SessionUser,
  orderId: string,
  decision: Decision,
): Promise<PlacedOrder> {
  const { db, holdHours, now = () => new Date() } = deps;
  const order = await findOrderFor(db, caller, orderId, 'approve');
  if (order.userId === caller.id) throw new DomainError('FORBIDDEN', messages.selfApproval);
  if (!caller.company?.active) throw new DomainError('FORBIDDEN', messages.companySuspended);
  // An approved order on the company's account is invoiced; any other becomes payable.
  // (An order whose pallet freight is being quoted comes here only once it is quoted.)
  const onAccount = order.paymentMethod === 'account' && order.freightCents !== null;
  const to = decision.approve
    ? nextState({ freightQuote: false, approval: false, paymentMethod: onAccount ? 'account' : 'card' })
    : 'rejected';
  assertCanMove(order, to);
  const at = now();
  if (decision.approve) assertHoldNotEnded(order, at, 'approved');
  const decidedBy = caller.email.toLowerCase();
  const moved = await runOrderWork({ ...deps, now: () => at }, async (work) => {
    // The account may have changed since the order was placed: it is checked again, under its lock.
    if (to === 'on_account' && order.companyId) {
      await checkAccountCredit(work.tx, order.companyId, order.amountCents, at, order.id);
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
  if (!moved) throw new Error(`Order ${orderId} was not moved to ${to}`);
  return moved;
}
