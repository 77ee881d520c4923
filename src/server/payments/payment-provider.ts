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
 * A card payment provider (CONVENTIONS §7): Stripe in production, the built-in test provider otherwise.
 * Both pass the same contract test (payment-provider.contract.test.ts).
 */
export interface PaymentProvider {
  readonly name: 'test' | 'stripe';
  /** One intent per order: asking again for the same order answers the same intent. */
  createIntent(input: { orderId: string; amountCents: number }): Promise<PaymentIntent>;
  /** The intent as the provider knows it now, or null if it has none by that id. */
  retrieveIntent(id: string): Promise<PaymentIntent | null>;
  /**
   * Cancels the intent so that it can no longer be charged, unless it has already succeeded; answers
   * the intent as it is afterwards (`canceled`, or `succeeded` when the customer paid first, or
   * `processing` when the provider is still deciding). Cancelling twice is harmless.
   */
  cancelIntent(id: string): Promise<PaymentIntent>;
  /** Gives a succeeded intent's whole amount back; asking twice refunds once. Answers the refund's id. */
  refundIntent(id: string): Promise<{ refundId: string }>;
  /** Verifies a webhook delivery's signature against the raw body; throws WebhookSignatureError. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent;
}

export const CURRENCY = 'usd';
