import { and, eq, gte, type SQL, sql } from 'drizzle-orm';
import { startOfUtcDay } from '../../../shared/days';
import type { OrderStatus } from '../../../shared/domain/order-status';
import type { Database, Executor } from '../../db/database';
import {
  dailySales,
  creditNoteLines,
  orderLines,
  orderStatusCounts,
  orders,
  productSalesChanges,
  productSalesRecent,
  salesWindow,
} from '../../db/schema';

// --- The admin's dashboard (DESIGN §9) from its rollups (migration 0053) ---
// Triggers on orders and order lines write change rows; the figures below sum the rows summed so far
// and those written since, so they are exact at every moment, and foldSalesRollups keeps them few.

/** How many orders are in each state now. */
export async function countOrdersByStatus(ex: Executor): Promise<{ status: OrderStatus; count: number }[]> {
  return ex
    .select({
      status: orderStatusCounts.status,
      count: sql<number>`sum(${orderStatusCounts.count})::int`.mapWith(Number),
    })
    .from(orderStatusCounts)
    .groupBy(orderStatusCounts.status);
}

/**
 * What paid orders brought in, per UTC day paid from `since` (a day, YYYY-MM-DD): net of tax and
 * freight, and gross (what was paid); days without sales absent.
 */
export async function revenueByDay(ex: Executor, since: string) {
  const netCents = sql<number>`sum(${dailySales.subtotalCents})::bigint`.mapWith(Number);
  const grossCents = sql<number>`sum(${dailySales.amountCents})::bigint`.mapWith(Number);
  const paidOrders = sql<number>`sum(${dailySales.orders})::int`.mapWith(Number);
  return ex
    .select({ day: dailySales.day, netCents, grossCents, orders: paidOrders })
    .from(dailySales)
    .where(gte(dailySales.day, since))
    .groupBy(dailySales.day)
    .having(sql`${paidOrders} <> 0 or ${grossCents} <> 0`)
    .orderBy(dailySales.day);
}

export interface TopProduct {
  sku: string | null;
  name: string;
  units: number;
  cents: number;
}

/**
 * The products most units were paid for since the UTC day `since`, by SKU (a line without one by its
 * name): from the rolling totals when their window starts that day (the sales-rollups job keeps it at
 * the dashboard's first day), the first rows of an index where summing a month's lines at a million
 * SKUs took seconds; otherwise summed over the order lines, exactly as the totals would be.
 */
export async function topProductsByUnits(ex: Executor, since: string, limit: number): Promise<TopProduct[]> {
  const [window] = await ex.select({ fromDay: salesWindow.fromDay }).from(salesWindow);
  if (window?.fromDay !== since) return topProductsSoldSince(ex, startOfUtcDay(since), limit);
  // The changes not yet folded in can lift any item: the candidates are the totals' first rows, as
  // many more as there are changed items, and the changed items themselves.
  const result: unknown = await ex.execute(sql`
    with pending as (
      select ${productSalesChanges.item} as item, min(${productSalesChanges.sku}) as sku,
             max(${productSalesChanges.name}) as name, sum(${productSalesChanges.units}) as units,
             sum(${productSalesChanges.cents}) as cents
      from ${productSalesChanges} where ${productSalesChanges.day} >= ${since}::date
      group by ${productSalesChanges.item}
    ), candidates as (
      (select ${productSalesRecent.item} as item from ${productSalesRecent}
       order by ${productSalesRecent.units} desc, ${productSalesRecent.sku}, ${productSalesRecent.item}
       limit ${limit} + (select count(*) from pending))
      union
      select item from pending
    ), summed as (
      select coalesce(r.sku, p.sku) as sku, greatest(r.name, p.name) as name,
             coalesce(r.units, 0) + coalesce(p.units, 0) as units, coalesce(r.cents, 0) + coalesce(p.cents, 0) as cents,
             c.item
      from candidates c
      left join ${productSalesRecent} r on r.item = c.item
      left join pending p on p.item = c.item
    )
    select sku, name, units::bigint as units, cents::bigint as cents from summed
    where units <> 0 or cents <> 0
    order by units desc, sku, item
    limit ${limit}`);
  const { rows } = result as { rows: { sku: string | null; name: string; units: string; cents: string }[] };
  return rows.map((row) => ({ ...row, units: Number(row.units), cents: Number(row.cents) }));
}

/**
 * Every line sold between `from` and `to` (a sale: paid by card, or invoiced on account), its units and
 * net amount, and, negative, what credit notes gave back of it (cancelled units, refunded returns): the
 * same rule as the rollup triggers (migration 0056), read from the lines.
 */
