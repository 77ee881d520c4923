import { eq, sql } from 'drizzle-orm';
import { type ProductStock, releaseStockOf } from './stock';
import type { Executor } from '../db/database';
import { products } from '../db/schema';
import { fillBackorderedUnits, linesAwaitingUnitsOf, linesOf } from '../records/orders.repository';

/**
 * Takes up to `quantity` units of a product's stock for an accepted quote: what there is, when there
 * is less. The row is locked first, so concurrent takings count one after the other. Answers the
 * product's details and how many units were taken; null when there is no such product.
 */
export async function takeStockUpTo(ex: Executor, productId: string, quantity: number) {
  const [locked] = await ex
    .select({ available: products.available })
    .from(products)
    .where(eq(products.id, productId))
    .for('no key update');
  if (!locked) return null;
  const taken = Math.min(locked.available, quantity);
  const [product] = await ex
    .update(products)
    .set({ available: sql`${products.available} - ${taken}` })
    .where(eq(products.id, productId))
    .returning({
      id: products.id,
      sku: products.sku,
      name: products.name,
      available: products.available,
    });
  return product ? { product, taken } : null;
}

/**
 * New stock fills backorders first: for each product, the lines of open orders still
 * waiting for units, oldest order first, take what the product now has, before any new order can.
 * Call it in the transaction that added the stock; products are visited in id order, so two such
 * transactions never wait on each other in a cycle. Answers each product's stock afterwards.
 */
export async function fillBackorders(ex: Executor, productIds: readonly string[]): Promise<ProductStock[]> {
  const levels: ProductStock[] = [];
  for (const productId of [...new Set(productIds)].sort()) {
    const [product] = await ex
      .select({ available: products.available })
      .from(products)
      .where(eq(products.id, productId))
      .for('no key update');
    if (!product) continue;
    let available = product.available;
    if (available === 0) continue;
    const waiting = await linesAwaitingUnitsOf(ex, productId);
    for (const line of waiting) {
      if (available === 0) break;
      const units = Math.min(available, line.backorderedUnits);
      await fillBackorderedUnits(ex, line, units);
      available -= units;
    }
    if (available !== product.available) {
      await ex.update(products).set({ available }).where(eq(products.id, productId));
      levels.push({ id: productId, available });
    }
  }
  return levels;
}

/**
 * Gives back what closed orders had reserved (every line's units less those still on backorder),
 * then lets the products' other backorders take it first. Answers each product's stock afterwards.
 */
export async function releaseReservations(
  ex: Executor,
  closedOrderIds: readonly string[],
): Promise<ProductStock[]> {
  if (closedOrderIds.length === 0) return [];
  const lines = [...(await linesOf(ex, closedOrderIds)).values()].flat();
  const released = await releaseStockOf(
    ex,
    lines.map((line) => ({ productId: line.productId, quantity: line.quantity - line.backorderedUnits })),
  );
  const filled = await fillBackorders(
    ex,
    released.map((level) => level.id),
  );
  const after = new Map(released.map((level) => [level.id, level.available]));
  for (const level of filled) after.set(level.id, level.available);
  return [...after].map(([id, available]) => ({ id, available }));
}
