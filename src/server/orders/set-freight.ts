import { documentBreakdown } from '../../shared/domain/document-breakdown';
import { holdUntil, nextState } from '../../shared/domain/order-process';
import { freightTaxes } from '../../shared/domain/tax';
import { messages } from '../../shared/messages';
import { formatCents } from '../../shared/money';
import { type Actor, recordAudit } from '../audit/audit.repository';
import { type ApprovalPlan, approvalPlan, lockRulesForOrder } from '../companies/spending-rules';
import { checkAccountCredit } from '../billing/ledger';
import type { Executor } from '../db/database';
import { DomainError } from '../http/domain-error';
import { queueMail } from '../mail/outbox';
import { MAX_AMOUNT_CENTS, UNCONFIRMED_HOLD_HOURS } from './place-order';
import { findUserById } from '../users/users.repository';
import { freightQuotedMail } from './order-mails';
import {
  type OrderRow,
  type PlacedOrder,
  lockOrder,
  recordFreightQuote,
  recordOrderEvent,
  withLinesOf,
  uninvoicedOnAccountCents,
} from './storage/orders.repository';
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
    // Taxed where the order's destination taxes freight, at its lines' rates as they were placed; the
    // totals are the order's breakdown with its freight (the one rule every document's totals follow).
    const placedLines = (await withLinesOf(tx, order)).lines;
    const lines = placedLines.map((line) => ({ amountCents: line.amountCents, rate: line.taxRate }));
    const taxes = order.taxBasis?.freightTaxed ? freightTaxes(freightCents, lines, order.taxBasis.rates) : [];
    const totals = documentBreakdown({
      lines: placedLines.map((line) => ({
        rate: line.taxRate,
        amountCents: line.amountCents,
        taxCents: line.taxCents,
      })),
      freightCents,
      freightTaxes: taxes,
    });
    const amountCents = totals.totalCents;
    if (amountCents > MAX_AMOUNT_CENTS) throw new DomainError('VALIDATION_FAILED', messages.orderTooLarge);

    // Every order's final total is checked again, however it came to wait for its freight.
    const { plan, cardBecause } = await recheckCompany(tx, order, amountCents, at);
    const paymentMethod = cardBecause ? 'card' : order.paymentMethod;
    const next =
      order.status === 'awaiting_approval'
        ? 'awaiting_approval'
        : nextState({ freightQuote: false, approval: plan.kind === 'awaiting', paymentMethod });
    const updated = await recordFreightQuote(
      tx,
      orderId,
      {
        freightCents,
        freightTaxes: taxes,
        taxCents: totals.taxCents,
        amountCents,
        paymentMethod,
        approvalRequired: order.approvalRequired || plan.kind !== 'none',
        ...(plan.kind === 'automatic'
          ? { approvedAutomatically: true, decidedBy: order.email, decidedAt: at }
          : {}),
        ...(order.status === 'awaiting_approval'
          ? {}
          : {
              holdExpiresAt: holdUntil(at, await holdHoursOf(tx, order, holdHours)),
              holdReminderSentAt: null,
            }),
      },
      at,
    );
    await recordAudit(tx, actor, {
      action: 'order.freight',
      subject: `order ${order.orderNumber}`,
      before: { freight: 'quoted', total: formatCents(order.amountCents) },
      after: {
        freight: formatCents(freightCents),
        freightTax: formatCents(taxes.reduce((sum, part) => sum + part.taxCents, 0)),
        total: formatCents(amountCents),
        next,
        ...(cardBecause ? { paymentMethod: 'card' } : {}),
      },
    });
    const quotedBy = { actor: actor.email.toLowerCase(), byStaff: true };
    const entry = {
      via: 'freight_quoted' as const,
      approvers: plan.kind === 'awaiting' ? plan.approvers : [],
      cardBecause,
    };
    if (next === order.status) {
      // An order placed before awaiting_freight existed, staying where it was: still waiting for its
      // approval (its approvers decide the total now known), or payable as it was, told its total.
      await recordOrderEvent(tx, orderId, { ...quotedBy, at, event: 'freight_quoted', from: next, to: next });
      const placed = await withLinesOf(tx, updated);
      if (next === 'unpaid') {
        await queueMail(tx, freightQuotedMail(mail, placed));
        work.mailed();
      }
      return placed;
    }
    const placed = await transitionOrder(work, orderId, next, quotedBy, { event: 'freight_quoted', entry });
    if (!placed) throw new Error(`Order ${orderId} did not move on from awaiting its freight`);
    return placed;
  });
}

/**
 * How long a quoted order holds its stock again: the shop's hold, an hour at most while its buyer's
 * address is unconfirmed (as at placing: an account made in a minute holds no stock for two days).
 */
async function holdHoursOf(ex: Executor, order: OrderRow, holdHours: number): Promise<number> {
  const buyer = order.userId ? await findUserById(ex, order.userId) : undefined;
  return buyer?.emailVerified ? holdHours : Math.min(holdHours, UNCONFIRMED_HOLD_HOURS);
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
  const { companyId } = order;
  if (!companyId) return { plan: { kind: 'none' }, cardBecause: null };
  const rules = await lockRulesForOrder(ex, companyId, order.userId);
  if (!rules.active) throw new DomainError('CONFLICT', messages.freightCompanySuspended);
  const plan = await approvalPlan(ex, { id: order.userId ?? '' }, rules, amountCents, at, order.id);
  if (order.paymentMethod !== 'account') return { plan, cardBecause: null };
  try {
    await checkAccountCredit(ex, companyId, amountCents, at, () =>
      uninvoicedOnAccountCents(ex, companyId, order.id),
    );
    return { plan, cardBecause: null };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { plan, cardBecause: error.message };
  }
}
