import { type SQL, and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { ReturnStatus } from '../../../shared/domain/returns';
import type { Executor } from '../../db/database';
import { creditNotes, orderLines, orders, returnLines, returns } from '../../db/schema';
import { visibleTo } from '../../identity/access';
import type { SessionUser } from '../../identity/request-user';

/**
 * Every query of `returns` and their `return_lines` (CONVENTIONS §13). Recording a return counts its
 * units on the order's lines (order_lines.returned_quantity, which a CHECK keeps within what shipped),
 * so two returns asked at once can never return a unit twice; a rejected return gives them back.
 */

export type ReturnRow = typeof returns.$inferSelect;
export type ReturnLineRow = typeof returnLines.$inferSelect;
/** A return with its lines, in line order, and its order's number. */
export type OrderReturn = ReturnRow & { lines: ReturnLineRow[]; orderNumber: number };

export async function insertReturn(
  ex: Executor,
  values: Omit<typeof returns.$inferInsert, 'id' | 'status' | 'updatedAt'>,
  lines: readonly { lineNumber: number; quantity: number; reason: string }[],
): Promise<ReturnRow> {
  const [row] = await ex
    .insert(returns)
    .values({ ...values, status: 'requested', updatedAt: values.requestedAt })
    .returning();
  if (!row) throw new Error('The return was not stored');
  await ex
    .insert(returnLines)
    .values(lines.map((line) => ({ ...line, returnId: row.id, orderId: row.orderId })));
  await countReturnedUnits(ex, row.orderId, lines, 1);
  return row;
}

/** Adds (or, with -1, takes back) a return's units to its order lines' returned units. */
async function countReturnedUnits(
  ex: Executor,
  orderId: string,
  lines: readonly { lineNumber: number; quantity: number }[],
  sign: 1 | -1,
): Promise<void> {
  for (const { lineNumber, quantity } of lines) {
    await ex
      .update(orderLines)
      .set({ returnedQuantity: sql`${orderLines.returnedQuantity} + ${sign * quantity}` })
      .where(and(eq(orderLines.orderId, orderId), eq(orderLines.lineNumber, lineNumber)));
  }
}

/** These returns with their lines and their orders' numbers, in the order given. */
async function withReturnLines(ex: Executor, rows: readonly ReturnRow[]): Promise<OrderReturn[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const lines = await ex
    .select()
    .from(returnLines)
    .where(inArray(returnLines.returnId, ids))
    .orderBy(asc(returnLines.lineNumber));
  const numbers = await ex
    .select({ id: orders.id, orderNumber: orders.orderNumber })
    .from(orders)
    .where(inArray(orders.id, [...new Set(rows.map((row) => row.orderId))]));
  return rows.map((row) => ({
    ...row,
    lines: lines.filter((line) => line.returnId === row.id),
    orderNumber: numbers.find((order) => order.id === row.orderId)?.orderNumber ?? 0,
  }));
}

/** One return with its lines, its row locked for the rest of the transaction when asked; or null. */
export async function findReturn(
  ex: Executor,
  id: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<OrderReturn | null> {
  const query = ex.select().from(returns).where(eq(returns.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) return null;
  const [found] = await withReturnLines(ex, [row]);
  return found ?? null;
}

/** An order's returns, oldest first. */
export async function returnsOfOrder(ex: Executor, orderId: string): Promise<OrderReturn[]> {
  const rows = await ex
    .select()
    .from(returns)
    .where(eq(returns.orderId, orderId))
    .orderBy(asc(returns.requestedAt), asc(returns.number));
  return withReturnLines(ex, rows);
}

/**
 * The returns of the orders `caller` may read (their own, and their company's by their roles), newest
 * first; or, for the shop's list, every return of a status.
 */
export async function listReturns(
  ex: Executor,
  filter: { caller: SessionUser } | { status?: ReturnStatus | undefined },
  limit = 200,
): Promise<OrderReturn[]> {
  const where: SQL | undefined =
    'caller' in filter
      ? visibleTo(filter.caller, orders)
      : filter.status
        ? eq(returns.status, filter.status)
        : undefined;
  const rows = await ex
    .select({ row: returns })
    .from(returns)
    .innerJoin(orders, eq(orders.id, returns.orderId))
    .where(where)
    .orderBy(desc(returns.requestedAt), desc(returns.number))
    .limit(limit);
  return withReturnLines(
    ex,
    rows.map(({ row }) => row),
  );
}

/** Moves a locked return on, with what the step records. */
export async function updateReturn(
  ex: Executor,
  id: string,
  set: Partial<Omit<ReturnRow, 'id' | 'number' | 'orderId'>> & { updatedAt: Date },
): Promise<void> {
  await ex.update(returns).set(set).where(eq(returns.id, id));
}

/** Units of a return that was rejected, or that never arrived, may be returned again: they no longer count. */
export async function releaseReturnedUnits(
  ex: Executor,
  orderId: string,
  lines: readonly { lineNumber: number; quantity: number }[],
): Promise<void> {
  await countReturnedUnits(ex, orderId, lines, -1);
}

/** Records what arrived of each line of a locked return: resellable and damaged units. */
export async function recordReceipt(
  ex: Executor,
  returnId: string,
  received: ReadonlyMap<number, { resellable: number; damaged: number }>,
): Promise<void> {
  for (const [lineNumber, { resellable, damaged }] of received) {
    await ex
      .update(returnLines)
      .set({ resellableQuantity: resellable, damagedQuantity: damaged })
      .where(and(eq(returnLines.returnId, returnId), eq(returnLines.lineNumber, lineNumber)));
  }
}

/**
 * Returns asked for since `since`: how many, how many were refunded and what their credit notes gave
 * back, and the reasons most units came back for.
 */
export async function returnsSince(ex: Executor, since: Date, topReasons: number) {
  const [totals] = await ex
    .select({
      count: sql<number>`count(*)::int`.mapWith(Number),
      refunded: sql<number>`count(*) filter (where ${returns.status} = 'refunded')::int`.mapWith(Number),
      cents: sql<number>`coalesce(sum(${creditNotes.amountCents}), 0)::bigint`.mapWith(Number),
    })
    .from(returns)
    .leftJoin(creditNotes, eq(creditNotes.id, returns.creditNoteId))
    .where(gte(returns.requestedAt, since));
  const reasons = await ex
    .select({
      reason: returnLines.reason,
      units: sql<number>`sum(${returnLines.quantity})::int`.mapWith(Number),
    })
    .from(returnLines)
    .innerJoin(returns, eq(returns.id, returnLines.returnId))
    .where(and(gte(returns.requestedAt, since), sql`${returns.status} <> 'rejected'`))
    .groupBy(returnLines.reason)
    .orderBy(desc(sql`sum(${returnLines.quantity})`), asc(returnLines.reason))
    .limit(topReasons);
  return { count: totals?.count ?? 0, refunded: totals?.refunded ?? 0, cents: totals?.cents ?? 0, reasons };
}
