import { and, eq, gte, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { products } from '../db/schema';

/**
 * A product's stock (DESIGN §4): reserved by an order in one conditional update, given back when
 * orders close, and taken for backorders (backorders.ts). Below the catalog and the orders, which both
 * move it; it knows only the products table.
 */

/** A product's lower bound in SQL, by the rule of shared/domain/order-quantity.ts (lowerBound). */
export function lowerBoundOf(floor: number): SQL {
  return sql`greatest(${products.minOrder}, ${floor})`;
}

/** A product's stock after it moved: what the catalog cache updates in place. */
export interface ProductStock {
  id: string;
  available: number;
}

/**
 * The order's reservation in one conditional UPDATE, so concurrent orders can never take stock below
 * zero (DESIGN §4): takes `quantity` units when the product exists,
 * has that many, and `quantity` reaches its lower bound (max of `floor` and its own minimum), and
 * answers what the order needs of the product; null when any of that fails (the caller then reads the
 * product once to say which). The fast path reads nothing before it. (An accepted quote, whose
 * quantity was agreed with the shop, takes its stock through orders/backorders.ts instead.)
 */
export async function reserveStockFor(ex: Executor, productId: string, quantity: number, floor: number) {
  const [reserved] = await ex
    .update(products)
    .set({ available: sql`${products.available} - ${quantity}` })
    .where(
      and(
        eq(products.id, productId),
        gte(products.available, quantity),
        sql`${lowerBoundOf(floor)} <= ${quantity}`,
      ),
    )
    .returning({
      id: products.id,
      sku: products.sku,
      name: products.name,
      minOrder: products.minOrder,
      priceTiers: products.priceTiers,
      available: products.available,
    });
  return reserved ?? null;
}

/**
 * Gives back the stock of several orders at once (cancelled or expired; a deleted product has nothing
 * to return to): one update per product, in product id order, so that two transactions doing this never
 * wait on each other in a cycle (no deadlock). Answers each product's stock afterwards.
 */
export async function releaseStockOf(
  ex: Executor,
  orders: { productId: string | null; quantity: number }[],
): Promise<ProductStock[]> {
  const units = new Map<string, number>();
  for (const { productId, quantity } of orders) {
    if (productId) units.set(productId, (units.get(productId) ?? 0) + quantity);
  }
  const levels: ProductStock[] = [];
  for (const productId of [...units.keys()].sort()) {
    const [level] = await ex
      .update(products)
      .set({ available: sql`${products.available} + ${units.get(productId) ?? 0}` })
      .where(eq(products.id, productId))
      .returning({ id: products.id, available: products.available });
    if (level) levels.push(level);
  }
  return levels;
}
