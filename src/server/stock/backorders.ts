import type { Executor } from '../db/database';
import {
  type OrderLineRow,
  type PlacedOrder,
  cancelOpenUnitsOf,
  fillBackorderedUnits,
  linesAwaitingUnitsOf,
} from '../orders/storage/orders.repository';
import { lockStockOf, moveStock, type ProductStock } from '../records/products.repository';

/**
 * Backorders (DESIGN §4): a line of an accepted quote may wait for units the shop did not have. New
 * stock, and stock that closed orders give back, goes to those lines first, oldest order first.
 */

/**
 * New stock fills backorders first: for each product, the lines of open orders still
 * waiting for units, oldest order first, take what the product now has, before any new order can.
 * Call it in the transaction that added the stock; products are visited in id order, so two such
 * transactions never wait on each other in a cycle. Answers each product's stock afterwards.
 */
export async function fillBackorders(ex: Executor, productIds: readonly string[]): Promise<ProductStock[]> {
  const held: ProductStock[] = [];
  for (const id of [...new Set(productIds)].sort()) {
    const available = await lockStockOf(ex, id);
    if (available !== undefined) held.push({ id, available });
  }
  return fillBackordersOf(ex, held);
}

/**
 * fillBackorders for products whose rows this transaction holds already (an UPDATE of their stock took
 * the lock and answered the stock), in id order: nothing to lock or read again.
 */
async function fillBackordersOf(ex: Executor, held: readonly ProductStock[]): Promise<ProductStock[]> {
  const levels: ProductStock[] = [];
  for (const { id: productId, available: before } of held) {
    let available = before;
    const waiting = await linesAwaitingUnitsOf(ex, productId);
    for (const line of waiting) {
      if (available === 0) break;
      const units = Math.min(available, line.backorderedUnits);
      await fillBackorderedUnits(ex, line, units);
      available -= units;
    }
    if (available !== before)
      levels.push(...(await moveStock(ex, new Map([[productId, available - before]]))));
  }
  return levels;
}

/**
 * Closed orders give back what they had reserved (every unit neither shipped, nor on backorder, nor
 * cancelled before), their open units are cancelled, and the products' other backorders take the
 * stock first. The orders come with their lines as the caller holds them. Answers each product's stock
 * afterwards and each order's lines as they are now.
 */
export async function releaseReservations(
  ex: Executor,
  closed: readonly Pick<PlacedOrder, 'id' | 'lines'>[],
): Promise<{ levels: ProductStock[]; lines: Map<string, OrderLineRow[]> }> {
  const { units, lines } = await cancelOpenUnitsOf(ex, closed);
  return { levels: await returnUnits(ex, units), lines };
}

/**
 * Units that come back to stock (a cancellation's reserved units, a return's resellable ones): they go
 * to the products' backorders first, then on sale. Answers each product's stock afterwards.
 */
export async function returnUnits(ex: Executor, units: Map<string, number>): Promise<ProductStock[]> {
  if (units.size === 0) return [];
  // The update locks each product's row and answers its stock (moveStock visits them in id order).
  const released = await moveStock(ex, units);
  const filled = await fillBackordersOf(ex, released);
  const after = new Map(released.map((level) => [level.id, level.available]));
  for (const level of filled) after.set(level.id, level.available);
  return [...after].map(([id, available]) => ({ id, available }));
}
