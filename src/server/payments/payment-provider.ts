/** The payment states we care about; anything else a provider reports counts as "not paid yet". */
export type IntentStatus = 'requires_payment_method' | 'processing' | 'succeeded' | 'canceled' | 'other';

const KNOWN_STATUSES: readonly string[] = ['requires_payment_method', 'processing', 'succeeded', 'canceled'];

/** A provider's intent status as ours; anything we do not act on is 'other'. */
export function toIntentStatus(status: string): IntentStatus {
  return KNOWN_STATUSES.includes(status) ? (status as IntentStatus) : 'other';
}

export interface PaymentIntent {
  id: string;
  clientSecret: string;
  status: IntentStatus;
  amountCents: number;
  currency: string;
  /** The order the intent was created for (kept in the provider's metadata). */
  orderId: string | null;
}

export interface PaymentEvent {
  id: string;
  type: string;
  /** The payment intent the event is about, for payment_intent.* events. */
  intent: PaymentIntent | null;
}

export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}

/**
 * The provider refused a refund for good (the intent never succeeded, or the refund would give back
 * more than it took): sending it again would be refused again. Any other error may be passing (the
 * network, the provider's outage) and the refund is sent again later, with the same key.
 */
export class RefundRefusedError extends Error {
  override name = 'RefundRefusedError';
}

export interface NewIntent {
  orderId: string;
  amountCents: number;
  /** The order's payment attempt (0 until its lines are first changed). */
  attempt: number;
}

/** The key a provider makes an order's intent under: one intent per order and attempt. */
export const intentKey = ({ orderId, attempt }: Pick<NewIntent, 'orderId' | 'attempt'>) =>
  attempt === 0 ? `order-${orderId}` : `order-${orderId}-${attempt}`;

export interface RefundRequest {
  /** The succeeded intent the money was taken by. */
  intentId: string;
  amountCents: number;
  /** One refund per key: asking again with the same key answers the refund already made. */
  idempotencyKey: string;
}

/**
 * A card payment provider (CONVENTIONS §7): Stripe in production, the built-in test provider otherwise.
 * Both pass the same contract test (payment-provider.contract.test.ts).
 */
export interface PaymentProvider {
  readonly name: 'test' | 'stripe';
  /**
   * One intent per order and payment attempt (orders.payment_attempt, which a change of the order's
   * lines moves on): asking again for the same order and attempt answers the same intent.
   */
  createIntent(input: NewIntent): Promise<PaymentIntent>;
  /** The intent as the provider knows it now, or null if it has none by that id. */
  retrieveIntent(id: string): Promise<PaymentIntent | null>;
  /**
   * Cancels the intent so that it can no longer be charged, unless it has already succeeded; answers
   * the intent as it is afterwards (`canceled`, or `succeeded` when the customer paid first, or
   * `processing` when the provider is still deciding). Cancelling twice is harmless.
   */
  cancelIntent(id: string): Promise<PaymentIntent>;
  /**
   * Gives back some or all of what a succeeded intent took, never more in all than it took; a request
   * repeated with the same idempotency key refunds once. Answers the refund's id; throws
   * RefundRefusedError when the provider refuses for good.
   */
  refund(request: RefundRequest): Promise<{ refundId: string }>;
  /** Verifies a webhook delivery's signature against the raw body; throws WebhookSignatureError. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent;
}

export const CURRENCY = 'usd';
