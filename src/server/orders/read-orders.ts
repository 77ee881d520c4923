import type { Order } from '../../shared/api/orders.schemas';
import type { SessionUser } from '../auth/session';
import { DomainError } from '../http/domain-error';
import { toOrder, type OrdersRepository } from './orders.repository';
import { messages } from '../../shared/messages';

/**
 * The orders listed for an email (spec §7 GET /purchase?email=): a customer gets their own, by account;
 * only an admin may ask for someone else's.
 */
export async function listOrders(
  orders: OrdersRepository,
  caller: SessionUser,
  email: string,
): Promise<Order[]> {
  if (email.toLowerCase() === caller.email.toLowerCase())
    return (await orders.listForUser(caller.id)).map(toOrder);
  if (caller.role !== 'admin') throw new DomainError('FORBIDDEN', 'You can only list your own orders');
  return (await orders.listByEmail(email)).map(toOrder);
}

/** One order (spec §7 GET /purchase/{id}): your own, or any for an admin; others' answer 404. */
export async function getOrder(
  orders: OrdersRepository,
  caller: SessionUser,
  orderId: string,
): Promise<Order> {
  const row = await orders.findById(orderId);
  if (!row || (row.userId !== caller.id && caller.role !== 'admin')) {
    throw new DomainError('NOT_FOUND', messages.orderNotFound);
  }
  return toOrder(row);
}
