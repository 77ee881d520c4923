import { type SessionUser, actorOf } from '../identity/request-user';
import { DomainError } from '../http/domain-error';
import { messages } from '../../shared/messages';
import { type CloseOrderDeps, closeOrder } from './close-order';
import { findOrderFor } from './storage/orders.repository';
import { buyerCancelRefusal } from '../../shared/domain/order-status';

/**
 * A customer cancels their own unpaid order (spec §7 DELETE /purchase/{id}); its stock goes back on
 * sale and its payment intent is cancelled first (close-order.ts). What may be cancelled is the
 * transition table's to say, less paid orders (DESIGN §4: their buyer asks the shop, which cancels and
 * refunds them). The order row is kept, marked cancelled.
 */
export async function cancelOrder(
  deps: CloseOrderDeps,
  user: SessionUser,
  orderId: string,
): Promise<{ deletedCount: number }> {
  const order = await findOrderFor(deps.db, user, orderId);
  const refusal = buyerCancelRefusal(order.status);
  if (refusal) throw new DomainError(refusal.code, refusal.message);
  const outcome = await closeOrder(deps, order, 'cancelled', { actor: actorOf(user) });
  if (outcome === 'paid') throw new DomainError('ORDER_ALREADY_PAID', messages.paidBeforeCancel);
  return { deletedCount: 1 };
}
