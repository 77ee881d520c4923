import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../db/schema';
import { type TestUser, injectAs, signUp } from '../test/auth-helpers';
import { insertTool } from '../test/factories';
import { startStripeStandIn } from '../test/stripe-stand-in';
import { createTestApp } from '../test/test-app';

const webhookSecret = 'whsec_shop_webhook_test';
let standIn: Awaited<ReturnType<typeof startStripeStandIn>>;
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let buyer: TestUser;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  ctx = await createTestApp({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_shop',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_shop',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_URL: standIn.url,
    },
  });
  buyer = await signUp(ctx.app);
});
afterAll(async () => {
  await ctx.app.close();
  await standIn.close();
});

function succeededEvent(
  eventId: string,
  intent: { id: string; amount: number; metadata: Record<string, string> },
) {
  const payload = JSON.stringify({
    id: eventId,
    object: 'event',
    type: 'payment_intent.succeeded',
    data: {
      object: {
        ...intent,
        object: 'payment_intent',
        currency: 'usd',
        status: 'succeeded',
        client_secret: 'x',
      },
    },
  });
  const signature = new Stripe('sk_test_shop').webhooks.generateTestHeaderString({
    payload,
    secret: webhookSecret,
  });
  return { payload, signature };
}

const deliver = (payload: string, signature: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });

describe('with Stripe configured', () => {
  it('makes the intent at Stripe for the order amount, and a verified webhook marks the order paid once', async () => {
    const tool = await insertTool(ctx.db, { priceCents: 1234 });
    const order = await injectAs(ctx.app, buyer, {
      method: 'POST',
      url: '/api/purchase',
      payload: {
        toolId: tool.id,
        name: 'Stripe Buyer',
        address: '9 Card Lane',
        number: '5550111',
        quantity: 100,
      },
    });
    const orderId = order.json<{ insertedId: string }>().insertedId;

    const intentResponse = await injectAs(ctx.app, buyer, {
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: { orderId },
    });
    expect(intentResponse.statusCode).toBe(200);
    const [intent] = [...standIn.intents.values()].filter(
      (candidate) => candidate.metadata.orderId === orderId,
    );
    expect(intent).toMatchObject({ amount: 123_400, currency: 'usd' });
    expect(intentResponse.json()).toEqual({ clientSecret: intent?.client_secret });

    // Before Stripe says so, the order cannot be marked paid.
    const early = await injectAs(ctx.app, buyer, {
      method: 'PATCH',
      url: `/api/purchase/${orderId}`,
      payload: { payment: { transactionId: intent?.id } },
    });
    expect(early.statusCode).toBe(402);

    standIn.succeed(intent?.id ?? '');
    const { payload, signature } = succeededEvent('evt_paid_1', {
      id: intent?.id ?? '',
      amount: 123_400,
      metadata: { orderId },
    });
    const outcomes = [];
    for (let delivery = 0; delivery < 3; delivery += 1) {
      const response = await deliver(payload, signature);
      expect(response.statusCode).toBe(200);
      outcomes.push(response.json<{ outcome: string }>().outcome);
    }
    expect(outcomes).toEqual(['handled', 'duplicate', 'duplicate']);
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row).toMatchObject({ status: 'paid', transactionId: intent?.id });

    const patch = await injectAs(ctx.app, buyer, {
      method: 'PATCH',
      url: `/api/purchase/${orderId}`,
      payload: { payment: { transactionId: intent?.id } },
    });
    expect(patch.json()).toEqual({ modifiedCount: 0 });
  });

  it('refuses a webhook with a bad signature with 400 and changes nothing', async () => {
    const { payload } = succeededEvent('evt_forged', {
      id: 'pi_forged',
      amount: 1,
      metadata: { orderId: 'x' },
    });
    const response = await deliver(payload, 't=1,v1=deadbeef');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'INVALID_SIGNATURE', message: 'Invalid webhook signature' },
    });
  });

  it('has no test card endpoint', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/payments/test/confirm', payload: {} });
    expect(response.statusCode).toBe(404);
  });

  it('announces Stripe and allows Stripe.js in the content security policy', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/config' });
    expect(response.json()).toMatchObject({
      payment: { provider: 'stripe', publishableKey: 'pk_test_shop' },
    });
    expect(String(response.headers['content-security-policy'])).toContain(
      "script-src 'self' https://js.stripe.com",
    );
  });
});
