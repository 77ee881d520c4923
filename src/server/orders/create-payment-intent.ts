import type { SessionUser } from '../identity/request-user';
import type { Database } from '../db/database';
import { DomainError } from '../http/domain-error';
import { messages } from '../../shared/messages';
import { findOrderFor, recordPaymentIntent, retireCancelledIntent } from './storage/orders.repository';
import { assertCanMove, assertHoldNotEnded } from './order-status-writer';
import type { PaymentProvider } from '../payments/payment-provider';

/** How often the intent is made again for an order whose lines changed while it was being made. */
const ATTEMPTS = 3;

/**
 * The payment intent of the customer's own unpaid order, for its amount in cents as stored (DESIGN §4,
 * §5.10). Providers make one intent per order and payment attempt however often, or however
 * concurrently, they are asked (Stripe by idempotency key), so no lock is held while the provider is
 * called. A change of the order's lines cancels its intent and moves its attempt on
 * (change-order.ts): an intent made meanwhile for the old amount is cancelled here, never recorded.
 */
export async function createPaymentIntent(
  { db, provider }: { db: Database; provider: PaymentProvider },
  user: SessionUser,
  orderId: string,
): Promise<{ clientSecret: string }> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const order = await findOrderFor(db, user, orderId);
    assertCanMove(order, 'paid');
    assertHoldNotEnded(order, new Date(), 'paid');

    const existing = order.paymentIntentId ? await provider.retrieveIntent(order.paymentIntentId) : null;
    if (existing && existing.status !== 'canceled') return { clientSecret: existing.clientSecret };
    if (existing) {
      // Cancelled by a change of the order that did not go through: the next attempt's intent.
      await retireCancelledIntent(db, order.id, existing.id);
      continue;
    }

    const intent = await provider.createIntent({
      orderId: order.id,
      amountCents: order.amountCents,
      attempt: order.paymentAttempt,
    });
    const recorded = await recordPaymentIntent(db, order.id, intent.id, order.paymentAttempt);
    if (recorded === 'recorded') return { clientSecret: intent.clientSecret };
    // The order closed, or its lines changed, while the intent was being made: that intent must
    // never be charged.
    await provider.cancelIntent(intent.id);
    if (recorded === 'closed') assertCanMove(await findOrderFor(db, user, orderId), 'paid');
  }
  throw new DomainError('CONFLICT', messages.orderChangedWhilePaying);
}
