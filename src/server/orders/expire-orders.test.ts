// @module-tag database-specific: the sweep takes rows FOR UPDATE SKIP LOCKED, so that sweeps on several instances never clash
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogCache } from '../catalog/catalog-cache';
import { orders, products } from '../db/schema';
import { type TestUser, signUp } from '../test/auth-helpers';
import { insertTool } from '../test/factories';
import { createTestApp } from '../test/test-app';
import { createTestPaymentProvider } from '../payments/test-provider';
import { expireOverdueOrders } from './expire-orders';
import { placeOrder } from './place-order';
import { testMailContext } from '../test/mail-context';
import { historyOf } from './storage/orders.repository';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let user: TestUser;
const catalogCache = createCatalogCache({ maxAgeMs: 0 });
let provider: ReturnType<typeof createTestPaymentProvider>;

beforeAll(async () => {
  ctx = await createTestApp();
  provider = createTestPaymentProvider(ctx.db);
  user = await signUp(ctx.app);
});
afterAll(async () => {
  await ctx.app.close();
});

describe('order holds', () => {
  it('expire after ORDER_HOLD_HOURS and give the stock back, once', async () => {
    const tool = await insertTool(ctx.db, { available: 400 });
    const placedAt = new Date('2026-05-01T10:00:00Z');
    const session = {
      id: user.id,
      name: user.name,
      email: user.email,
      role: 'user' as const,
      emailVerified: true,
      company: null,
    };
    const input = {
      toolId: tool.id,
      name: 'Buyer',
      address: 'Somewhere 1',
      number: '5550100',
      quantity: 100,
    };
    const { id } = await placeOrder(
      {
        db: ctx.db,
        catalogCache,
        holdHours: 48,
        minUnits: 100,
        maxUnpaid: 3,
        mail: testMailContext(),
        now: () => placedAt,
      },
      session,
      input,
    );
    const stock = async () =>
      (await ctx.db.select().from(products).where(eq(products.id, tool.id)))[0]?.available;
    const status = async () => (await ctx.db.select().from(orders).where(eq(orders.id, id)))[0]?.status;
    expect(await stock()).toBe(300);

    expect(
      await expireOverdueOrders(
        { db: ctx.db, catalogCache, provider, mail: testMailContext() },
        new Date('2026-05-03T09:59:59Z'),
      ),
    ).toBe(0);
    expect(await status()).toBe('unpaid');

    expect(
      await expireOverdueOrders(
        { db: ctx.db, catalogCache, provider, mail: testMailContext() },
        new Date('2026-05-03T10:00:00Z'),
      ),
    ).toBe(1);
    expect(await status()).toBe('expired');
    expect(await stock()).toBe(400);
    // Its timeline, at the times of the process's clock: placed by the buyer, expired by the shop.
    expect(await historyOf(ctx.db, id)).toEqual([
      {
        at: placedAt,
        event: 'placed',
        from: null,
        to: 'unpaid',
        actor: user.email.toLowerCase(),
        byStaff: false,
        note: null,
      },
      {
        at: new Date('2026-05-03T10:00:00Z'),
        event: 'expired',
        from: 'unpaid',
        to: 'expired',
        actor: null,
        byStaff: false,
        note: null,
      },
    ]);

    expect(
      await expireOverdueOrders(
        { db: ctx.db, catalogCache, provider, mail: testMailContext() },
        new Date('2026-06-01T00:00:00Z'),
      ),
    ).toBe(0);
    expect(await stock()).toBe(400);
  });
});
