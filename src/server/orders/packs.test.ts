import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart, QuickAddResult } from '../../shared/api/cart.schemas';
import type { CatalogPage, Tool } from '../../shared/api/catalog.schemas';
import type { ErrorBody } from '../../shared/api/errors';
import { type TestUser, injectAs, signUp, signUpAdmin } from '../test/auth-helpers';
import { insertTool } from '../test/factories';
import { delivery, placeOrderAs } from '../test/order-helpers';
import { createTestApp } from '../test/test-app';

/**
 * Packs (DESIGN §11): a product sold in packs of N takes only whole packs on every way a quantity is
 * entered (the spec's purchase, the cart, quick order in units or packs, a saved list, a quote), each
 * refusal naming the nearest quantities that are; its lower bound is a whole number of packs.
 */

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let admin: TestUser;
let buyer: TestUser;
let bits: Awaited<ReturnType<typeof insertTool>>;
let single: Awaited<ReturnType<typeof insertTool>>;

beforeAll(async () => {
  ctx = await createTestApp();
  [admin, buyer] = await Promise.all([signUpAdmin(ctx.app, ctx.db), signUp(ctx.app)]);
  // Bits in boxes of 50; the minimum of 120 is 150 in whole boxes.
  bits = await insertTool(ctx.db, {
    sku: 'FT-BIT-5MM',
    name: 'HSS drill bit 5 mm',
    minOrder: 120,
    orderMultiple: 50,
    unit: 'EA',
    available: 2000,
    priceTiers: [
      { minQuantity: 150, priceCents: 90 },
      { minQuantity: 500, priceCents: 80 },
    ],
  });
  single = await insertTool(ctx.db, { sku: 'FT-SINGLE', name: 'Single tool' });
});
afterAll(async () => {
  await ctx.app.close();
});

const message = (response: { json: () => unknown }) => (response.json() as ErrorBody).error.message;

