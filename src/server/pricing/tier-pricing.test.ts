import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogPage, Tool } from '../../shared/api/catalog.schemas';
import type { Order } from '../../shared/api/orders.schemas';
import { type TestUser, injectAs, signUp } from '../test/auth-helpers';
import { insertTool } from '../test/factories';
import { createTestApp } from '../test/test-app';

/**
 * Orders are priced from the product's price breaks by the shared rule (DESIGN §9), whatever the
 * client says, and store their unit price and SKU; the cached catalog shows the new stock at once.
 */

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let buyer: TestUser;
let tool: Awaited<ReturnType<typeof insertTool>>;

beforeAll(async () => {
  // The catalog cache on, as in production: an order must update it rather than leave it stale.
  ctx = await createTestApp({ catalogCacheMs: 60_000 });
  buyer = await signUp(ctx.app);
  tool = await insertTool(ctx.db, {
    sku: 'TIER-1',
    available: 100_000,
    minOrder: 100,
    priceTiers: [
      { minQuantity: 100, priceCents: 1000 },
      { minQuantity: 500, priceCents: 900 },
      { minQuantity: 1000, priceCents: 800 },
    ],
  });
});
afterAll(async () => {
  await ctx.app.close();
});

async function order(quantity: number, extra: Record<string, unknown> = {}) {
  const placed = await injectAs(ctx.app, buyer, {
    method: 'POST',
    url: '/api/purchase',
    payload: {
      toolId: tool.id,
      name: 'Tier Buyer',
      address: '1 Main St',
      number: '5551234567',
      quantity,
      ...extra,
    },
  });
  expect(placed.statusCode).toBe(201);
  const id = placed.json<{ insertedId: string }>().insertedId;
  const orders = await injectAs(ctx.app, buyer, { method: 'GET', url: `/api/purchase/${id}` });
  return orders.json<Order>();
}

describe('tier pricing', () => {
  it.each([
    [100, 10, 1000],
    [499, 10, 4990],
    [500, 9, 4500],
    [999, 9, 8991],
    [1000, 8, 8000],
  ])('prices %i units at $%d each', async (quantity, unitPrice, amount) => {
    expect(await order(quantity)).toMatchObject({ quantity, unitPrice, amount, sku: 'TIER-1' });
  });

  it('ignores an amount and an item name sent by the client', async () => {
    expect(await order(500, { amount: 1, itemName: 'Free stuff' })).toMatchObject({
      unitPrice: 9,
      amount: 4500,
      itemName: tool.name,
    });
  });

  it('updates the cached catalog with the stock an order took', async () => {
    const stockIn = async () => {
      const home = (await ctx.app.inject({ method: 'GET', url: '/api/tool' })).json<Tool[]>();
      const page = (
        await ctx.app.inject({ method: 'GET', url: '/api/catalog?q=TIER-1' })
      ).json<CatalogPage>();
      return [home.find((t) => t._id === tool.id)?.available, page.items[0]?.available];
    };
    const [before] = await stockIn();
    await order(250);
    expect(await stockIn()).toEqual([Number(before) - 250, Number(before) - 250]);
  });
});
