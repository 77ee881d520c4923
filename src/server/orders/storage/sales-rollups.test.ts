import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  creditNoteLines,
  creditNotes,
  orderLines,
  orders,
  productSalesChanges,
  salesWindow,
} from '../../db/schema';
import { insertTool } from '../../test/factories';
import { createTestApp } from '../../test/test-app';
import {
  countOrdersByStatus,
  foldSalesRollups,
  revenueByDay,
  topProductsByUnits,
} from './sales-rollups.repository';

/**
 * The dashboard's rollups (migration 0053) against a brute-force count of the orders and lines, through
 * every way a figure changes: an order placed, paid, cancelled, unpaid, deleted; a paid order's lines
 * changed; before the job sums the changes, after, and as the top products' window moves either way.
 */

let ctx: Awaited<ReturnType<typeof createTestApp>>;
type Tool = { id: string; sku: string; name: string };
let tools: Tool[];

type OrderStatus = (typeof orders.$inferInsert)['status'];

/** An order of `lines` ([tool, units] each, a dollar a unit), in `status`, paid at `paidAt` if given. */
async function insertOrder(lines: [Tool | { name: string }, number][], status: OrderStatus, paidAt?: string) {
  const units = lines.reduce((sum, [, quantity]) => sum + quantity, 0);
  const [order] = await ctx.db
    .insert(orders)
    .values({
      buyerName: 'Rollup',
      email: 'rollup@example.com',
      address: '1 Test Road',
      phone: '5550100',
      quantity: units,
      amountCents: units * 110,
      subtotalCents: units * 100,
      taxCents: units * 10,
      status,
      paidAt: paidAt ? new Date(paidAt) : null,
      holdExpiresAt: new Date('2026-06-30T00:00:00Z'),
    })
    .returning({ id: orders.id });
  if (!order) throw new Error('the order was not stored');
  await ctx.db.insert(orderLines).values(
    lines.map(([tool, quantity], i) => ({
      orderId: order.id,
      lineNumber: i + 1,
      productId: 'id' in tool ? tool.id : null,
      sku: 'sku' in tool ? tool.sku : null,
      name: tool.name,
      quantity,
      unitPriceCents: 100,
      amountCents: quantity * 100,
      priceSource: 'tier' as const,
      priceSourceRef: null,
    })),
  );
  return order.id;
}

/** The three figures counted from the orders and lines themselves. */
async function bruteForce(since: string) {
  const allOrders = await ctx.db.select().from(orders);
  const byStatus = new Map<string, number>();
  for (const order of allOrders) byStatus.set(order.status, (byStatus.get(order.status) ?? 0) + 1);
  const start = new Date(`${since}T00:00:00Z`);
  // Sold: paid by card, or invoiced on account.
  const soldAt = (order: (typeof allOrders)[number]) => order.paidAt ?? order.invoicedAt;
  const paid = allOrders.filter((order) => {
    const sold = soldAt(order);
    return sold !== null && sold >= start;
  });
  const days = new Map<string, { day: string; netCents: number; grossCents: number; orders: number }>();
  for (const order of paid) {
    const day = soldAt(order)?.toISOString().slice(0, 10) ?? '';
    const row = days.get(day) ?? { day, netCents: 0, grossCents: 0, orders: 0 };
    row.netCents += order.subtotalCents;
    row.grossCents += order.amountCents;
    row.orders += 1;
    days.set(day, row);
  }
  const lines = await ctx.db.select().from(orderLines);
  // Less what credit notes gave back of each line.
  const credited = await ctx.db.select().from(creditNoteLines);
  const items = new Map<string, { sku: string | null; name: string; units: number; cents: number }>();
  for (const line of lines.filter((line) => paid.some((order) => order.id === line.orderId))) {
    const item = line.sku === null ? `name:${line.name}` : `sku:${line.sku}`;
    const row = items.get(item) ?? { sku: line.sku, name: line.name, units: 0, cents: 0 };
    const back = credited.filter((c) => c.orderId === line.orderId && c.lineNumber === line.lineNumber);
    row.units += line.quantity - back.reduce((sum, c) => sum + c.quantity, 0);
    row.cents += line.amountCents - back.reduce((sum, c) => sum + c.amountCents, 0);
    if (line.name > row.name) row.name = line.name;
    items.set(item, row);
  }
  return {
    byStatus: [...byStatus].map(([status, count]) => ({ status, count })).sort(byKey('status')),
    days: [...days.values()].sort(byKey('day')),
    top: [...items.values()].sort((a, b) => b.units - a.units).slice(0, 10),
  };
}

const byKey =
  <K extends string>(key: K) =>
  (a: Record<K, string>, b: Record<K, string>) =>
    a[key].localeCompare(b[key]);

async function rollups(since: string) {
  return {
    byStatus: (await countOrdersByStatus(ctx.db)).filter((row) => row.count !== 0).sort(byKey('status')),
    days: await revenueByDay(ctx.db, since),
    top: await topProductsByUnits(ctx.db, since, 10),
  };
}

const windowStart = async () => (await ctx.db.select().from(salesWindow))[0]?.fromDay;
const pendingChanges = async () =>
  (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(productSalesChanges))[0]?.n;

