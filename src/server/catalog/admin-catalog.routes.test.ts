import { NO_CONTROL_CHARACTERS } from '../../shared/api/text';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tool } from '../../shared/api/catalog.schemas';
import { orders, products } from '../db/schema';
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
  name: 'Hex Key Set, 9 pcs',
  img: 'https://cdn.example.com/hex-keys.png',
  dis: 'Ball-end hex keys 1.5-10 mm in a clip holder.',
  min_order: 200,
  available: 3000,
  price: 6.45,
};

describe('POST /api/addproduct', () => {
  it('adds a product that the home grid lists at once, price stored in cents', async () => {
    const response = await injectAs(ctx.app, admin, {
      method: 'POST',
      url: '/api/addproduct',
      payload: product,
    });
    expect(response.statusCode).toBe(201);
    const { insertedId } = response.json<{ insertedId: string }>();
    const [row] = await ctx.db.select().from(products).where(eq(products.id, insertedId));
    expect(row?.priceCents).toBe(645);
    const grid = await ctx.app.inject({ method: 'GET', url: '/api/tool' });
    expect(grid.json<Tool[]>().find((tool) => tool._id === insertedId)).toEqual({
      _id: insertedId,
      ...product,
    });
  });

  it.each([
    [{ ...product, name: ' ' }, 'name: Please Full Fill All Field'],
    [{ ...product, img: 'ftp://example.com/x.png' }, 'img: The image must be an http(s) web address'],
    [{ ...product, min_order: 0 }, 'min_order: The minimum order must be at least 1 unit'],
    [{ ...product, available: 12.5 }, 'available: The available quantity must be a whole number of units'],
    [{ ...product, price: 0 }, 'price: The price must be at least $0.01'],
    [{ ...product, price: 1e-9 }, 'price: The price must be at least $0.01'],
    [{ ...product, name: 'Hex\u0000Keys' }, `name: ${NO_CONTROL_CHARACTERS}`],
    [
      { ...product, available: 2 ** 31 },
      'available: The available quantity is too large (at most 10,000,000)',
    ],
    [{ ...product, price: 1.999 }, 'price: The price must be in dollars and cents (at most two decimals)'],
    [{ ...product, featured: true }, 'Unknown field: featured'],
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
    expect(order).toMatchObject({
      productId: null,
      itemName: 'Soon Gone',
      quantity: 100,
      amountCents: 100_000,
      status: 'unpaid',
    });
    const cancel = await injectAs(ctx.app, customer, { method: 'DELETE', url: `/api/purchase/${orderId}` });
    expect(cancel.json()).toEqual({ deletedCount: 1 });

    expect(
      (await injectAs(ctx.app, admin, { method: 'DELETE', url: `/api/tools/${tool.id}` })).statusCode,
    ).toBe(404);
  });
});
