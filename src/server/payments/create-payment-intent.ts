import { and, eq, isNull } from 'drizzle-orm';
import type { SessionUser } from '../auth/session';
import type { Database } from '../db/database';
import { orders } from '../db/schema';
import { DomainError } from '../http/domain-error';
import { assertPayable } from './assert-payable';
import type { PaymentProvider } from './payment-provider';
import { messages } from '../../shared/messages';

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
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order || order.userId !== user.id) throw new DomainError('NOT_FOUND', messages.orderNotFound);
  assertPayable(order);

  const existing = order.paymentIntentId ? await provider.retrieveIntent(order.paymentIntentId) : null;
  if (existing) return { clientSecret: existing.clientSecret };

  const intent = await provider.createIntent({ orderId: order.id, amountCents: order.amountCents });
  await db
    .update(orders)
    .set({ paymentIntentId: intent.id, updatedAt: new Date() })
    .where(and(eq(orders.id, order.id), isNull(orders.paymentIntentId)));
  return { clientSecret: intent.clientSecret };
}
