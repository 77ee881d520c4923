import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../shared/api/orders.schemas';
import { orderLines, orders, products } from '../db/schema';
import { type TestUser, injectAs, signUp, signUpAdmin } from '../test/auth-helpers';
import { insertTool } from '../test/factories';
import { createTestApp } from '../test/test-app';
import { moveOrder } from './order-status-writer';
import { lockOrder } from './storage/orders.repository';
import { TEST_STEP } from '../test/order-helpers';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let alice: TestUser;
let bob: TestUser;
let admin: TestUser;

beforeAll(async () => {
  ctx = await createTestApp();
  [alice, bob, admin] = await Promise.all([signUp(ctx.app), signUp(ctx.app), signUpAdmin(ctx.app, ctx.db)]);
});
afterAll(async () => {
  await ctx.app.close();
});

const buy = (user: TestUser | null, payload: Record<string, unknown>) =>
  injectAs(ctx.app, user, {
    method: 'POST',
    url: '/api/purchase',
    payload: { name: 'Alice Buyer', address: '1 Main St, Springfield', number: '5551234567', ...payload },
  });

async function stockOf(id: string) {
  const [row] = await ctx.db
    .select({ available: products.available })
    .from(products)
    .where(eq(products.id, id));
  return row?.available;
}

async function orderRow(id: string) {
  const [row] = await ctx.db.select().from(orders).where(eq(orders.id, id));
  return row;
}

