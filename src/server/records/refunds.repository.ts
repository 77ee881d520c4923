import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { refunds } from '../db/schema';

/**
 * Every query of `refunds` (CONVENTIONS §13): money given back for an order, to its card through the
 * payment provider or to its company's account. A card refund is written `pending` in the transaction
 * that decides it and settled once the provider answers (orders/send-refunds.ts).
 */

export type RefundRow = typeof refunds.$inferSelect;

export async function insertRefund(
  ex: Executor,
  values: Omit<typeof refunds.$inferInsert, 'id'>,
): Promise<RefundRow> {
  const [row] = await ex.insert(refunds).values(values).returning();
  if (!row) throw new Error('The refund was not stored');
  return row;
}

/** The refunds of these orders, each order's oldest first. */
export async function refundsOf(
  ex: Executor,
  orderIds: readonly string[],
): Promise<Map<string, RefundRow[]>> {
  const byOrder = new Map<string, RefundRow[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await ex
    .select()
    .from(refunds)
    .where(inArray(refunds.orderId, [...orderIds]))
    .orderBy(asc(refunds.requestedAt), asc(refunds.id));
  for (const row of rows) byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), row]);
  return byOrder;
}

export async function findRefund(ex: Executor, id: string): Promise<RefundRow | null> {
  const [row] = await ex.select().from(refunds).where(eq(refunds.id, id));
  return row ?? null;
}

/** Pending card refunds asked for at or before `before`, oldest first: the ones to send (again). */
export async function pendingRefunds(ex: Executor, before: Date, limit: number): Promise<RefundRow[]> {
  return ex
    .select()
    .from(refunds)
    .where(and(eq(refunds.status, 'pending'), lte(refunds.requestedAt, before)))
    .orderBy(asc(refunds.requestedAt))
    .limit(limit);
}

/** Counts a send of a pending refund (the provider did not answer, or not yet). */
export async function countRefundAttempt(ex: Executor, id: string): Promise<void> {
  await ex
    .update(refunds)
    .set({ attempts: sql`${refunds.attempts} + 1` })
    .where(eq(refunds.id, id));
}

/**
 * Settles a pending refund as the provider answered: `succeeded` with its refund id, or `failed` with
 * its reason. Answers the refund as settled, or null when it was settled already (by a retry that
 * answered first).
 */
export async function settleRefund(
  ex: Executor,
  id: string,
  outcome: { providerRefundId: string } | { failure: string },
  at: Date,
): Promise<RefundRow | null> {
  const [row] = await ex
    .update(refunds)
    .set({
      ...('providerRefundId' in outcome
        ? { status: 'succeeded' as const, providerRefundId: outcome.providerRefundId }
        : { status: 'failed' as const, failure: outcome.failure }),
      settledAt: at,
      attempts: sql`${refunds.attempts} + 1`,
    })
    .where(and(eq(refunds.id, id), eq(refunds.status, 'pending')))
    .returning();
  return row ?? null;
}

/** Refunds decided since `since` that were not refused: how many, and what they gave back. */
export async function refundsSince(ex: Executor, since: Date): Promise<{ count: number; cents: number }> {
  const [row] = await ex
    .select({
      count: sql<number>`count(*)::int`.mapWith(Number),
      cents: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::bigint`.mapWith(Number),
    })
    .from(refunds)
    .where(and(gte(refunds.requestedAt, since), sql`${refunds.status} <> 'failed'`));
  return row ?? { count: 0, cents: 0 };
}
