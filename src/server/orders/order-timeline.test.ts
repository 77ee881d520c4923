import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDetail } from '../../shared/api/orders.schemas';
import { type TestUser, injectAs, signUp, signUpAdmin } from '../test/auth-helpers';
import { insertTool } from '../test/factories';
import { placeOrderAs } from '../test/order-helpers';
import { createTestApp } from '../test/test-app';
import { recordLatePaymentRefund } from './order-status-writer';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let buyer: TestUser;
let stranger: TestUser;
let admin: TestUser;

beforeAll(async () => {
  ctx = await createTestApp();
  buyer = await signUp(ctx.app);
  stranger = await signUp(ctx.app);
  admin = await signUpAdmin(ctx.app, ctx.db);
});
afterAll(async () => {
  await ctx.app.close();
});

const steps = async (user: TestUser, orderId: string) => {
  const response = await injectAs(ctx.app, user, { method: 'GET', url: `/api/purchase/${orderId}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<OrderDetail>().history.map(({ event, from, to, actor, note }) => ({
    event,
    from,
    to,
    actor,
    note,
  }));
};

describe("an order's timeline (GET /api/purchase/{id})", () => {
  it('records who cancelled an order and a late payment refunded, for the buyer and the shop admin alike', async () => {
    const tool = await insertTool(ctx.db, { available: 1000 });
    const order = await placeOrderAs(ctx.app, buyer, tool.id);
    const cancelled = await injectAs(ctx.app, buyer, { method: 'DELETE', url: `/api/purchase/${order._id}` });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // A payment that arrived after the order closed is refunded: a step without a move.
    const late = { providerRefundId: 're_test_late', amountCents: 100 };
    await ctx.db.transaction((tx) => recordLatePaymentRefund(tx, order._id, late));
    await ctx.db.transaction((tx) => recordLatePaymentRefund(tx, order._id, late));

    const expected = [
      { event: 'placed', from: null, to: 'unpaid', actor: buyer.email.toLowerCase(), note: null },
      { event: 'cancelled', from: 'unpaid', to: 'cancelled', actor: buyer.email.toLowerCase(), note: null },
      {
        event: 'refunded',
        from: 'cancelled',
        to: 'cancelled',
        actor: null,
        note: 'The payment arrived after the order had closed and was given back whole.',
      },
    ];
    expect(await steps(buyer, order._id)).toEqual(expected);
    expect(await steps(admin, order._id)).toEqual(expected);
    // Nobody else reads it.
    const other = await injectAs(ctx.app, stranger, { method: 'GET', url: `/api/purchase/${order._id}` });
    expect(other.statusCode).toBe(404);
  });

  it('writes nothing for a refused move: an unpaid order does not ship', async () => {
    const tool = await insertTool(ctx.db, { available: 1000 });
    const order = await placeOrderAs(ctx.app, buyer, tool.id);
    const shipped = await injectAs(ctx.app, admin, {
      method: 'PATCH',
      url: `/api/admin/orders/${order._id}/status`,
      payload: { status: 'shipped', carrier: 'UPS' },
    });
    // An unpaid order does not ship: refused, and nothing is written.
    expect(shipped.statusCode).toBe(409);
    expect(await steps(buyer, order._id)).toEqual([
      { event: 'placed', from: null, to: 'unpaid', actor: buyer.email.toLowerCase(), note: null },
    ]);
  });
});
