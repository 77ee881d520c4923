import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database';
import { startStripeStandIn } from '../test/stripe-stand-in';
import { openTestDatabase } from '../test/test-database';
import {
  type PaymentIntent,
  type PaymentProvider,
  RefundRefusedError,
  WebhookSignatureError,
} from './payment-provider';
import { createStripePaymentProvider } from './stripe-provider';
import { createTestPaymentProvider } from './test-provider';

interface Harness {
  provider: PaymentProvider;
  /** What happens at the provider when the customer's card is charged. */
  charge(intent: PaymentIntent): Promise<void>;
  /** A signed delivery of "this intent succeeded", as the provider would send it. */
  signedSuccess(intent: PaymentIntent): { body: Buffer; signature: string };
}

let database: DatabaseHandle;
let standIn: Awaited<ReturnType<typeof startStripeStandIn>>;
const webhookSecret = 'whsec_contract_test_secret';

beforeAll(async () => {
  [database, standIn] = await Promise.all([openTestDatabase(), startStripeStandIn()]);
});
afterAll(async () => {
  await Promise.all([database.close(), standIn.close()]);
});

const harnesses: Record<'test' | 'stripe', () => Harness> = {
  test: () => {
    const provider = createTestPaymentProvider(database.db);
    return {
      provider,
      async charge(intent) {
        const result = await provider.confirmCard(intent.clientSecret, {
          number: '4242424242424242',
          expMonth: 12,
          expYear: 2034,
          cvc: '123',
        });
        if (!result?.ok) throw new Error('the test card was refused');
      },
      signedSuccess(intent) {
        const body = JSON.stringify({
          id: `evt_${randomUUID()}`,
          type: 'payment_intent.succeeded',
          intent: { ...intent, status: 'succeeded' },
        });
        return { body: Buffer.from(body), signature: provider.signWebhook(body) };
      },
    };
  },
  stripe: () => ({
    provider: createStripePaymentProvider(
      {
        secretKey: 'sk_test_contract',
        webhookSecret,
        apiUrl: standIn.url,
      },
      Stripe,
    ),
    async charge(intent) {
      standIn.succeed(intent.id);
    },
    signedSuccess(intent) {
      const body = JSON.stringify({
        id: `evt_${randomUUID()}`,
        object: 'event',
        type: 'payment_intent.succeeded',
        data: {
          object: {
            id: intent.id,
            object: 'payment_intent',
            amount: intent.amountCents,
            currency: intent.currency,
            status: 'succeeded',
            client_secret: intent.clientSecret,
            metadata: { orderId: intent.orderId },
          },
        },
      });
      const signature = new Stripe('sk_test_contract').webhooks.generateTestHeaderString({
        payload: body,
        secret: webhookSecret,
      });
      return { body: Buffer.from(body), signature };
    },
  }),
};

