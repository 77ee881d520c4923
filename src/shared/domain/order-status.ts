import { z } from 'zod';
import type { ErrorCode } from '../api/errors';
import { messages } from '../messages';

export const OrderStatus = z.enum(['unpaid', 'paid', 'shipped', 'cancelled', 'expired']);
export type OrderStatus = z.infer<typeof OrderStatus>;

/**
 * The order's life (DESIGN §4): the only transitions there are. Everything that changes an order's
 * status asks this table first, and `transitionRefusal` below says why a move is not in it.
 */
const transitions: Record<OrderStatus, readonly OrderStatus[]> = {
  unpaid: ['paid', 'cancelled', 'expired'],
  paid: ['shipped'],
  shipped: [],
  cancelled: [],
  expired: [],
};

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return transitions[from].includes(to);
}

/** The states an order may be in to move to `to`. */
export function statesThatCanBecome(to: OrderStatus): OrderStatus[] {
  return OrderStatus.options.filter((from) => canTransition(from, to));
}

/** The API's `paid` flag (spec §3) is derived from the state. */
export function isPaid(status: OrderStatus): boolean {
  return status === 'paid' || status === 'shipped';
}

/** The states of an order that was paid (for queries that select them). */
export const PAID_STATES: readonly OrderStatus[] = OrderStatus.options.filter(isPaid);

export interface TransitionRefusal {
  code: Extract<ErrorCode, 'ORDER_ALREADY_PAID' | 'ORDER_CLOSED' | 'INVALID_TRANSITION'>;
  message: string;
}

// What moving to a state is called in a sentence: "can no longer be {cancelled}".
const moveName: Record<OrderStatus, string> = {
  unpaid: 'reopened',
  paid: 'paid',
  shipped: 'marked shipped',
  cancelled: 'cancelled',
  expired: 'expired',
};

const closedBecause: Partial<Record<OrderStatus, string>> = {
  cancelled: 'This order was cancelled',
  expired: 'The reservation of this order expired',
};

/**
 * Why an order in state `from` cannot move to `to`, with the error code the API answers, or null when
 * the table allows the move (in the style of Vendure's order process: a table plus one refusal).
 */
export function transitionRefusal(from: OrderStatus, to: OrderStatus): TransitionRefusal | null {
  if (canTransition(from, to)) return null;
  if (to === 'shipped') {
    return {
      code: 'INVALID_TRANSITION',
      message: messages.shipOnlyPaid(from),
    };
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
      message: from === to ? messages.alreadyClosed(from) : messages.closedNoLonger(closed, moveName[to]),
    };
  }
  return { code: 'INVALID_TRANSITION', message: messages.orderCannotMove(from, moveName[to]) };
}
