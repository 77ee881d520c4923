import type Stripe from 'stripe';
import {
  CURRENCY,
  type PaymentEvent,
  type PaymentIntent,
  type PaymentProvider,
  RefundRefusedError,
  intentKey,
  toIntentStatus,
  WebhookSignatureError,
} from './payment-provider';

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string | undefined;
  /** Another API address than Stripe's (a local stand-in in tests, or stripe-mock). */
  apiUrl?: string | undefined;
}

function toIntent(intent: Stripe.PaymentIntent): PaymentIntent {
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? '',
    status: toIntentStatus(intent.status),
    amountCents: intent.amount,
    currency: intent.currency,
    orderId: intent.metadata.orderId ?? null,
  };
}

/** The Stripe SDK, loaded only by a shop that takes real payments (it costs ~0.1 s of start-up). */
export async function loadStripeSdk(): Promise<typeof Stripe> {
  return (await import('stripe')).default;
}

/**
 * Stripe behind the provider interface; the SDK (`Sdk`, from loadStripeSdk) does the wire calls and
 * the signature checks.
 */
export function createStripePaymentProvider(
  { secretKey, webhookSecret, apiUrl }: StripeProviderOptions,
  Sdk: typeof Stripe,
): PaymentProvider {
  const url = apiUrl ? new URL(apiUrl) : undefined;
  const stripe = new Sdk(secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(url
      ? { host: url.hostname, port: url.port, protocol: url.protocol === 'http:' ? 'http' : 'https' }
      : {}),
  });

  return {
    name: 'stripe',

    async createIntent({ orderId, amountCents, attempt }) {
      const intent = await stripe.paymentIntents.create(
        {
          amount: amountCents,
          currency: CURRENCY,
          metadata: { orderId },
          description: `Order ${orderId}`,
        },
        // Stripe answers a repeated key with the intent it already made: one per order and attempt.
        { idempotencyKey: intentKey({ orderId, attempt }) },
      );
      return toIntent(intent);
    },

    async retrieveIntent(id) {
      try {
        return toIntent(await stripe.paymentIntents.retrieve(id));
      } catch (error) {
        if (error instanceof Sdk.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        throw error;
      }
    },

    async cancelIntent(id) {
      try {
        return toIntent(await stripe.paymentIntents.cancel(id));
      } catch (error) {
        // Stripe refuses to cancel an intent that succeeded (or is being processed): say how it is.
        if (
          error instanceof Sdk.errors.StripeInvalidRequestError &&
          error.code === 'payment_intent_unexpected_state'
        ) {
          return toIntent(await stripe.paymentIntents.retrieve(id));
        }
        throw error;
      }
    },

    async refund({ intentId, amountCents, idempotencyKey }) {
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: intentId, amount: amountCents, metadata: { refund: idempotencyKey } },
          // The SDK's own retries, and ours, send the same key: Stripe refunds once.
          { idempotencyKey },
        );
        return { refundId: refund.id };
      } catch (error) {
        // Refused for good (nothing left to refund, the intent never succeeded), not a passing failure.
        if (error instanceof Sdk.errors.StripeInvalidRequestError)
          throw new RefundRefusedError(error.message);
        throw error;
      }
    },

    parseWebhook(rawBody, signature) {
      if (!webhookSecret) throw new WebhookSignatureError('STRIPE_WEBHOOK_SECRET is not set');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', webhookSecret);
      } catch (error) {
        throw new WebhookSignatureError(error instanceof Error ? error.message : 'Invalid signature');
      }
      const intent = event.type.startsWith('payment_intent.')
        ? toIntent(event.data.object as Stripe.PaymentIntent)
        : null;
      const parsed: PaymentEvent = { id: event.id, type: event.type, intent };
      return parsed;
    },
  };
}
