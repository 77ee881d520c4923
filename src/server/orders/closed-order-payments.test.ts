import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogCache } from '../catalog/catalog-cache';
import { orders, testPaymentIntents } from '../db/schema';
import { expireOverdueOrders } from './expire-orders';
import { type TestUser, injectAs, signUp } from '../test/auth-helpers';
import { insertTool } from '../test/factories';
import { createTestApp } from '../test/test-app';
import { createTestPaymentProvider } from '../payments/test-provider';
import { testMailContext } from '../test/mail-context';
import { refundsOf } from '../records/refunds.repository';
import { messages } from '../../shared/messages';

/** DESIGN §4: money is never taken for a closed order. */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let alice: TestUser;
let toolId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  alice = await signUp(ctx.app);
  toolId = (await insertTool(ctx.db, { available: 100_000, priceCents: 1999 })).id;
});
afterAll(async () => {
  await ctx.app.close();
});

async function placeOrder(): Promise<string> {
  const response = await injectAs(ctx.app, alice, {
    method: 'POST',
    url: '/api/purchase',
    payload: { toolId, name: 'Payer', address: '1 Pay St', number: '5550100', quantity: 100 },
  });
  return response.json<{ insertedId: string }>().insertedId;
}

async function clientSecretFor(orderId: string): Promise<string> {
  const response = await injectAs(ctx.app, alice, {
    method: 'POST',
    url: '/api/create-payment-intent',
    payload: { orderId },
  });
  return response.json<{ clientSecret: string }>().clientSecret;
}

const charge = (clientSecret: string) =>
  injectAs(ctx.app, null, {
    method: 'POST',
    url: '/api/payments/test/confirm',
    payload: { clientSecret, number: '4242 4242 4242 4242', expMonth: 12, expYear: 2034, cvc: '123' },
  });

const cancel = (orderId: string) =>
  injectAs(ctx.app, alice, { method: 'DELETE', url: `/api/purchase/${orderId}` });

const settle = (orderId: string, transactionId: string) =>
  injectAs(ctx.app, alice, {
    method: 'PATCH',
    url: `/api/purchase/${orderId}`,
    payload: { payment: { transactionId } },
  });

async function orderRow(orderId: string) {
  const [row] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
  return row;
}

async function intentOf(orderId: string) {
  const [row] = await ctx.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.orderId, orderId));
  return row;
}

const expireAll = () =>
  expireOverdueOrders(
    {
      db: ctx.db,
      catalogCache: createCatalogCache({ maxAgeMs: 0 }),
      provider: createTestPaymentProvider(ctx.db),
      mail: testMailContext(),
    },
    new Date(Date.now() + 49 * 3_600_000),
  );

