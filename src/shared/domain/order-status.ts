import { z } from 'zod';
import type { ErrorCode } from '../api/errors';
import { messages } from '../messages';

export const OrderStatus = z.enum([
  'awaiting_freight',
  'awaiting_approval',
  'unpaid',
  'paid',
  'shipped',
  'cancelled',
  'expired',
  'rejected',
  'on_account',
  'partially_shipped',
]);
export type OrderStatus = z.infer<typeof OrderStatus>;

/**
 * The order's life (DESIGN §4): the only transitions there are. Everything that changes an order's
 * status asks this table first, and `transitionRefusal` below says why a move is not in it.
 * A company's order above its approval threshold is placed `awaiting_approval`: it holds its
 * stock like an unpaid order; an approver's approval makes it unpaid (payable), a rejection closes it.
 * An order on the company's account is invoiced at once and keeps its stock without a hold:
 * it ships as a paid order does, or is cancelled (a credit note takes its invoice off the balance).
 * An order too heavy for a parcel waits for the shop to quote its pallet's freight (`awaiting_freight`),
 * holding its stock for as long as the shop takes: its total is known only then, so only then is it
 * sent for approval, made payable by card, or put on account (setFreight chooses which).
 * A paid or on-account order ships in one shipment or several: `partially_shipped` until every unit
 * has left (a backordered line ships once its stock is in), then `shipped`. The shop may cancel units
 * that have not shipped (credited and refunded): all of them cancels the order, and the last ones of
 * a partly shipped order leave it `shipped`. A paid order is cancelled only by the shop: its buyer
 * asks (buyerCancelRefusal).
 */
const transitions: Record<OrderStatus, readonly OrderStatus[]> = {
  awaiting_freight: ['awaiting_approval', 'unpaid', 'on_account', 'cancelled'],
  // A change of its lines may send it to the shop for a freight quote (now a pallet).
  awaiting_approval: ['unpaid', 'on_account', 'awaiting_freight', 'rejected', 'cancelled', 'expired'],
  on_account: ['partially_shipped', 'shipped', 'cancelled'],
  // A change of its lines, or a pallet's freight quoted on an order placed before awaiting_freight
  // existed, may send it to its approvers, and a change to the shop for a freight quote.
  unpaid: ['paid', 'on_account', 'awaiting_approval', 'awaiting_freight', 'cancelled', 'expired'],
  paid: ['partially_shipped', 'shipped', 'cancelled'],
  partially_shipped: ['shipped'],
  shipped: [],
  cancelled: [],
  expired: [],
  rejected: [],
};

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return transitions[from].includes(to);
}

/** Whether a buyer may cancel an order in state `from` themselves: placed and not paid (DESIGN §4). */
export const buyerCanCancel = (from: OrderStatus): boolean =>
  !isPaid(from) && canTransition(from, 'cancelled');

/**
 * The states in which a buyer may still change an order's lines (PUT /api/purchase/{id}/lines): placed
 * and not yet paid or invoiced, so that nothing has been charged for the lines as they are.
 */
export const CHANGEABLE_STATES: readonly OrderStatus[] = ['unpaid', 'awaiting_approval', 'awaiting_freight'];

/** Whether a buyer may still change the lines of an order in state `status`. */
export const buyerMayChange = (status: OrderStatus): boolean => CHANGEABLE_STATES.includes(status);

/** The states an order may be in to move to `to`. */
export function statesThatCanBecome(to: OrderStatus): OrderStatus[] {
  return OrderStatus.options.filter((from) => canTransition(from, to));
}

/** The API's `paid` flag (spec §3) is derived from the state. */
export function isPaid(status: OrderStatus): boolean {
  return status === 'paid' || status === 'partially_shipped' || status === 'shipped';
}

/** The states of an order that was paid (for queries that select them). */
export const PAID_STATES: readonly OrderStatus[] = OrderStatus.options.filter(isPaid);

