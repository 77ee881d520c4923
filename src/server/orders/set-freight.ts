import { holdUntil, nextState } from '../../shared/domain/order-process';
import { freightTaxes } from '../../shared/domain/tax';
import { messages } from '../../shared/messages';
import { formatCents } from '../../shared/money';
import { type Actor, recordAudit } from '../audit/audit.repository';
import { type ApprovalPlan, approvalPlan, lockRulesForOrder } from '../companies/spending-rules';
import { checkAccountCredit } from '../credit/ledger';
import type { Executor } from '../db/database';
import { DomainError } from '../http/domain-error';
import { queueMail, queueMails } from '../mail/outbox';
import { MAX_AMOUNT_CENTS } from './place-order';
import {
  approvalRequestMail,
  freightQuotedMail,
  freightQuotedPayByCardMail,
  orderAwaitingApprovalMail,
} from './order-mails';
import {
  type OrderRow,
  type PlacedOrder,
  lockOrder,
  recordFreightQuote,
  recordOrderEvent,
  withLinesOf,
} from '../records/orders.repository';
import { type OrderProcessDeps, runOrderWork } from './order-process';
import { transitionOrder } from './transitions';

/**
 * The shop quotes a pallet's freight: an order too heavy for a parcel waits (awaiting_freight) until a
 * shop admin sets its freight here. Its total becomes subtotal, freight and tax (the freight taxed
 * where its destination taxes it, at its lines' rates); then, the total known, everything the order
 * was placed under is checked again, under the company's row lock as at placing:
 * - a suspended company's order is not quoted (the shop reinstates it, or cancels the order);
 * - above the company's approval threshold, or past a spending limit's headroom, it goes to the
 *   approvers, who approve the total that is then paid;
 * - on account, it is invoiced, unless the company's terms are now card only, an invoice is overdue
 *   or the credit limit would be passed: then it is to be paid by card instead, and the buyer is told;
 * - otherwise it is payable by card.
 * Its stock is held for another `holdHours` from now, so the buyer (or the approver) has the whole hold;
 * the audit log records who quoted what.
 */
export async function setFreight(
  deps: OrderProcessDeps & { holdHours: number },
  actor: Actor,
  orderId: string,
  freightCents: number,
): Promise<PlacedOrder> {
  const { mail, holdHours } = deps;
  return runOrderWork(deps, async (work) => {
    const { tx, at } = work;
    const order = await lockOrder(tx, orderId);
    if (!order) throw new DomainError('NOT_FOUND', messages.orderNotFound);
    // Orders placed before awaiting_freight existed waited for their quote unpaid or for approval.
    const placedBefore = order.status === 'unpaid' || order.status === 'awaiting_approval';
    if (
      (order.status !== 'awaiting_freight' && !placedBefore) ||
      order.freightKind !== 'quoted' ||
      order.freightCents !== null
    ) {
      throw new DomainError('CONFLICT', messages.freightNotQuoted);
    }
    // Taxed where the order's destination taxes freight, at its lines' rates as they were placed.
    const lines = (await withLinesOf(tx, order)).lines.map((line) => ({
      amountCents: line.amountCents,
      rate: line.taxRate,
    }));
    const taxes = order.taxBasis?.freightTaxed ? freightTaxes(freightCents, lines) : [];
    const freightTaxCents = taxes.reduce((sum, part) => sum + part.taxCents, 0);
    const amountCents = order.amountCents + freightCents + freightTaxCents;
    if (amountCents > MAX_AMOUNT_CENTS) throw new DomainError('VALIDATION_FAILED', messages.orderTooLarge);

    const { plan, cardBecause } = placedBefore
      ? { plan: { kind: 'none' as const }, cardBecause: null }
      : await recheckCompany(tx, order, amountCents, at);
    const paymentMethod = cardBecause ? 'card' : order.paymentMethod;
    const next = nextState({ freightQuote: false, approval: plan.kind === 'awaiting', paymentMethod });
    const updated = await recordFreightQuote(
      tx,
      orderId,
      {
        freightCents,
        freightTaxes: taxes,
        taxCents: order.taxCents + freightTaxCents,
        amountCents,
        paymentMethod,
        approvalRequired: placedBefore ? order.approvalRequired : plan.kind !== 'none',
        ...(plan.kind === 'automatic'
          ? { approvedAutomatically: true, decidedBy: order.email, decidedAt: at }
          : {}),
        ...(order.status === 'awaiting_approval'
          ? {}
          : { holdExpiresAt: holdUntil(at, holdHours), holdReminderSentAt: null }),
      },
      at,
    );
    await recordAudit(tx, actor, {
      action: 'order.freight',
      subject: `order ${order.orderNumber}`,
      before: { freight: 'quoted', total: formatCents(order.amountCents) },
      after: {
        freight: formatCents(freightCents),
        freightTax: formatCents(freightTaxCents),
        total: formatCents(amountCents),
        next,
        ...(cardBecause ? { paymentMethod: 'card' } : {}),
      },
    });
    const quotedBy = { actor: actor.email.toLowerCase(), byStaff: true };
    if (placedBefore && (order.status === 'awaiting_approval' || next === 'unpaid')) {
      // Still waiting for its approval, or payable as it was: mailed once payable.
      const placed = await withLinesOf(tx, updated);
      await recordOrderEvent(tx, orderId, {
        ...quotedBy,
        at,
        event: 'freight_quoted',
        from: order.status,
        to: order.status,
      });
      if (order.status === 'unpaid') {
        await queueMail(tx, freightQuotedMail(mail, placed));
        work.mailed();
      }
      return placed;
    }
    const placed = await transitionOrder(work, orderId, next, quotedBy);
    if (!placed) throw new Error(`Order ${orderId} did not move on from awaiting its freight`);
    work.mailed();
    if (plan.kind === 'awaiting') {
      await queueMails(tx, [
        orderAwaitingApprovalMail(mail, placed),
        ...plan.approvers.map((approver) => approvalRequestMail(mail, placed, approver)),
      ]);
    } else if (next === 'unpaid') {
      await queueMail(
        tx,
        cardBecause
          ? freightQuotedPayByCardMail(mail, placed, messages.freightOffAccount(cardBecause))
          : freightQuotedMail(mail, placed),
      );
    }
    return placed;
  });
}

/**
 * The company's checks, again, for the order's final total: suspension, the approval threshold and
 * spending limits (the order itself not counted twice), and for an order on account the terms, overdue
 * invoices and the credit limit. Answers how the order goes on, and why it is now to be paid by card.
 */
async function recheckCompany(
  ex: Executor,
  order: OrderRow,
  amountCents: number,
  at: Date,
): Promise<{ plan: ApprovalPlan; cardBecause: string | null }> {
  if (!order.companyId) return { plan: { kind: 'none' }, cardBecause: null };
  const rules = await lockRulesForOrder(ex, order.companyId, order.userId);
  if (!rules.active) throw new DomainError('CONFLICT', messages.freightCompanySuspended);
  const plan = await approvalPlan(ex, { id: order.userId ?? '' }, rules, amountCents, at, order.id);
  if (order.paymentMethod !== 'account') return { plan, cardBecause: null };
  try {
    await checkAccountCredit(ex, order.companyId, amountCents, at, order.id);
    return { plan, cardBecause: null };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { plan, cardBecause: error.message };
  }
}