describe('a payment and a closing order', () => {
  it('charge, then cancel: the order ends paid, marked as a test payment, and the cancel says why', async () => {
    const orderId = await placeOrder();
    expect((await charge(await clientSecretFor(orderId))).statusCode).toBe(200);

    const response = await cancel(orderId);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: {
        code: 'ORDER_ALREADY_PAID',
        message:
          'Your payment for this order went through just before you cancelled it, so the order stays paid.',
      },
    });
    expect(await orderRow(orderId)).toMatchObject({ status: 'paid', paidInTestMode: true });
    expect((await refundsOf(ctx.db, [orderId])).get(orderId) ?? []).toEqual([]);
    const mine = await injectAs(ctx.app, alice, { method: 'GET', url: `/api/purchase/${orderId}` });
    expect(mine.json()).toMatchObject({ status: 'paid', paid: true, testPayment: true, refundedAt: null });
  });

  it('charge, then expire: the sweep settles the order as paid instead of expiring it', async () => {
    const orderId = await placeOrder();
    await charge(await clientSecretFor(orderId));
    await expireAll();
    expect(await orderRow(orderId)).toMatchObject({ status: 'paid' });
    expect((await refundsOf(ctx.db, [orderId])).get(orderId) ?? []).toEqual([]);
    expect((await intentOf(orderId))?.status).toBe('succeeded');
  });

  it('cancel, then charge: the intent was cancelled with the order, so the card is refused', async () => {
    const orderId = await placeOrder();
    const secret = await clientSecretFor(orderId);
    expect((await cancel(orderId)).statusCode).toBe(200);
    expect((await intentOf(orderId))?.status).toBe('canceled');

    const late = await charge(secret);
    expect(late.statusCode).toBe(402);
    expect(late.json<{ error: { message: string } }>().error.message).toMatch(/cancelled with its order/);
    expect((await orderRow(orderId))?.status).toBe('cancelled');
  });

  it('expire, then charge: refused the same way', async () => {
    const orderId = await placeOrder();
    const secret = await clientSecretFor(orderId);
    await expireAll();
    expect((await orderRow(orderId))?.status).toBe('expired');
    expect((await charge(secret)).statusCode).toBe(402);
    expect((await intentOf(orderId))?.status).toBe('canceled');
  });

  it('a payment started during the hold that succeeds after it ended is refunded, though the sweep has not run', async () => {
    const orderId = await placeOrder();
    const secret = await clientSecretFor(orderId);
    const paid = await charge(secret);
    expect(paid.statusCode, paid.body).toBe(200);
    // The hold ends before the success is reported; the expiry sweep has not closed the order yet.
    await ctx.db
      .update(orders)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, orderId));
    const intent = await intentOf(orderId);
    const response = await settle(orderId, intent?.id ?? '');
    expect(response.statusCode).toBe(409);
    expect(response.json<{ error: { code: string; message: string } }>().error).toEqual({
      code: 'ORDER_CLOSED',
      message: messages.refundedLatePayment,
    });
    expect(await orderRow(orderId)).toMatchObject({ status: 'unpaid', transactionId: null });
    expect((await refundsOf(ctx.db, [orderId])).get(orderId)).toEqual([
      expect.objectContaining({ method: 'card', status: 'succeeded', amountCents: intent?.amountCents }),
    ]);
    // The sweep then closes it, its stock back on sale; it was never paid.
    expect(await expireAll()).toBe(1);
    expect((await orderRow(orderId))?.status).toBe('expired');
  });

  it('a success that still arrives for a closed order is refunded, and the order shows the refund', async () => {
    const orderId = await placeOrder();
    await clientSecretFor(orderId);
    await cancel(orderId);
    // The provider charged the card in the instant before our cancel reached it (a race we cannot see).
    const intent = await intentOf(orderId);
    await ctx.db
      .update(testPaymentIntents)
      .set({ status: 'succeeded' })
      .where(eq(testPaymentIntents.orderId, orderId));

    const response = await settle(orderId, intent?.id ?? '');
    expect(response.statusCode).toBe(409);
    expect(response.json<{ error: { code: string; message: string } }>().error).toEqual({
      code: 'ORDER_CLOSED',
      message: messages.refundedLatePayment,
    });
    const row = await orderRow(orderId);
    expect(row).toMatchObject({ status: 'cancelled' });
    const recorded = await refundsOf(ctx.db, [orderId]);
    expect(recorded.get(orderId)).toEqual([
      expect.objectContaining({ method: 'card', status: 'succeeded', amountCents: intent?.amountCents }),
    ]);
    const given = await createTestPaymentProvider(ctx.db).refundsOf(intent?.id ?? '');
    expect(given.map((refund) => refund.id)).toEqual([recorded.get(orderId)?.[0]?.providerRefundId]);

    // Asking again (the webhook after the PATCH) refunds nothing more.
    expect((await settle(orderId, intent?.id ?? '')).statusCode).toBe(409);
    expect((await refundsOf(ctx.db, [orderId])).get(orderId)).toHaveLength(1);
    expect(await createTestPaymentProvider(ctx.db).refundsOf(intent?.id ?? '')).toHaveLength(1);

    // The admin's list shows it too.
    const admin = await injectAs(ctx.app, alice, { method: 'GET', url: `/api/purchase/${orderId}` });
    expect(admin.json<{ refundedAt: string | null }>().refundedAt).not.toBeNull();
  });
});
