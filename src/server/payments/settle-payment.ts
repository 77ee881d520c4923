import type { SessionUser } from '../auth/session';
import type { Database } from '../db/database';
import { DomainError } from '../http/domain-error';
import { assertCanMove, findOrderFor, moveOrder } from '../orders/orders.repository';
import { CURRENCY, type PaymentProvider } from './payment-provider';

const notVerified = (message: string) => new DomainError('PAYMENT_NOT_VERIFIED', message);

/**
 * Marks an order paid once the provider confirms that this intent succeeded, for this order and this
 * amount (DESIGN §4). Nothing the client says is taken on trust; doing it twice changes nothing, and of
 * concurrent calls exactly one moves the order (the transition is one conditional update).
 * `owner` is the customer calling PATCH /purchase/{id}; a verified webhook passes null.
 */
export async function settlePayment(
  { db, provider }: { db: Database; provider: PaymentProvider },
  owner: SessionUser | null,
  orderId: string,
  transactionId: string,
): Promise<{ modifiedCount: number }> {
  const order = await findOrderFor(db, owner, orderId);
  if (order.transactionId === transactionId) return { modifiedCount: 0 };
  assertCanMove(order, 'paid');

  const intent = await provider.retrieveIntent(transactionId);
  if (
    !intent ||
    intent.orderId !== order.id ||
    (order.paymentIntentId && order.paymentIntentId !== intent.id)
  ) {
    throw notVerified('This payment does not belong to this order');
  }
  if (intent.amountCents !== order.amountCents || intent.currency !== CURRENCY) {
    throw notVerified('The payment amount does not match the order');
  }
  if (intent.status !== 'succeeded') throw notVerified('The payment has not succeeded');

  // Another request may settle the same payment meanwhile: that is the same move, made once.
  const moved = await moveOrder(db, order.id, 'paid', {
    set: { transactionId: intent.id },
    alreadyDone: (current) => current.transactionId === intent.id,
  });
  return { modifiedCount: moved ? 1 : 0 };
}
