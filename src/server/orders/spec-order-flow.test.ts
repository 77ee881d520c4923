import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, PlaceOrderResult } from '../../shared/api/orders.schemas';
import { lowerBound } from '../../shared/domain/order-quantity';
import { products } from '../db/schema';
import { seedDemoOnce } from '../seed/seed-demo';
import { type TestUser, injectAs, signUp } from '../test/auth-helpers';
import { delivery, payOrderAs } from '../test/order-helpers';
import { createTestApp } from '../test/test-app';

/**
 * The specification's flow (POST /purchase with a one-box address, then pay) for every demo product at
 * its smallest order, on the demo's zones: each order is charged tax and freight as if delivered to
 * the shop's own address (Pittsburgh, Pennsylvania), none waits for a pallet quote, and each can be
 * paid at once.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let buyer: TestUser;

beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemoOnce(ctx.db);
  buyer = await signUp(ctx.app);
});
afterAll(async () => {
  await ctx.app.close();
});

describe('the spec’s order-then-pay flow', () => {
  it('works for every demo product at its smallest order, taxed and charged freight at the shop’s address', async () => {
    const tools = await ctx.db.select().from(products);
    expect(tools.length).toBeGreaterThanOrEqual(9);
    for (const tool of tools) {
      const quantity = lowerBound(tool.minOrder, 100, tool.orderMultiple);
      const placed = await injectAs(ctx.app, buyer, {
        method: 'POST',
        url: '/api/purchase',
        payload: { toolId: tool.id, quantity, ...delivery },
      });
      expect(placed.statusCode, `${tool.name}: ${placed.body}`).toBe(201);
      const order = placed.json<PlaceOrderResult>().order;
      expect(order.tax, tool.name).toMatchObject({
        treatment: 'taxed',
        zone: 'Pennsylvania, United States',
        atShopAddress: true,
        registration: 'Pennsylvania sales tax license 12345678',
      });
      expect(['priced', 'free'], `${tool.name}: freight ${order.freightStatus}`).toContain(
        order.freightStatus,
      );
      expect(
        order.taxes.reduce((sum, tax) => sum + tax.amount, 0),
        tool.name,
      ).toBeGreaterThan(0);
      await payOrderAs(ctx.app, buyer, order._id);
      const paid = await injectAs(ctx.app, buyer, { method: 'GET', url: `/api/purchase/${order._id}` });
      expect(paid.json<Order>()).toMatchObject({ status: 'paid', paid: true, amount: order.total });
    }
  });
});
