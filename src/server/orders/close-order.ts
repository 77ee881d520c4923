import type { CatalogCache } from '../catalog/catalog-cache';
import type { Database } from '../db/database';
import { DomainError } from '../http/domain-error';
import type { PaymentProvider } from '../payments/payment-provider';
import { settlePayment } from './settle-payment';
import { messages } from '../../shared/messages';
import type { MailContext } from '../mail/mail-layout';
import type { OrderRow } from '../records/orders.repository';
import { transitionOrder } from './transitions';

export interface CloseOrderDeps {
  db: Database;
  catalogCache: CatalogCache;
  provider: PaymentProvider;
  /** An expired order's mail (and a receipt, when it turns out paid) go out through the outbox. */
  mail: MailContext;
}

/**
 * Closes an unpaid order, cancelled by its customer or expired, and gives its stock back (DESIGN §4).
 * Money is never taken for a closed order: an order with a payment intent first has the intent
 * cancelled at the provider. If the customer paid just before, the order settles as paid instead and
 * this answers 'paid'; a payment the provider is still processing leaves the order open
 * (PAYMENT_IN_PROGRESS), to be closed on a later try.
 */
export async function closeOrder(
  deps: CloseOrderDeps,
  order: Pick<OrderRow, 'id' | 'paymentIntentId'>,
  to: 'cancelled' | 'expired',
): Promise<'closed' | 'paid'> {
  if (order.paymentIntentId) {
    const intent = await deps.provider.cancelIntent(order.paymentIntentId);
    if (intent.status === 'succeeded') {
      await settlePayment(deps, null, order.id, intent.id);
      return 'paid';
    }
    if (intent.status !== 'canceled')
      throw new DomainError('PAYMENT_IN_PROGRESS', messages.paymentInProgress);
  }
  // The stock goes back and, for an expiry, the customer is told (transitions.ts).
  const closed = await deps.db.transaction((tx) => transitionOrder(tx, order.id, to, deps.mail));
  if (closed) {
    deps.catalogCache.stockChanged(closed.stock);
    if (closed.mailed) deps.mail.nudge();
  }
  return 'closed';
}
