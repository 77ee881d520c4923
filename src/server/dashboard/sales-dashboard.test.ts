import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SalesDashboard } from '../../shared/api/dashboard.schemas';
import { creditNotes, orderLines, orders, refunds, returnLines, returns } from '../db/schema';
import { signUpAdmin, injectAs } from '../test/auth-helpers';
import { insertTool } from '../test/factories';
import { createTestApp } from '../test/test-app';
import { salesDashboard } from './sales-dashboard';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
const now = new Date('2026-06-15T12:00:00Z');

type OrderStatus = (typeof orders.$inferInsert)['status'];

/** An order as the data set needs it: what matters here is its state, product, units, money and times. */
async function insertOrder(
  tool: { id: string; sku: string; name: string },
  fields: {
    status: OrderStatus;
    quantity: number;
    dollars: number;
    /** Tax and freight on top of the goods, in dollars. */
    charges?: { tax: number; freight: number };
    paidAt?: string;
    holdEndsAt?: string;
  },
) {
  const [order] = await ctx.db
    .insert(orders)
    .values({
      buyerName: 'Data Set',
      email: 'dataset@example.com',
      address: '1 Test Road',
      phone: '5550100',
      quantity: fields.quantity,
      amountCents: (fields.dollars + (fields.charges?.tax ?? 0) + (fields.charges?.freight ?? 0)) * 100,
      subtotalCents: fields.dollars * 100,
      taxCents: (fields.charges?.tax ?? 0) * 100,
      freightCents: (fields.charges?.freight ?? 0) * 100,
      status: fields.status,
      paidAt: fields.paidAt ? new Date(fields.paidAt) : null,
      holdExpiresAt: new Date(fields.holdEndsAt ?? '2026-06-01T00:00:00Z'),
    })
    .returning({ id: orders.id });
  if (!order) throw new Error('the order was not stored');
  await ctx.db.insert(orderLines).values({
    orderId: order.id,
    lineNumber: 1,
    productId: tool.id,
    sku: tool.sku,
    name: tool.name,
    quantity: fields.quantity,
    unitPriceCents: Math.round((fields.dollars * 100) / fields.quantity),
    amountCents: fields.dollars * 100,
    priceSource: 'tier',
    priceSourceRef: null,
  });
  return order.id;
}

beforeAll(async () => {
  ctx = await createTestApp();
  // Stock: A is low (150 < 2 × 100), B is below its own minimum (400 < 500), C has plenty.
  const a = await insertTool(ctx.db, { sku: 'DASH-A', name: 'Anvil', minOrder: 100, available: 150 });
  const b = await insertTool(ctx.db, { sku: 'DASH-B', name: 'Bolt cutter', minOrder: 500, available: 400 });
  const c = await insertTool(ctx.db, { sku: 'DASH-C', name: 'Chisel', available: 100_000 });
  await insertOrder(a, {
    status: 'paid',
    quantity: 300,
    dollars: 3000,
    charges: { tax: 180, freight: 120 },
    paidAt: '2026-06-15T10:00:00Z',
  });
  const shipped = await insertOrder(b, {
    status: 'shipped',
    quantity: 1000,
    dollars: 5000,
    paidAt: '2026-06-14T09:00:00Z',
  });
  // After the sale: 100 of those units came back and were refunded ($500 less a $50 restocking fee)
  // on the 15th; 20 more are asked back; a return of 500 was refused (its reason not counted).
  const [note] = await ctx.db
    .insert(creditNotes)
    .values({
      number: 900_001,
      orderId: shipped,
      issuedAt: new Date('2026-06-15T11:00:00Z'),
      reason: 'Return',
      subtotalCents: 50_000,
      taxCents: 0,
      restockingFeeCents: 5000,
      amountCents: 45_000,
    })
    .returning({ id: creditNotes.id });
  await ctx.db.insert(refunds).values({
    orderId: shipped,
    creditNoteId: note?.id,
    amountCents: 45_000,
    method: 'card',
    status: 'succeeded',
    requestedAt: new Date('2026-06-15T11:00:00Z'),
  });
  for (const [number, status, quantity, reason] of [
    [900_001, 'refunded', 100, 'Wrong size'],
    [900_002, 'requested', 20, 'Damaged in transit'],
    [900_003, 'rejected', 500, 'Changed mind'],
  ] as const) {
    const [asked] = await ctx.db
      .insert(returns)
      .values({
        number,
        orderId: shipped,
        status,
        requestedBy: 'dataset@example.com',
        requestedAt: new Date('2026-06-14T12:00:00Z'),
        creditNoteId: status === 'refunded' ? note?.id : null,
        updatedAt: new Date('2026-06-14T12:00:00Z'),
      })
      .returning({ id: returns.id });
    await ctx.db
      .insert(returnLines)
      .values({ returnId: asked?.id ?? '', orderId: shipped, lineNumber: 1, quantity, reason });
  }
  await insertOrder(a, { status: 'paid', quantity: 200, dollars: 2000, paidAt: '2026-06-14T20:00:00Z' });
  // Paid before the 30 days: counted by state, not in the revenue or the top products.
  await insertOrder(c, { status: 'paid', quantity: 9000, dollars: 9000, paidAt: '2026-05-01T10:00:00Z' });
  await insertOrder(c, { status: 'unpaid', quantity: 100, dollars: 100, holdEndsAt: '2026-06-15T20:00:00Z' });
  await insertOrder(c, { status: 'unpaid', quantity: 100, dollars: 100, holdEndsAt: '2026-06-17T12:00:00Z' });
  await insertOrder(c, { status: 'cancelled', quantity: 100, dollars: 100 });
  await insertOrder(c, { status: 'expired', quantity: 100, dollars: 100 });
});
afterAll(async () => {
  await ctx.app.close();
});

