import { eq } from 'drizzle-orm';
import type { SessionUser } from '../auth/session';
import type { Database } from '../db/database';
import { orders } from '../db/schema';
import { DomainError } from '../http/domain-error';
import { transitionOrder } from '../orders/transition-order';
import { assertPayable } from './assert-payable';
import { CURRENCY, type PaymentProvider } from './payment-provider';
import { messages } from '../../shared/messages';

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
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order || (owner && order.userId !== owner.id))
    throw new DomainError('NOT_FOUND', messages.orderNotFound);
  if (order.transactionId === transactionId) return { modifiedCount: 0 };
  assertPayable(order);

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

  const paid = await transitionOrder(db, order.id, 'paid', { transactionId: intent.id });
  if (paid) return { modifiedCount: 1 };
  // Another request moved the order meanwhile: the same payment settling twice is fine, anything else is not.
  const [now] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (now?.transactionId === intent.id) return { modifiedCount: 0 };
  assertPayable(now ?? order);
  throw new DomainError('ORDER_CLOSED', 'This order can no longer be paid');
}
