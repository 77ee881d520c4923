import { z } from 'zod';

export const OrderStatus = z.enum(['unpaid', 'paid', 'shipped', 'cancelled', 'expired']);
export type OrderStatus = z.infer<typeof OrderStatus>;

/**
 * The order's life (DESIGN §4): the only transitions there are. Everything that changes an order's
 * status asks this table first.
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
