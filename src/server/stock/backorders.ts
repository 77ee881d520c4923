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
  const levels: ProductStock[] = [];
  for (const productId of [...new Set(productIds)].sort()) {
    const before = await lockStockOf(ex, productId);
    if (!before) continue;
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
  const released = await moveStock(ex, units);
  const filled = await fillBackorders(
    ex,
    released.map((level) => level.id),
  );
  const after = new Map(released.map((level) => [level.id, level.available]));
  for (const level of filled) after.set(level.id, level.available);
  return [...after].map(([id, available]) => ({ id, available }));
}