describe('the sales dashboard, against a known data set', () => {
  let dashboard: SalesDashboard;
  beforeAll(async () => {
    dashboard = await salesDashboard({ db: ctx.db, minUnits: 100, now });
  });

  it('sums what paid orders brought in per day, net of tax and freight and gross, every one of the last 30 days', () => {
    expect(dashboard.from).toBe('2026-05-17');
    expect(dashboard.to).toBe('2026-06-15');
    expect(dashboard.revenueByDay).toHaveLength(30);
    expect(dashboard.revenueByDay[0]).toEqual({
      day: '2026-05-17',
      revenue: 0,
      gross: 0,
      orders: 0,
      credited: 0,
      net: 0,
    });
    // The 15th's $500 of goods credited, less the $50 fee kept, comes off that day's revenue.
    expect(dashboard.revenueByDay.slice(-2)).toEqual([
      { day: '2026-06-14', revenue: 7000, gross: 7000, orders: 2, credited: 0, net: 7000 },
      { day: '2026-06-15', revenue: 3000, gross: 3300, orders: 1, credited: 450, net: 2550 },
    ]);
    const total = dashboard.revenueByDay.reduce((sum, day) => sum + day.revenue, 0);
    expect(total).toBe(10_000);
  });

  it('counts refunds and returns, what they gave back, and why units came back (refused returns aside)', () => {
    expect(dashboard.afterSale).toEqual({
      refunds: { count: 1, value: 450 },
      returns: {
        count: 3,
        refunded: 1,
        value: 450,
        topReasons: [
          { reason: 'Wrong size', units: 100 },
          { reason: 'Damaged in transit', units: 20 },
        ],
      },
    });
  });

  it('counts the orders in every state', () => {
    expect(dashboard.ordersByStatus).toEqual([
      { status: 'awaiting_freight', count: 0 },
      { status: 'awaiting_approval', count: 0 },
      { status: 'unpaid', count: 2 },
      { status: 'paid', count: 3 },
      { status: 'shipped', count: 1 },
      { status: 'cancelled', count: 1 },
      { status: 'expired', count: 1 },
      { status: 'rejected', count: 0 },
      { status: 'on_account', count: 0 },
      { status: 'partially_shipped', count: 0 },
    ]);
  });

  it('ranks products by units paid for in the 30 days', () => {
    expect(dashboard.topProducts).toEqual([
      { sku: 'DASH-B', name: 'Bolt cutter', units: 1000, revenue: 5000 },
      { sku: 'DASH-A', name: 'Anvil', units: 500, revenue: 5000 },
    ]);
  });

  it('lists low stock, the scarcest first, and counts what cannot be ordered', () => {
    expect(dashboard.lowStock).toMatchObject({
      total: 2,
      belowMinimum: 1,
      products: [
        { sku: 'DASH-B', available: 400, lowerBound: 500 },
        { sku: 'DASH-A', available: 150, lowerBound: 100 },
      ],
    });
  });

  it('lists unpaid holds ending within 24 hours', () => {
    expect(dashboard.holdsEnding.total).toBe(1);
    expect(dashboard.holdsEnding.orders).toMatchObject([
      { amount: 100, holdExpiresAt: '2026-06-15T20:00:00.000Z', email: 'dataset@example.com' },
    ]);
  });

  it('uses the shop-wide floor for the lower bound (ORDER_MIN_UNITS)', async () => {
    const stricter = await salesDashboard({ db: ctx.db, minUnits: 50_001, now });
    // With a floor of 50,001 units even C's 100,000 are below twice it.
    expect(stricter.lowStock.total).toBe(3);
    expect(stricter.lowStock.belowMinimum).toBe(2);
  });
});

describe('GET /api/admin/dashboard and its links', () => {
  it('answers the dashboard to an admin', async () => {
    const admin = await signUpAdmin(ctx.app, ctx.db);
    const response = await injectAs(ctx.app, admin, { method: 'GET', url: '/api/admin/dashboard' });
    expect(response.statusCode).toBe(200);
    const body = response.json<SalesDashboard>();
    expect(body.revenueByDay).toHaveLength(30);
    expect(body.ordersByStatus.find((row) => row.status === 'paid')?.count).toBe(3);
  });

  it('the filtered lists it links to pick the same orders and products', async () => {
    const admin = await signUpAdmin(ctx.app, ctx.db);
    const get = async <T>(url: string) => (await injectAs(ctx.app, admin, { method: 'GET', url })).json<T>();
    const paidOn14 = await get<{ total: number }>('/api/admin/orders?by=paid&from=2026-06-14&to=2026-06-14');
    expect(paidOn14.total).toBe(2);
    const ofB = await get<{ total: number }>('/api/admin/orders?sku=dash-b');
    expect(ofB.total).toBe(1);
    const low = await get<{ total: number; items: { sku: string }[] }>('/api/catalog?lowStock=true');
    expect(low.items.map((tool) => tool.sku).sort()).toEqual(['DASH-A', 'DASH-B']);
  });
});
