import { DomainError } from '../http/domain-error';
import type { PaymentProvider } from '../payments/payment-provider';
import { settlePayment } from './settle-payment';
import { messages } from '../../shared/messages';
import type { OrderRow, OrderStep } from './storage/orders.repository';
import { type OrderProcessDeps, type OrderWork, runOrderWork } from './order-process';
import { transitionOrder } from './transitions';

export interface CloseOrderDeps extends OrderProcessDeps {
  provider: PaymentProvider;
}

/**
 * Closes an unpaid order, cancelled by its customer or expired, and gives its stock back (DESIGN §4).
 * Money is never taken for a closed order: an order with a payment intent first has the intent
 * cancelled at the provider. If the customer paid just before, the order settles as paid instead and
 * this answers 'paid' (unless its hold had ended: then the payment is refunded and the order closes);
 * a payment the provider is still processing leaves the order open
 * (PAYMENT_IN_PROGRESS), to be closed on a later try.
 */
export async function closeOrder(
  deps: CloseOrderDeps,
  order: Pick<OrderRow, 'id' | 'paymentIntentId'>,
  to: 'cancelled' | 'expired',
  /** Who closes it (the customer cancelling, a shop admin; null for an expiry), and why. */
  step: Omit<OrderStep, 'at'>,
  /** What else happens in the transaction that closes it (a shop admin's audit entry). */
  alsoDo?: (work: OrderWork) => Promise<void>,
): Promise<'closed' | 'paid'> {
  if (order.paymentIntentId) {
    const intent = await deps.provider.cancelIntent(order.paymentIntentId);
    if (intent.status === 'succeeded') {
      try {
        await settlePayment(deps, null, order.id, intent.id);
        return 'paid';
      } catch (error) {
        // Paid too late (its hold had ended): the payment was refunded, and the order closes.
        if (!(error instanceof DomainError && error.code === 'ORDER_CLOSED')) throw error;
      }
    } else if (intent.status !== 'canceled') {
      throw new DomainError('PAYMENT_IN_PROGRESS', messages.paymentInProgress);
    }
  }
  // The stock goes back and, for an expiry, the customer is told (transitions.ts).
  await runOrderWork(deps, async (work) => {
    await transitionOrder(work, order.id, to, step);
    await alsoDo?.(work);
  });
  return 'closed';
}
