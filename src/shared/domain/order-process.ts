import type { OrderStatus } from './order-status';

/**
 * The order process's decisions, in one place (in the manner of Vendure's default order process):
 * where an order goes next, how long its stock is held, and what each step is called in its timeline.
 * The transition table (order-status.ts) says which moves exist; this says which one is taken.
 */

/** What an order may still wait for before it can be paid or invoiced. */
export interface StillWaiting {
  /** Its pallet's freight is not quoted yet: the total is not known. */
  freightQuote: boolean;
  /** Its company's rules send it to an approver (checked only once the total is known). */
  approval: boolean;
  paymentMethod: 'card' | 'account';
}

/**
 * Where an order goes as it is placed, once its freight is quoted, and once it is approved: it waits
 * for its freight quote first, then for its approver, and then it is invoiced on the company's account
 * or waits for a card payment.
 */
export function nextState({ freightQuote, approval, paymentMethod }: StillWaiting): OrderStatus {
  if (freightQuote) return 'awaiting_freight';
  if (approval) return 'awaiting_approval';
  return paymentMethod === 'account' ? 'on_account' : 'unpaid';
}

const HOUR_MS = 3_600_000;

/**
 * When an order's hold on its stock ends, `hours` from `at`; never earlier than `atLeast` (an
 * approved order keeps what is left of its hold when that is longer).
 */
export function holdUntil(at: Date, hours: number, atLeast?: Date): Date {
  const ends = at.getTime() + hours * HOUR_MS;
  return new Date(atLeast ? Math.max(ends, atLeast.getTime()) : ends);
}

/** The steps an order's timeline names. */
export const ORDER_EVENTS = [
  'placed',
  'changed',
  'freight_quoted',
  'approved',
  'rejected',
  'placed_on_account',
  'paid',
  'shipped',
  'cancelled',
  'expired',
  'refunded',
  'cancelled_in_part',
  'cancellation_requested',
  'cancellation_refused',
  'return_requested',
  'return_approved',
  'return_rejected',
  'return_received',
] as const;
export type OrderEvent = (typeof ORDER_EVENTS)[number];

/** What a move from `from` to `to` is called in the order's timeline. */
export function eventOf(from: OrderStatus, to: OrderStatus): OrderEvent {
  if (from === 'awaiting_freight') return 'freight_quoted';
  if (from === 'awaiting_approval' && (to === 'unpaid' || to === 'on_account')) return 'approved';
  switch (to) {
    case 'on_account':
      return 'placed_on_account';
    case 'partially_shipped':
      return 'shipped';
    case 'paid':
    case 'shipped':
    case 'cancelled':
    case 'expired':
    case 'rejected':
      return to;
    default:
      return 'placed';
  }
}
