import type { SessionUser } from '../identity/request-user';
import type { Database } from '../db/database';
import {
  assertCanMove,
  assertHoldNotEnded,
  findOrderFor,
  recordPaymentIntent,
} from '../records/orders.repository';
import type { PaymentProvider } from '../payments/payment-provider';

/**
 * The payment intent of the customer's own unpaid order, for its amount in cents as stored (DESIGN §4,
 * §5.10). Providers make one intent per order however often, or however concurrently, they are asked
 * (Stripe by idempotency key), so no lock is held while the provider is called.
 */
export async function createPaymentIntent(
  { db, provider }: { db: Database; provider: PaymentProvider },
  user: SessionUser,
  orderId: string,
): Promise<{ clientSecret: string }> {
  const order = await findOrderFor(db, user, orderId);
  assertCanMove(order, 'paid');
  assertHoldNotEnded(order, new Date(), 'paid');

  const existing = order.paymentIntentId ? await provider.retrieveIntent(order.paymentIntentId) : null;
  if (existing) return { clientSecret: existing.clientSecret };

  const intent = await provider.createIntent({ orderId: order.id, amountCents: order.amountCents });
  if (!(await recordPaymentIntent(db, order.id, intent.id))) {
    // The order closed while the intent was being made: that intent must never be charged.
    await provider.cancelIntent(intent.id);
    const closed = await findOrderFor(db, user, orderId);
    assertCanMove(closed, 'paid');
  }
  return { clientSecret: intent.clientSecret };
}
