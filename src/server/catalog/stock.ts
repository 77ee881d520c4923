import { and, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { products } from '../db/schema';

type Executor = Pick<Database, 'update'>;

/**
 * Takes `quantity` units out of stock if, and only if, that many are available: one conditional UPDATE,
 * so concurrent orders can never take stock below zero (DESIGN §4). Answers false when there was not enough.
 */
export async function reserveStock(tx: Executor, productId: string, quantity: number): Promise<boolean> {
  const reserved = await tx
    .update(products)
    .set({ available: sql`${products.available} - ${quantity}` })
    .where(and(eq(products.id, productId), gte(products.available, quantity)))
    .returning({ id: products.id });
  return reserved.length > 0;
}

/** Puts units back (a cancelled or expired order); a deleted product has nothing to return to. */
export async function releaseStock(tx: Executor, productId: string | null, quantity: number): Promise<void> {
  if (!productId) return;
  await tx
    .update(products)
    .set({ available: sql`${products.available} + ${quantity}` })
    .where(eq(products.id, productId));
}