describe('POST /api/purchase', () => {
  it('checks the bounds: lower-1 and available+1 are refused with the spec messages, lower and available pass', async () => {
    const tool = await insertTool(ctx.db, { minOrder: 150, available: 1000 });
    const below = await buy(alice, { toolId: tool.id, quantity: 149 });
    expect(below.statusCode).toBe(400);
    expect(below.json()).toEqual({
      error: { code: 'VALIDATION_FAILED', message: 'sorry you cannot order less than 150' },
    });

    const above = await buy(alice, { toolId: tool.id, quantity: 1001 });
    expect(above.statusCode).toBe(409);
    expect(above.json()).toEqual({
      error: { code: 'OUT_OF_STOCK', message: 'Sorry, you can not buy more than 1,000' },
    });

    expect((await buy(alice, { toolId: tool.id, quantity: 150 })).statusCode).toBe(201);
    expect(await stockOf(tool.id)).toBe(850);
    expect((await buy(alice, { toolId: tool.id, quantity: 850 })).statusCode).toBe(201);
    expect(await stockOf(tool.id)).toBe(0);
  });

  it('uses the shop floor of 100 when the product minimum is lower', async () => {
    const tool = await insertTool(ctx.db, { minOrder: 10 });
    const response = await buy(alice, { toolId: tool.id, quantity: 99 });
    expect(response.json()).toEqual({
      error: { code: 'VALIDATION_FAILED', message: 'sorry you cannot order less than 100' },
    });
  });

  it('takes the shop floor from ORDER_MIN_UNITS', async () => {
    const small = await createTestApp({ env: { ORDER_MIN_UNITS: '20' } });
    try {
      const buyer = await signUp(small.app);
      const tool = await insertTool(small.db, { minOrder: 10 });
      const order = (quantity: number) =>
        injectAs(small.app, buyer, {
          method: 'POST',
          url: '/api/purchase',
          payload: {
            toolId: tool.id,
            name: 'Small Buyer',
            address: '2 Side St',
            number: '5550199',
            quantity,
          },
        });
      expect((await order(19)).json()).toEqual({
        error: { code: 'VALIDATION_FAILED', message: 'sorry you cannot order less than 20' },
      });
      expect((await order(20)).statusCode).toBe(201);
      const config = await small.app.inject({ method: 'GET', url: '/api/config' });
      expect(config.json()).toMatchObject({ orderMinUnits: 20 });
    } finally {
      await small.app.close();
    }
  });

  it('prices the order itself: a client amount, item name or foreign email changes nothing', async () => {
    const tool = await insertTool(ctx.db, { name: 'Torque Wrench', priceCents: 1999 });
    const response = await buy(alice, {
      toolId: tool.id,
      quantity: 120,
      amount: 1,
      itemName: 'Free gold bar',
      email: bob.email,
    });
    expect(response.statusCode).toBe(201);
    const { insertedId } = response.json<{ acknowledged: true; insertedId: string }>();

    const row = await orderRow(insertedId);
    expect(row).toMatchObject({
      amountCents: 120 * 1999,
      email: alice.email,
      userId: alice.id,
      status: 'unpaid',
      quantity: 120,
    });
    const lines = await ctx.db.select().from(orderLines).where(eq(orderLines.orderId, insertedId));
    expect(lines).toMatchObject([
      {
        lineNumber: 1,
        productId: tool.id,
        name: 'Torque Wrench',
        quantity: 120,
        unitPriceCents: 1999,
        amountCents: 120 * 1999,
        priceSource: 'tier',
      },
    ]);
    const shown = await injectAs(ctx.app, alice, { method: 'GET', url: `/api/purchase/${insertedId}` });
    expect(shown.json()).toMatchObject({
      amount: 2398.8,
      itemName: 'Torque Wrench',
      paid: false,
      status: 'unpaid',
    });
  });

  it('refuses a product whose stock is below its lower bound', async () => {
    const tool = await insertTool(ctx.db, { minOrder: 100, available: 60 });
    const response = await buy(alice, { toolId: tool.id, quantity: 100 });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: { code: 'OUT_OF_STOCK', message: 'Sorry, you can not buy more than 60' },
    });
    expect(await stockOf(tool.id)).toBe(60);
  });

  it('names the bad field of a malformed body, and needs a session', async () => {
    const tool = await insertTool(ctx.db);
    const noAddress = await buy(alice, { toolId: tool.id, quantity: 100, address: '' });
    expect(noAddress.json()).toEqual({
      error: { code: 'VALIDATION_FAILED', message: 'Address: Please enter your address', field: 'address' },
    });
    const fraction = await buy(alice, { toolId: tool.id, quantity: 100.5 });
    expect(fraction.json<{ error: { message: string } }>().error.message).toBe(
      'Quantity: The quantity must be a whole number',
    );
    const extra = await buy(alice, { toolId: tool.id, quantity: 100, paid: true });
    expect(extra.json<{ error: { message: string } }>().error.message).toBe('Unknown field: paid');
    const unknownTool = await buy(alice, { toolId: '5f0c4a3e-8a1b-4c2d-9e3f-0a1b2c3d4e5f', quantity: 100 });
    expect(unknownTool.statusCode).toBe(404);
    expect((await buy(null, { toolId: tool.id, quantity: 100 })).statusCode).toBe(401);
  });
});

describe('reading orders', () => {
  it("lists only the caller's orders; another email is refused unless the caller is an admin", async () => {
    const tool = await insertTool(ctx.db);
    const own = (await buy(bob, { toolId: tool.id, quantity: 100 })).json<{ insertedId: string }>()
      .insertedId;

    const mine = await injectAs(ctx.app, bob, {
      method: 'GET',
      url: `/api/purchase?email=${encodeURIComponent(bob.email)}`,
    });
    expect(mine.json<Order[]>().map((order) => order._id)).toContain(own);
    expect(mine.json<Order[]>().every((order) => order.email === bob.email)).toBe(true);

    const theirs = await injectAs(ctx.app, alice, {
      method: 'GET',
      url: `/api/purchase?email=${encodeURIComponent(bob.email)}`,
    });
    expect(theirs.statusCode).toBe(404); // DESIGN §3: others' orders do not exist for a customer
    const asAdmin = await injectAs(ctx.app, admin, {
      method: 'GET',
      url: `/api/purchase?email=${encodeURIComponent(bob.email)}`,
    });
    expect(asAdmin.json<Order[]>().map((order) => order._id)).toContain(own);
  });

  it("answers 404 for another customer's order, and shows any order to an admin", async () => {
    const tool = await insertTool(ctx.db);
    const id = (await buy(bob, { toolId: tool.id, quantity: 100 })).json<{ insertedId: string }>().insertedId;
    expect((await injectAs(ctx.app, alice, { method: 'GET', url: `/api/purchase/${id}` })).statusCode).toBe(
      404,
    );
    expect((await injectAs(ctx.app, admin, { method: 'GET', url: `/api/purchase/${id}` })).statusCode).toBe(
      200,
    );
    const shown = (await injectAs(ctx.app, bob, { method: 'GET', url: `/api/purchase/${id}` })).json<Order>();
    expect(new Date(shown.holdExpiresAt ?? 0).getTime() - new Date(shown.createdAt).getTime()).toBe(
      48 * 3_600_000,
    );
  });
});