const soldLines = (from: Date, to: Date | null) => {
  const sold = sql`coalesce(o.paid_at, o.invoiced_at)`;
  const within = to ? sql`${sold} >= ${from} and ${sold} < ${to}` : sql`${sold} >= ${from}`;
  return sql`
    select sales_rollup_item(l.sku, l.name) as item, l.sku, l.name, l.quantity as units, l.amount_cents as cents
    from ${orders} o join ${orderLines} l on l.order_id = o.id
    where ${within}
    union all
    select sales_rollup_item(l.sku, l.name), l.sku, l.name, -c.quantity, -c.amount_cents
    from ${orders} o join ${creditNoteLines} c on c.order_id = o.id
    join ${orderLines} l on l.order_id = c.order_id and l.line_number = c.line_number
    where ${within}`;
};

/** The products most units were sold of since `since`, read from the lines (a window the totals do not hold). */
async function topProductsSoldSince(ex: Executor, since: Date, limit: number): Promise<TopProduct[]> {
  const result: unknown = await ex.execute(sql`
    select min(sku) as sku, max(name) as name, sum(units)::bigint as units, sum(cents)::bigint as cents
    from (${soldLines(since, null)}) sold
    group by item
    having sum(units) <> 0 or sum(cents) <> 0
    order by sum(units) desc, min(sku), item
    limit ${limit}`);
  const { rows } = result as { rows: { sku: string | null; name: string; units: string; cents: string }[] };
  return rows.map((row) => ({ ...row, units: Number(row.units), cents: Number(row.cents) }));
}

/** An item's units and value added to its rolling total (product_sales_recent as `r`). */
const addedToTheTotals = sql`on conflict (item) do update set units = r.units + excluded.units,
  cents = r.cents + excluded.cents, name = greatest(r.name, excluded.name), sku = coalesce(r.sku, excluded.sku)`;

/**
 * Sums the change rows into one row per state, per day and per item, and moves the top products'
 * window to start on `fromDay`, taking out (or adding back) the lines paid on the days between. One
 * repeatable-read transaction: the changes summed and the lines read are of one moment, so a payment
 * made meanwhile is counted once, by its change row, at the next run. Another process already folding
 * holds the window's row, and this run leaves the work to it. Answers how many change rows it summed.
 */
export async function foldSalesRollups(db: Database, fromDay: string): Promise<number> {
  return db.transaction(
    async (tx) => {
      const [window] = await tx
        .select({ fromDay: salesWindow.fromDay })
        .from(salesWindow)
        .for('update', { skipLocked: true });
      if (!window) return 0;
      // Each statement answers how many rows it took away net: the change rows it summed.
      const folded = async (statement: SQL) =>
        Number(
          ((await tx.execute(statement)) as { rows: { folded: string | number }[] }).rows[0]?.folded ?? 0,
        );
      const statuses = await folded(sql`
        with gone as (delete from ${orderStatusCounts} returning status, count),
        summed as (
          insert into ${orderStatusCounts} (status, count)
          select status, sum(count) from gone group by status having sum(count) <> 0
          returning 1)
        select (select count(*) from gone) - (select count(*) from summed) as "folded"`);
      const days = await folded(sql`
        with gone as (delete from ${dailySales} returning day, orders, subtotal_cents, amount_cents),
        summed as (
          insert into ${dailySales} (day, orders, subtotal_cents, amount_cents)
          select day, sum(orders), sum(subtotal_cents), sum(amount_cents) from gone group by day
          having sum(orders) <> 0 or sum(subtotal_cents) <> 0 or sum(amount_cents) <> 0
          returning 1)
        select (select count(*) from gone) - (select count(*) from summed) as "folded"`);
      // Changes to days before the window are of lines it no longer holds.
      const items = await folded(sql`
        with gone as (delete from ${productSalesChanges} returning day, item, sku, name, units, cents),
        summed as (
          insert into ${productSalesRecent} as r (item, sku, name, units, cents)
          select item, min(sku), max(name), sum(units), sum(cents) from gone
          where day >= ${window.fromDay}::date group by item
          ${addedToTheTotals})
        select count(*) as "folded" from gone`);
      if (fromDay !== window.fromDay) {
        const forward = fromDay > window.fromDay;
        const [from, to] = forward ? [window.fromDay, fromDay] : [fromDay, window.fromDay];
        const sign = forward ? -1 : 1;
        await tx.execute(sql`
          insert into ${productSalesRecent} as r (item, sku, name, units, cents)
          select item, min(sku), max(name), ${sign} * sum(units), ${sign} * sum(cents)
          from (${soldLines(startOfUtcDay(from), startOfUtcDay(to))}) sold
          group by item
          ${addedToTheTotals}`);
        await tx.update(salesWindow).set({ fromDay });
      }
      await tx
        .delete(productSalesRecent)
        .where(and(eq(productSalesRecent.units, 0), eq(productSalesRecent.cents, 0)));
      return statuses + days + items;
    },
    { isolationLevel: 'repeatable read' },
  );
}
