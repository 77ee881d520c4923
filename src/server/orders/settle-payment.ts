import { countPayment } from '../metrics/metrics';
import type { SessionUser } from '../identity/request-user';
import { DomainError } from '../http/domain-error';
import { findOrderFor, lockOrder, withLinesOf } from './storage/orders.repository';
import { assertHoldNotEnded, recordLatePaymentRefund } from './order-status-writer';
import { type OrderProcessDeps, runOrderWork } from './order-process';
import { transitionOrder } from './transitions';
import { transitionRefusal } from '../../shared/domain/order-status';
import { messages } from '../../shared/messages';
import { CURRENCY, type PaymentIntent, type PaymentProvider } from '../payments/payment-provider';

const notVerified = (message: string) => new DomainError('PAYMENT_NOT_VERIFIED', message);

/**
 * Marks an order paid (orders/ moves orders; the payment provider is the port it asks) once the provider confirms that this intent succeeded, for this order and this
 * amount (DESIGN §4). Nothing the client says is taken on trust; doing it twice changes nothing, and of
 * concurrent calls exactly one moves the order (the transition is one conditional update).
 * A verified payment for an order that closed before it arrived, or whose hold ended before it arrived
 * (though the expiry sweep has not closed it yet), is refunded, and the order records the refund
 * (ORDER_CLOSED, saying so). `owner` is the customer calling PATCH /purchase/{id}; a
 * verified webhook or the shop itself passes null.
 */
export interface SettlePaymentDeps extends OrderProcessDeps {
  provider: PaymentProvider;
}

export async function settlePayment(
  deps: SettlePaymentDeps,
  owner: SessionUser | null,
  orderId: string,
  transactionId: string,
): Promise<{ modifiedCount: number }> {
  const { db, provider } = deps;
  const order = await findOrderFor(db, owner, orderId);
  if (order.transactionId === transactionId) return { modifiedCount: 0 };
  const refusal = transitionRefusal(order.status, 'paid');
  if (refusal && refusal.code !== 'ORDER_CLOSED') throw new DomainError(refusal.code, refusal.message);

  const intent = await provider.retrieveIntent(transactionId);
  if (
    !intent ||
    intent.orderId !== order.id ||
    (order.paymentIntentId && order.paymentIntentId !== intent.id)
  ) {
    throw notVerified(messages.paymentOtherOrder);
  }
  if (intent.amountCents !== order.amountCents || intent.currency !== CURRENCY) {
    throw notVerified(messages.paymentAmountMismatch);
  }
  if (intent.status !== 'succeeded') throw notVerified(messages.paymentNotSucceeded);
  if (refusal) return refundLatePayment({ db, provider }, order.id, intent);

  try {
    // Another request may settle the same payment meanwhile: that is the same move, made once.
    const paid = await runOrderWork(deps, async (work) => {
      // A payment started while the order held its stock, arriving after the hold ended (the expiry
      // sweep not run yet), does not take the order: its stock was promised only until then. Refunded.
      const current = await lockOrder(work.tx, order.id);
      if (!current) throw new DomainError('NOT_FOUND', messages.orderNotFound);
      if (current.transactionId !== intent.id) assertHoldNotEnded(current, work.at, 'paid');
      return transitionOrder(
        work,
        // Held under its lock: moved and invoiced without being read again.
        await withLinesOf(work.tx, current),
        'paid',
        // The customer confirming their payment, or the provider's webhook (the shop itself).
        { actor: owner?.email.toLowerCase() ?? null },
        {
          set: { transactionId: intent.id, paidInTestMode: provider.name === 'test' },
          alreadyDone: (current) => current.transactionId === intent.id,
        },
      );
    });
    if (paid) countPayment('paid');
    return { modifiedCount: paid ? 1 : 0 };
  } catch (error) {
    // The order closed between our read and the move, or its hold ended before the payment arrived.
    if (error instanceof DomainError && error.code === 'ORDER_CLOSED') {
      return refundLatePayment({ db, provider }, order.id, intent);
    }
    throw error;
  }
}

async function refundLatePayment(
  { db, provider }: Pick<SettlePaymentDeps, 'db' | 'provider'>,
  orderId: string,
  intent: PaymentIntent,
): Promise<never> {
  // The whole payment back, once however often it is asked (the key is the payment's).
  const { refundId } = await provider.refund({
    intentId: intent.id,
    amountCents: intent.amountCents,
    idempotencyKey: `refund-${intent.id}`,
  });
  const recorded = await db.transaction((tx) =>
    recordLatePaymentRefund(tx, orderId, { providerRefundId: refundId, amountCents: intent.amountCents }),
  );
  if (recorded) countPayment('refunded_late');
  throw new DomainError('ORDER_CLOSED', messages.refundedLatePayment);
}