describe('DELETE /api/purchase/:id', () => {
  it('cancels an own unpaid order, gives its stock back and lists it as cancelled', async () => {
    const tool = await insertTool(ctx.db, { available: 500 });
    const id = (await buy(alice, { toolId: tool.id, quantity: 200 })).json<{ insertedId: string }>()
      .insertedId;
    expect(await stockOf(tool.id)).toBe(300);

    const response = await injectAs(ctx.app, alice, { method: 'DELETE', url: `/api/purchase/${id}` });
    expect(response.json()).toEqual({ deletedCount: 1 });
    expect(await stockOf(tool.id)).toBe(500);
    expect((await orderRow(id))?.status).toBe('cancelled');
    const list = await injectAs(ctx.app, alice, {
      method: 'GET',
      url: `/api/purchase?email=${encodeURIComponent(alice.email)}`,
    });
    expect(list.json<Order[]>().find((order) => order._id === id)).toMatchObject({ status: 'cancelled' });

    const again = await injectAs(ctx.app, alice, { method: 'DELETE', url: `/api/purchase/${id}` });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ error: { code: string } }>().error.code).toBe('ORDER_CLOSED');
    expect(await stockOf(tool.id)).toBe(500);
  });

  it("answers 404 for another customer's order and leaves it alone", async () => {
    const tool = await insertTool(ctx.db);
    const id = (await buy(bob, { toolId: tool.id, quantity: 100 })).json<{ insertedId: string }>().insertedId;
    expect(
      (await injectAs(ctx.app, alice, { method: 'DELETE', url: `/api/purchase/${id}` })).statusCode,
    ).toBe(404);
    expect((await orderRow(id))?.status).toBe('unpaid');
  });

  it('refuses to cancel a paid order with 409', async () => {
    const tool = await insertTool(ctx.db);
    const id = (await buy(alice, { toolId: tool.id, quantity: 100 })).json<{ insertedId: string }>()
      .insertedId;
    await moveOrder(ctx.db, id, 'paid', TEST_STEP, { set: { transactionId: `pi_test_${id}` } });

    const response = await injectAs(ctx.app, alice, { method: 'DELETE', url: `/api/purchase/${id}` });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: { code: 'ORDER_ALREADY_PAID', message: 'This order is paid and can no longer be cancelled' },
    });
    expect((await orderRow(id))?.status).toBe('paid');
  });

  it('moves an order its caller hands over only as read under its lock, without locking it again', async () => {
    const tool = await insertTool(ctx.db);
    const id = (await buy(alice, { toolId: tool.id, quantity: 100 })).json<{ insertedId: string }>()
      .insertedId;
    const read = await orderRow(id);
    if (!read) throw new Error('The order was not stored');
    // @ts-expect-error A row read without its lock is no Locked<OrderRow>: the writer would move it unlocked.
    const unlocked: Parameters<typeof moveOrder>[1] = read;
    expect(typeof unlocked).toBe('object');
    const moved = await ctx.db.transaction(async (tx) => {
      const held = await lockOrder(tx, id);
      if (!held) throw new Error('The order is gone');
      return moveOrder(tx, held, 'paid', TEST_STEP, { set: { transactionId: `pi_test_${id}` } });
    });
    expect(moved?.status).toBe('paid');
    expect((await orderRow(id))?.status).toBe('paid');
  });
});