describe.each(Object.entries(harnesses))('%s payment provider contract', (_name, makeHarness) => {
  it('creates one intent per order, for the amount asked, in dollars cents', async () => {
    const { provider } = makeHarness();
    const orderId = randomUUID();
    const first = await provider.createIntent({ orderId, amountCents: 123_456, attempt: 0 });
    const again = await provider.createIntent({ orderId, amountCents: 123_456, attempt: 0 });
    expect(again.id).toBe(first.id);
    expect(first).toMatchObject({
      amountCents: 123_456,
      currency: 'usd',
      orderId,
      status: 'requires_payment_method',
    });
    expect(first.clientSecret).not.toBe('');
    // The order's lines changed (its amount with them): the next attempt is another intent.
    const next = await provider.createIntent({ orderId, amountCents: 99_000, attempt: 1 });
    expect(next.id).not.toBe(first.id);
    expect(next).toMatchObject({ amountCents: 99_000, orderId });
    expect((await provider.createIntent({ orderId, amountCents: 99_000, attempt: 1 })).id).toBe(next.id);
  });

  it('retrieves an intent by id, and null for an unknown one', async () => {
    const { provider } = makeHarness();
    const intent = await provider.createIntent({ orderId: randomUUID(), amountCents: 500, attempt: 0 });
    expect(await provider.retrieveIntent(intent.id)).toEqual(intent);
    expect(await provider.retrieveIntent('pi_does_not_exist')).toBeNull();
  });

  it('cancels an intent that was not paid, harmlessly twice; a cancelled intent cannot be charged', async () => {
    const harness = makeHarness();
    const intent = await harness.provider.createIntent({
      orderId: randomUUID(),
      amountCents: 800,
      attempt: 0,
    });
    expect((await harness.provider.cancelIntent(intent.id)).status).toBe('canceled');
    expect((await harness.provider.cancelIntent(intent.id)).status).toBe('canceled');
    expect((await harness.provider.retrieveIntent(intent.id))?.status).toBe('canceled');
    await expect(harness.charge(intent)).rejects.toThrow('refused');
  });

  it('answers a paid intent as succeeded instead of cancelling it, and refunds it in parts, once per key', async () => {
    const harness = makeHarness();
    const intent = await harness.provider.createIntent({
      orderId: randomUUID(),
      amountCents: 900,
      attempt: 0,
    });
    const refund = (amountCents: number, key: string) =>
      harness.provider.refund({ intentId: intent.id, amountCents, idempotencyKey: `${intent.id}-${key}` });
    await expect(refund(900, 'early')).rejects.toThrow(RefundRefusedError);
    await harness.charge(intent);
    expect((await harness.provider.cancelIntent(intent.id)).status).toBe('succeeded');
    const first = await refund(300, 'a');
    expect(first.refundId).toMatch(/^re_/);
    // The same request again (a retry) is the same refund; a second one takes what is left.
    expect(await refund(300, 'a')).toEqual(first);
    const second = await refund(600, 'b');
    expect(second.refundId).not.toBe(first.refundId);
    // Nothing is left: a third refund is refused for good.
    await expect(refund(1, 'c')).rejects.toThrow(RefundRefusedError);
  });

  it('refunds once when the same refund is asked for at the same moment', async () => {
    const harness = makeHarness();
    const intent = await harness.provider.createIntent({
      orderId: randomUUID(),
      amountCents: 500,
      attempt: 0,
    });
    await harness.charge(intent);
    const ask = () =>
      harness.provider.refund({ intentId: intent.id, amountCents: 500, idempotencyKey: `${intent.id}-all` });
    const [one, two] = await Promise.all([ask(), ask()]);
    expect(one).toEqual(two);
  });

  it('parses a correctly signed webhook and refuses a tampered or unsigned one', async () => {
    const harness = makeHarness();
    const intent = await harness.provider.createIntent({
      orderId: randomUUID(),
      amountCents: 700,
      attempt: 0,
    });
    const { body, signature } = harness.signedSuccess(intent);

    const event = harness.provider.parseWebhook(body, signature);
    expect(event.type).toBe('payment_intent.succeeded');
    expect(event.intent).toMatchObject({
      id: intent.id,
      orderId: intent.orderId,
      amountCents: 700,
      status: 'succeeded',
    });

    const tampered = Buffer.from(
      body.toString().replace('"amount":700', '"amount":1').replace('"amountCents":700', '"amountCents":1'),
    );
    expect(() => harness.provider.parseWebhook(tampered, signature)).toThrow(WebhookSignatureError);
    expect(() => harness.provider.parseWebhook(body, undefined)).toThrow(WebhookSignatureError);
  });
});

it('sends Stripe an idempotency key per order and payment attempt', async () => {
  const provider = createStripePaymentProvider(
    { secretKey: 'sk_test_contract', webhookSecret, apiUrl: standIn.url },
    Stripe,
  );
  const orderId = randomUUID();
  await provider.createIntent({ orderId, amountCents: 900, attempt: 0 });
  const creates = standIn.requests.filter(
    (request) => request.method === 'POST' && request.url === '/v1/payment_intents',
  );
  expect(creates.at(-1)?.idempotencyKey).toBe(`order-${orderId}`);
  await provider.createIntent({ orderId, amountCents: 700, attempt: 2 });
  expect(standIn.requests.at(-1)?.idempotencyKey).toBe(`order-${orderId}-2`);
});
