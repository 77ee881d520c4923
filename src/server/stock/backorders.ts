import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { type ProductStock, releaseStockOf } from './stock';
import type { Executor } from '../db/database';
import { orderLines, orders, products } from '../db/schema';

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
    const waiting = await ex
      .select({
        orderId: orderLines.orderId,
        lineNumber: orderLines.lineNumber,
        backorderedUnits: orderLines.backorderedUnits,
      })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(
        and(
          eq(orderLines.productId, productId),
          gt(orderLines.backorderedUnits, 0),
          inArray(orders.status, ['awaiting_freight', 'awaiting_approval', 'unpaid', 'paid']),
        ),
      )
      .orderBy(asc(orders.createdAt), asc(orders.id), asc(orderLines.lineNumber))
      // An order being closed right now (the expiry job holds it) gives its units back itself.
      .for('update', { of: orders, skipLocked: true });
    for (const line of waiting) {
      if (available === 0) break;
      const units = Math.min(available, line.backorderedUnits);
      await ex
        .update(orderLines)
        .set({ backorderedUnits: sql`${orderLines.backorderedUnits} - ${units}` })
        .where(and(eq(orderLines.orderId, line.orderId), eq(orderLines.lineNumber, line.lineNumber)));
      await ex.update(orders).set({ updatedAt: new Date() }).where(eq(orders.id, line.orderId));
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
  const lines = await ex
    .select({
      productId: orderLines.productId,
      quantity: orderLines.quantity,
      backorderedUnits: orderLines.backorderedUnits,
    })
    .from(orderLines)
    .where(inArray(orderLines.orderId, [...closedOrderIds]));
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