/** The states in which an order holds its stock until its hold ends: placed, not yet paid or closed. */
export const HOLDING_STATES: readonly OrderStatus[] = ['awaiting_approval', 'unpaid'];

/** The states in which an order keeps its stock reserved: holding it until a hold ends, or awaiting freight. */
export const RESERVING_STATES: readonly OrderStatus[] = ['awaiting_freight', ...HOLDING_STATES];

/**
 * The states of an order still open: not closed and not wholly shipped. Its backordered units take new
 * stock in these (an order on account, or partly shipped, waits for its units as a paid one does).
 */
export const OPEN_STATES: readonly OrderStatus[] = [
  ...RESERVING_STATES,
  'on_account',
  'paid',
  'partially_shipped',
];

/** The states of a placed order that counts against a spending limit: open, on account or paid, not closed. */
export const SPENDING_STATES: readonly OrderStatus[] = [...RESERVING_STATES, 'on_account', ...PAID_STATES];

export interface TransitionRefusal {
  code: Extract<ErrorCode, 'ORDER_ALREADY_PAID' | 'ORDER_CLOSED' | 'INVALID_TRANSITION'>;
  message: string;
}

// What moving to a state is called in a sentence: "can no longer be {cancelled}".
const moveName: Record<OrderStatus, string> = {
  awaiting_freight: 'sent for a freight quote',
  awaiting_approval: 'sent for approval',
  unpaid: 'approved',
  paid: 'paid',
  shipped: 'marked shipped',
  partially_shipped: 'shipped in part',
  cancelled: 'cancelled',
  expired: 'expired',
  rejected: 'rejected',
  on_account: 'placed on account',
};

const closedBecause: Partial<Record<OrderStatus, string>> = {
  cancelled: 'This order was cancelled',
  expired: 'The reservation of this order expired',
  rejected: 'This order was rejected by your company',
};

/** A state as a sentence says it: "awaiting approval". */
export const inWords = (status: OrderStatus): string => status.replaceAll('_', ' ');

/** Why a buyer cannot cancel an order in state `from` themselves, or null when they may. */
export function buyerCancelRefusal(from: OrderStatus): TransitionRefusal | null {
  if (isPaid(from)) return { code: 'ORDER_ALREADY_PAID', message: messages.paidNoLonger(moveName.cancelled) };
  return transitionRefusal(from, 'cancelled');
}

/**
 * Why an order in state `from` cannot move to `to`, with the error code the API answers, or null when
 * the table allows the move (in the style of Vendure's order process: a table plus one refusal).
 */
export function transitionRefusal(from: OrderStatus, to: OrderStatus): TransitionRefusal | null {
  if (canTransition(from, to)) return null;
  if (to === 'shipped' || to === 'partially_shipped') {
    return {
      code: 'INVALID_TRANSITION',
      message: messages.shipOnlyPaid(inWords(from)),
    };
  }
  if (from === 'awaiting_approval' && to === 'paid') {
    return { code: 'INVALID_TRANSITION', message: messages.awaitsApproval };
  }
  if (from === 'awaiting_freight' && to === 'paid') {
    return { code: 'INVALID_TRANSITION', message: messages.freightBeingQuoted };
  }
  if (isPaid(from)) {
    return {
      code: 'ORDER_ALREADY_PAID',
      message: to === 'paid' ? messages.alreadyPaid : messages.paidNoLonger(moveName[to]),
    };
  }
  const closed = closedBecause[from];
  if (closed) {
    return {
      code: 'ORDER_CLOSED',
      message:
        from === to ? messages.alreadyClosed(inWords(from)) : messages.closedNoLonger(closed, moveName[to]),
    };
  }
  if (from === 'unpaid' && (to === 'unpaid' || to === 'rejected')) {
    return { code: 'INVALID_TRANSITION', message: messages.approvalDecided(moveName[to]) };
  }
  return { code: 'INVALID_TRANSITION', message: messages.orderCannotMove(inWords(from), moveName[to]) };
}
