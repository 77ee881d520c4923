import { NO_CONTROL_CHARACTERS } from '../../shared/api/text';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Category, Tool } from '../../shared/api/catalog.schemas';
import { orderLines, orders, products } from '../db/schema';
import { type TestUser, injectAs, signUp, signUpAdmin } from '../test/auth-helpers';
import { insertTool } from '../test/factories';
import { createTestApp } from '../test/test-app';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let admin: TestUser;
let customer: TestUser;

beforeAll(async () => {
  ctx = await createTestApp();
  [admin, customer] = await Promise.all([signUpAdmin(ctx.app, ctx.db), signUp(ctx.app)]);
});
afterAll(async () => {
  await ctx.app.close();
});

const product = {
  sku: 'HEX-9',
  name: 'Hex Key Set, 9 pcs',
  img: 'https://cdn.example.com/hex-keys.png',
  dis: 'Ball-end hex keys 1.5-10 mm in a clip holder.',
  category: 'Hand Tools',
  min_order: 200,
  available: 3000,
  price: 6.45,
};
let skus = 0;
/** The product with a SKU of its own, as each added product needs. */
const fresh = (overrides: Record<string, unknown> = {}) => ({
  ...product,
  sku: `HEX-${++skus}`,
  ...overrides,
});

describe('POST /api/addproduct', () => {
  it('adds a product that the home grid lists at once, price stored in cents', async () => {
    const response = await injectAs(ctx.app, admin, {
      method: 'POST',
      url: '/api/addproduct',
      // How it is taxed and shipped: reduced tax, 350 g a unit, 50 to a carton.
      payload: { ...product, taxClass: 'reduced', weightKg: 0.35, unitsPerCarton: 50 },
    });
    expect(response.statusCode).toBe(201);
    const { insertedId } = response.json<{ insertedId: string }>();
    const [row] = await ctx.db.select().from(products).where(eq(products.id, insertedId));
    expect(row).toMatchObject({ priceCents: 645, weightGrams: 350, unitsPerCarton: 50, taxClass: 'reduced' });
    const grid = await ctx.app.inject({ method: 'GET', url: '/api/tool' });
    const { category, ...fields } = product;
    expect(grid.json<Tool[]>().find((tool) => tool._id === insertedId)).toEqual({
      _id: insertedId,
      ...fields,
      category: { slug: 'hand-tools', name: category },
      priceTiers: [{ minQuantity: 200, price: 6.45 }],
      featured: false,
      taxClass: 'reduced',
      weightKg: 0.35,
      unitsPerCarton: 50,
      specs: {},
      unit: 'EA',
      orderMultiple: 1,
      leadTimeDays: 0,
      family: null,
      options: {},
      documents: [],
    });
  });

  it("takes the specification's payload as it is: a SKU is made and the product goes to General", async () => {
    const response = await injectAs(ctx.app, admin, {
      method: 'POST',
      url: '/api/addproduct',
      // spec §7: POST /addproduct with name, img, dis, min_order, available, price and nothing else.
      payload: {
        name: 'Spec Hammer',
        img: 'https://example.com/hammer.png',
        dis: 'A hammer',
        min_order: 100,
        available: 500,
        price: 4.5,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const { insertedId } = response.json<{ insertedId: string }>();
    const grid = await ctx.app.inject({ method: 'GET', url: '/api/catalog?q=Spec%20Hammer' });
    const tool = grid.json<{ items: Tool[] }>().items.find((item) => item._id === insertedId);
    expect(tool?.sku).toMatch(/^FT-[0-9A-F]{10}$/);
    expect(tool?.category).toEqual({ slug: 'general', name: 'General' });
  });

  it('stores price breaks, a new category, and the featured mark', async () => {
    const response = await injectAs(ctx.app, admin, {
      method: 'POST',
      url: '/api/addproduct',
      payload: fresh({
        sku: ' hex-tiers ',
        category: 'Allen  Keys',
        featured: true,
        priceTiers: [
          { minQuantity: 200, price: 6.45 },
          { minQuantity: 500, price: 5.9 },
          { minQuantity: 1000, price: 5.5 },
        ],
      }),
    });
    expect(response.statusCode).toBe(201);
    const tool = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/buyNow/${response.json<{ insertedId: string }>().insertedId}`,
      })
    ).json<Tool>();
    expect(tool).toMatchObject({
      sku: 'HEX-TIERS',
      category: { slug: 'allen-keys', name: 'Allen  Keys' },
      featured: true,
      price: 6.45,
      priceTiers: [
        { minQuantity: 200, price: 6.45 },
        { minQuantity: 500, price: 5.9 },
        { minQuantity: 1000, price: 5.5 },
      ],
    });
    const categories = (await ctx.app.inject({ method: 'GET', url: '/api/categories' })).json<Category[]>();
    expect(categories).toContainEqual({ slug: 'allen-keys', name: 'Allen  Keys', count: 1 });
  });

  it("takes a picture of this site by its path, as the demo catalog's are", async () => {
    const response = await injectAs(ctx.app, admin, {
      method: 'POST',
      url: '/api/addproduct',
      payload: fresh({ img: '/images/tools/claw-hammer.svg' }),
    });
    expect(response.statusCode).toBe(201);
  });

  it('refuses a SKU another product has, naming it', async () => {
    const first = await injectAs(ctx.app, admin, {
      method: 'POST',
      url: '/api/addproduct',
      payload: fresh({ sku: 'TWICE-1' }),
    });
    expect(first.statusCode).toBe(201);
    const second = await injectAs(ctx.app, admin, {
      method: 'POST',
      url: '/api/addproduct',
      payload: fresh({ sku: 'twice-1', name: 'Another' }),
    });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({
      error: { code: 'SKU_TAKEN', message: 'The SKU TWICE-1 is already used by Hex Key Set, 9 pcs' },
    });
  });

  it.each([
    [
      { priceTiers: [{ minQuantity: 100, price: 6.45 }] },
      'The first price break must start at the minimum order (200 units)',
    ],
    [
      {
        priceTiers: [
          { minQuantity: 200, price: 6.45 },
          { minQuantity: 150, price: 6 },
        ],
      },
      'Price break 2: its quantity must be above 200 units (breaks go up in quantity)',
    ],
    [
      {
        priceTiers: [
          { minQuantity: 200, price: 6.45 },
          { minQuantity: 500, price: 7 },
        ],
      },
      'Price break 2: its price must not be above $6.45 (prices never rise with quantity)',
    ],
  ])('refuses price breaks %j that break the rule', async (tiers, message) => {
    const response = await injectAs(ctx.app, admin, {
      method: 'POST',
      url: '/api/addproduct',
      payload: fresh(tiers),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code: 'VALIDATION_FAILED', message } });
  });

  it.each([
    [{ ...product, name: ' ' }, 'Name: Please Full Fill All Field'],
    [{ ...product, img: 'ftp://example.com/x.png' }, 'Picture: The image must be an http(s) web address'],
    [{ ...product, img: '//example.com/x.png' }, 'Picture: The image must be an http(s) web address'],
    [{ ...product, img: '/images/../api/x.png' }, 'Picture: The image must be an http(s) web address'],
    [{ ...product, min_order: 0 }, 'Minimum order: The minimum order must be at least 1 unit'],
    [{ ...product, available: 12.5 }, 'Available: The available quantity must be a whole number of units'],
    [{ ...product, price: 0 }, 'Price: The price must be at least $0.01'],
    [{ ...product, price: 1e-9 }, 'Price: The price must be at least $0.01'],
    [{ ...product, name: 'Hex\u0000Keys' }, `Name: ${NO_CONTROL_CHARACTERS}`],
    [
      { ...product, available: 2 ** 31 },
      'Available: The available quantity is too large (at most 10,000,000)',
    ],
    [{ ...product, price: 1.999 }, 'Price: The price must be in dollars and cents (at most two decimals)'],
    [{ ...product, colour: 'red' }, 'Unknown field: colour'],
    [
      { ...product, sku: 'no spaces' },
      'SKU: The SKU is 2 to 40 letters, digits and dashes, starting with a letter or digit',
    ],
    [{ ...product, category: ' ' }, 'Category: Please choose a category'],
    [
      { ...product, priceTiers: [{ minQuantity: 200, price: 6 }] },
      'Price tiers: The first price break is the price per unit',
    ],
  ])('refuses %j with a clear message', async (payload, message) => {
    const response = await injectAs(ctx.app, admin, { method: 'POST', url: '/api/addproduct', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: { message: string } }>().error.message).toBe(message);
  });

  it('answers 403 to customers and 401 to visitors', async () => {
    expect(
      (await injectAs(ctx.app, customer, { method: 'POST', url: '/api/addproduct', payload: product }))
        .statusCode,
    ).toBe(403);
    expect(
      (await injectAs(ctx.app, null, { method: 'POST', url: '/api/addproduct', payload: product }))
        .statusCode,
    ).toBe(401);
  });
});

describe('PATCH /api/tools/:id', () => {
  it('edits fields and moves stock by a difference, keeping units reserved meanwhile', async () => {
    const tool = await insertTool(ctx.db, { available: 500 });
    // A customer reserves 100 units after the admin opened the edit form showing 500.
    await injectAs(ctx.app, customer, {
      method: 'POST',
      url: '/api/purchase',
      payload: { toolId: tool.id, name: 'C', address: 'Road 1', number: '5550100', quantity: 100 },
    });
    const response = await injectAs(ctx.app, admin, {
      method: 'PATCH',
      url: `/api/tools/${tool.id}`,
      payload: { name: 'Renamed', price: 9.99, availableChange: 100 },
    });
    expect(response.json()).toEqual({ modifiedCount: 1 });
    const [row] = await ctx.db.select().from(products).where(eq(products.id, tool.id));
    expect(row).toMatchObject({ name: 'Renamed', priceCents: 999, available: 500 });
  });

  it('refuses to take stock below zero', async () => {
    const tool = await insertTool(ctx.db, { available: 50 });
    const response = await injectAs(ctx.app, admin, {
      method: 'PATCH',
      url: `/api/tools/${tool.id}`,
      payload: { availableChange: -51 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: { message: string } }>().error.message).toBe(
      'Only 50 units are unreserved; the stock cannot go below zero',
    );
  });
});

describe('DELETE /api/tools/:id', () => {
  it('deletes the product; its orders keep their details and stay cancellable', async () => {
    const tool = await insertTool(ctx.db, { name: 'Soon Gone', priceCents: 1000 });
    const placed = await injectAs(ctx.app, customer, {
      method: 'POST',
      url: '/api/purchase',
      payload: { toolId: tool.id, name: 'C', address: 'Road 1', number: '5550100', quantity: 100 },
    });
    const orderId = placed.json<{ insertedId: string }>().insertedId;

    const response = await injectAs(ctx.app, admin, { method: 'DELETE', url: `/api/tools/${tool.id}` });
    expect(response.json()).toEqual({ deletedCount: 1 });
    expect((await ctx.app.inject({ method: 'GET', url: `/api/buyNow/${tool.id}` })).statusCode).toBe(404);

    const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ quantity: 100, amountCents: 100_000, status: 'unpaid' });
    const lines = await ctx.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
    expect(lines).toMatchObject([
      { productId: null, name: 'Soon Gone', quantity: 100, unitPriceCents: 1000, amountCents: 100_000 },
    ]);
    const cancel = await injectAs(ctx.app, customer, { method: 'DELETE', url: `/api/purchase/${orderId}` });
    expect(cancel.json()).toEqual({ deletedCount: 1 });

    expect(
      (await injectAs(ctx.app, admin, { method: 'DELETE', url: `/api/tools/${tool.id}` })).statusCode,
    ).toBe(404);
  });
});
