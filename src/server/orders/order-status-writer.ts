import { eq } from 'drizzle-orm';
import {
  HOLDING_STATES,
  type OrderStatus,
  canTransition,
  transitionRefusal,
} from '../../shared/domain/order-status';
import { type OrderEvent, eventOf } from '../../shared/domain/order-process';
import { messages } from '../../shared/messages';
import type { Executor } from '../db/database';
import { orders } from '../db/schema';
import { DomainError } from '../http/domain-error';
import { insertRefund, refundsOf } from '../records/refunds.repository';
import { type Locked, type OrderRow, type OrderStep, recordOrderEvent } from './storage/orders.repository';

/**
 * The order's status, written in one place (CONVENTIONS §6): the move the transition table allows,
 * with its time stamped and its step in the timeline; the checks a step makes before it asks a
 * provider (the table's refusal, a hold that has ended); and the one step a provider reports after an
 * order closed, a late payment given back. Only the order process (transitions.ts and the steps that
 * call it) writes through here; the order's other columns are written by storage/orders.repository.ts.
 */

/** The column that records when an order reached a state (its history). */
const reachedAt: Record<OrderStatus, 'paidAt' | 'shippedAt' | 'closedAt' | 'decidedAt' | null> = {
  // Placed so: the order's createdAt.
  awaiting_freight: null,
  awaiting_approval: null,
  unpaid: 'decidedAt',
  paid: 'paidAt',
  // The first shipment's time (the invoice's supply date): kept when later shipments complete it.
  partially_shipped: 'shippedAt',
  shipped: 'shippedAt',
  cancelled: 'closedAt',
  expired: 'closedAt',
  rejected: 'closedAt',
  // Invoiced (invoicedAt) by billing/ledger.ts as it enters the state.
  on_account: null,
};

/** Throws the table's refusal when `order` may not move to `to` (checked before asking a provider). */
export function assertCanMove(order: OrderRow, to: OrderStatus): void {
  const refusal = transitionRefusal(order.status, to);
  if (refusal) throw new DomainError(refusal.code, refusal.message);
  // A pallet's freight is quoted by the shop first (setFreight): until then the total is not known.
  if (to === 'paid' && order.freightCents === null) {
    throw new DomainError('CONFLICT', messages.freightBeingQuoted);
  }
}

/**
 * An order's hold ends at its time, whether or not the sweep has expired it yet: an order past it
 * can no longer be approved or paid (ORDER_CLOSED); the sweep gives its stock back.
 */
export function assertHoldNotEnded(order: OrderRow, at: Date, what: 'approved' | 'paid' | 'changed'): void {
  if (HOLDING_STATES.includes(order.status) && order.holdExpiresAt.getTime() <= at.getTime()) {
    throw new DomainError('ORDER_CLOSED', messages.holdEnded(what));
  }
}

/**
 * The one place that writes an order's status (CONVENTIONS §6), called only by the order process
 * (orders/transitions.ts). The order's row is locked first (or was, by the caller that hands it over),
 * so of two racing requests exactly one moves it and the other then sees the state it moved to: answers null when `alreadyDone` says the
 * move had been made (the same request twice), and otherwise throws the table's refusal, or
 * NOT_FOUND. Stamps the state's time and writes the step into the order's timeline.
 */
export async function moveOrder(
  ex: Executor,
  /** The order's id, or its row as the caller holds it locked in this transaction (lockOrder). */
  order: string | Locked<OrderRow>,
  to: OrderStatus,
  step: OrderStep,
  {
    set = {},
    alreadyDone = () => false,
    event,
  }: {
    set?: Partial<
      Pick<
        OrderRow,
        | 'transactionId'
        | 'paidInTestMode'
        | 'carrier'
        | 'trackingNumber'
        | 'decidedAt'
        | 'decidedBy'
        | 'rejectionReason'
        | 'holdExpiresAt'
        | 'holdReminderSentAt'
        | 'cancellationRequestedAt'
        | 'cancellationRequestedBy'
        | 'cancellationReason'
      >
    >;
    alreadyDone?: (current: OrderRow) => boolean;
    /** What the step is called, when not what the move is called (eventOf). */
    event?: OrderEvent;
  } = {},
): Promise<OrderRow | null> {
  const orderId = typeof order === 'string' ? order : order.id;
  const [current] =
    typeof order === 'string'
      ? await ex.select().from(orders).where(eq(orders.id, orderId)).for('no key update')
      : [order];
  if (!current) throw new DomainError('NOT_FOUND', messages.orderNotFound);
  if (!canTransition(current.status, to)) {
    if (alreadyDone(current)) return null;
    assertCanMove(current, to);
    throw new Error(`Order ${orderId} could not move from ${current.status} to ${to}`);
  }
  const stamp = reachedAt[to];
  // A state's time is its first: an order fully shipped keeps its first shipment's.
  const stamps = stamp && current[stamp] === null ? { [stamp]: step.at } : {};
  const [moved] = await ex
    .update(orders)
    .set({ status: to, updatedAt: step.at, ...stamps, ...set })
    .where(eq(orders.id, orderId))
    .returning();
  if (!moved) throw new Error(`Order ${orderId} was not moved to ${to}`);
  await recordOrderEvent(ex, orderId, {
    ...step,
    event: event ?? eventOf(current.status, to),
    from: current.status,
    to,
  });
  return moved;
}

/**
 * Records that a payment which arrived after its order closed was given back whole (the first record
 * stands: the provider answers a repeated refund with the same id), with its step in the timeline.
 * Answers whether it was recorded now.
 */
export async function recordLatePaymentRefund(
  ex: Executor,
  orderId: string,
  { providerRefundId, amountCents }: { providerRefundId: string; amountCents: number },
  at = new Date(),
): Promise<boolean> {
  const [order] = await ex.select().from(orders).where(eq(orders.id, orderId)).for('no key update');
  if (!order) return false;
  const known = await refundsOf(ex, [orderId]);
  if (known.get(orderId)?.some((refund) => refund.providerRefundId === providerRefundId)) return false;
  await insertRefund(ex, {
    orderId,
    amountCents,
    method: 'card',
    status: 'succeeded',
    providerRefundId,
    requestedAt: at,
    settledAt: at,
    attempts: 1,
  });
  await recordOrderEvent(ex, orderId, {
    at,
    actor: null,
    event: 'refunded',
    from: order.status,
    to: order.status,
    note: 'The payment arrived after the order had closed and was given back whole.',
  });
  return true;
}
