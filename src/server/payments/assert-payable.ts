import { DomainError } from '../http/domain-error';
import type { OrderRow } from '../orders/orders.repository';

/** Only an unpaid order can be paid (DESIGN §4); the error says why not. */
export function assertPayable(order: Pick<OrderRow, 'status'>): void {
  if (order.status === 'paid' || order.status === 'shipped') {
    throw new DomainError('ORDER_ALREADY_PAID', 'This order is already paid');
  }
  if (order.status !== 'unpaid') {
    throw new DomainError('ORDER_CLOSED', `This order was ${order.status} and can no longer be paid`);
  }
}