beforeAll(async () => {
  ctx = await createTestApp();
  tools = [];
  for (const [i, name] of ['Anvil', 'Bolt', 'Chisel', 'Drill', 'Easel'].entries()) {
    const tool = await insertTool(ctx.db, { sku: `ROLL-${i}`, name, available: 100_000 });
    tools.push({ id: tool.id, sku: `ROLL-${i}`, name });
  }
});
afterAll(async () => {
  await ctx.app.close();
});

describe('the dashboard’s rollups', () => {
  it('answer as a brute-force count does, before and after the job sums them, as the window moves', async () => {
    const [anvil, bolt, chisel, drill, easel] = tools as [Tool, Tool, Tool, Tool, Tool];
    const since = '2026-05-17';
    // Paid before the window, on its first day, inside it; unpaid; a line without a SKU.
    await insertOrder([[anvil, 500]], 'paid', '2026-05-10T08:00:00Z');
    await insertOrder(
      [
        [anvil, 101],
        [bolt, 202],
      ],
      'paid',
      '2026-05-17T00:00:00Z',
    );
    await insertOrder([[chisel, 303]], 'shipped', '2026-06-01T23:59:59Z');
    await insertOrder([[drill, 404]], 'unpaid');
    await insertOrder([[{ name: 'Custom jig' }, 55]], 'paid', '2026-06-02T12:00:00Z');
    expect(await rollups(since)).toEqual(await bruteForce(since));

    // The job sums the changes and moves the window back from today's to the dashboard's first day.
    await foldSalesRollups(ctx.db, since);
    expect(await windowStart()).toBe(since);
    expect(await pendingChanges()).toBe(0);
    expect(await rollups(since)).toEqual(await bruteForce(since));

    // Changes after the sum: an unpaid order paid, a paid one cancelled (it stays sold), a paid line
    // changed, a payment undone, a paid order deleted, a new paid order.
    const unpaid = (await ctx.db.select().from(orders).where(eq(orders.status, 'unpaid')))[0];
    await ctx.db
      .update(orders)
      .set({ status: 'paid', paidAt: new Date('2026-06-10T09:00:00Z') })
      .where(eq(orders.id, unpaid?.id ?? ''));
    const chiselOrder = (await ctx.db.select().from(orders).where(eq(orders.status, 'shipped')))[0];
    await ctx.db
      .update(orders)
      .set({ status: 'cancelled' })
      .where(eq(orders.id, chiselOrder?.id ?? ''));
    await ctx.db
      .update(orderLines)
      .set({ quantity: 250, amountCents: 25_000 })
      .where(eq(orderLines.sku, bolt.sku));
    const undone = await insertOrder([[easel, 77]], 'paid', '2026-06-05T10:00:00Z');
    await ctx.db.update(orders).set({ status: 'unpaid', paidAt: null }).where(eq(orders.id, undone));
    const deleted = await insertOrder([[drill, 1000]], 'paid', '2026-06-06T10:00:00Z');
    await ctx.db.delete(orders).where(eq(orders.id, deleted));
    await insertOrder(
      [
        [easel, 606],
        [bolt, 1],
      ],
      'paid',
      '2026-06-15T11:00:00Z',
    );
    // An order on account counts from its invoice; a credit note takes its units and amount back.
    const onAccount = await insertOrder([[chisel, 700]], 'on_account');
    await ctx.db
      .update(orders)
      .set({ invoicedAt: new Date('2026-06-12T10:00:00Z') })
      .where(eq(orders.id, onAccount));
    const [note] = await ctx.db
      .insert(creditNotes)
      .values({
        number: 900_001,
        orderId: onAccount,
        issuedAt: new Date('2026-06-13T10:00:00Z'),
        reason: 'Cancelled in part',
        subtotalCents: 20_000,
        taxCents: 0,
        amountCents: 20_000,
      })
      .returning({ id: creditNotes.id });
    await ctx.db.insert(creditNoteLines).values({
      creditNoteId: note?.id ?? '',
      orderId: onAccount,
      lineNumber: 1,
      quantity: 200,
      amountCents: 20_000,
      taxCents: 0,
    });
    expect(await pendingChanges()).toBeGreaterThan(0);
    expect(await rollups(since)).toEqual(await bruteForce(since));
    const chiselTop = (await rollups(since)).top.find((row) => row.sku === chisel.sku);
    // 303 (cancelled after its sale, still sold) + 700 on account - 200 credited.
    expect(chiselTop?.units).toBe(803);

    await foldSalesRollups(ctx.db, since);
    expect(await rollups(since)).toEqual(await bruteForce(since));

    // The window moves on: the lines paid before its new first day leave the totals.
    await foldSalesRollups(ctx.db, '2026-06-02');
    expect(await windowStart()).toBe('2026-06-02');
    expect(await rollups('2026-06-02')).toEqual(await bruteForce('2026-06-02'));
    // Any other window is summed from the lines, and answers the same.
    expect(await rollups('2026-05-01')).toEqual(await bruteForce('2026-05-01'));
  });
});