describe('a product sold in packs', () => {
  it('answers its pack, unit and a lower bound in whole packs', async () => {
    const tool = (await ctx.app.inject({ method: 'GET', url: `/api/buyNow/${bits.id}` })).json<Tool>();
    expect(tool).toMatchObject({ orderMultiple: 50, unit: 'EA', min_order: 120 });
    expect(tool.priceTiers[0]).toEqual({ minQuantity: 150, price: 0.9 });
  });

  it('refuses a purchase in part packs with the nearest whole ones, and takes whole packs', async () => {
    const refused = await injectAs(ctx.app, buyer, {
      method: 'POST',
      url: '/api/purchase',
      payload: { toolId: bits.id, quantity: 175, ...delivery },
    });
    expect(refused.statusCode).toBe(400);
    expect(message(refused)).toBe('Sold in packs of 50 units: order 150 or 200');
    const below = await injectAs(ctx.app, buyer, {
      method: 'POST',
      url: '/api/purchase',
      payload: { toolId: bits.id, quantity: 120, ...delivery },
    });
    expect(message(below)).toMatch(/less than 150/);
    const order = await placeOrderAs(ctx.app, buyer, bits.id, { quantity: 200 });
    expect(order.quantity).toBe(200);
  });

  it('refuses a cart quantity in part packs, and flags a line whose pack changed since', async () => {
    const refused = await injectAs(ctx.app, buyer, {
      method: 'PUT',
      url: `/api/cart/lines/${bits.id}`,
      payload: { quantity: 230 },
    });
    expect(refused.statusCode).toBe(400);
    expect(message(refused)).toBe('HSS drill bit 5 mm: Sold in packs of 50 units: order 200 or 250');
    const taken = await injectAs(ctx.app, buyer, {
      method: 'PUT',
      url: `/api/cart/lines/${bits.id}`,
      payload: { quantity: 250 },
    });
    expect(taken.statusCode, taken.body).toBe(200);
    // The shop changes the pack to 100: the line is now in part packs, and says so.
    await injectAs(ctx.app, admin, {
      method: 'PATCH',
      url: `/api/tools/${bits.id}`,
      payload: {
        orderMultiple: 100,
        priceTiers: [
          { minQuantity: 200, price: 0.9 },
          { minQuantity: 500, price: 0.8 },
        ],
      },
    });
    const cart = (await injectAs(ctx.app, buyer, { method: 'GET', url: '/api/cart' })).json<Cart>();
    expect(cart.ready).toBe(false);
    expect(cart.lines[0]).toMatchObject({ orderMultiple: 100, minQuantity: 200 });
    expect(cart.lines[0]?.problem).toBe('Sold in packs of 100 units: order 200 or 300');
    await injectAs(ctx.app, admin, {
      method: 'PATCH',
      url: `/api/tools/${bits.id}`,
      payload: {
        orderMultiple: 50,
        priceTiers: [
          { minQuantity: 150, price: 0.9 },
          { minQuantity: 500, price: 0.8 },
        ],
      },
    });
    await injectAs(ctx.app, buyer, { method: 'DELETE', url: '/api/cart' });
  });

  it('reads quick order rows in units or in packs (3 BX = 3 boxes)', async () => {
    const response = await injectAs(ctx.app, buyer, {
      method: 'POST',
      url: '/api/cart/quick-add',
      payload: { text: 'FT-BIT-5MM 175\nFT-SINGLE 2 BX\nFT-BIT-5MM 3 BX\nFT-SINGLE 100 bags', dryRun: true },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { rows } = response.json<QuickAddResult>();
    // FT-BIT-5MM's rows are one line: 175 + 3 boxes of 50 = 325 units, in part packs.
    expect(rows.find((row) => row.row === 1)).toMatchObject({
      ok: false,
      quantity: 325,
      message: 'HSS drill bit 5 mm: Sold in packs of 50 units: order 300 or 350',
    });
    expect(rows.find((row) => row.row === 2)).toMatchObject({
      ok: false,
      message: 'FT-SINGLE is not sold in packs: give a number of units',
    });
    expect(rows.find((row) => row.row === 4)?.message).toMatch(/a number of packs, e.g. FT-BIT-5MM 3 BX/);
    const boxes = await injectAs(ctx.app, buyer, {
      method: 'POST',
      url: '/api/cart/quick-add',
      payload: { text: 'FT-BIT-5MM 3 BX' },
    });
    expect(boxes.json<QuickAddResult>().rows[0]).toMatchObject({ ok: true, quantity: 150 });
    const cart = (await injectAs(ctx.app, buyer, { method: 'GET', url: '/api/cart' })).json<Cart>();
    expect(cart.lines.map((line) => [line.sku, line.quantity])).toEqual([['FT-BIT-5MM', 150]]);
    await injectAs(ctx.app, buyer, { method: 'DELETE', url: '/api/cart' });
  });

  it('refuses a quote request in part packs', async () => {
    const response = await injectAs(ctx.app, buyer, {
      method: 'POST',
      url: '/api/quotes',
      payload: { toolId: bits.id, quantity: 5010, note: '' },
    });
    expect(response.statusCode).toBe(400);
    expect(message(response)).toBe('Sold in packs of 50 units: order 5,000 or 5,050');
  });

  it('refuses price breaks that are no whole number of packs', async () => {
    const response = await injectAs(ctx.app, admin, {
      method: 'PATCH',
      url: `/api/tools/${single.id}`,
      payload: {
        orderMultiple: 25,
        priceTiers: [
          { minQuantity: 100, price: 12.5 },
          { minQuantity: 510, price: 11 },
        ],
      },
    });
    expect(response.statusCode).toBe(400);
    expect(message(response)).toBe('A price break is at a whole number of packs of 25 (510 is not)');
  });

  it('counts a product in stock when a whole-pack lower bound is', async () => {
    const thin = await insertTool(ctx.db, {
      sku: 'FT-THIN',
      name: 'Thinly stocked boxes',
      category: 'Packs',
      minOrder: 100,
      orderMultiple: 60,
      available: 110,
    });
    const page = (
      await ctx.app.inject({ method: 'GET', url: '/api/catalog?category=packs&inStock=true' })
    ).json<CatalogPage>();
    // Its lower bound is 120 (two packs of 60): 110 units cannot make an order.
    expect(page.items.map((item) => item.sku)).not.toContain(thin.sku);
  });
});
