import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import { MAX_STOCK_UNITS } from '../../shared/api/products.schemas';
import type { Tool } from '../../shared/api/catalog.schemas';
import { centsToDollars } from '../../shared/money';
import type { Executor } from '../db/database';
import { products } from '../db/schema';

/**
 * Every query of the `products` table (CONVENTIONS §13): plain functions that take the database or the
 * transaction they run in. Stock only ever moves by a conditional difference, never by overwriting.
 */

export type ProductRow = typeof products.$inferSelect;
export type NewProduct = typeof products.$inferInsert;
export type ProductChanges = Partial<
  Pick<NewProduct, 'name' | 'imageUrl' | 'description' | 'minOrder' | 'priceCents'>
>;

/** The API's product shape (spec §3). */
export function toTool(row: ProductRow): Tool {
  return {
    _id: row.id,
    name: row.name,
    img: row.imageUrl,
    dis: row.description,
    min_order: row.minOrder,
    available: row.available,
    price: centsToDollars(row.priceCents),
  };
}

/** The whole catalog in the order it was added. */
export async function listProducts(ex: Executor): Promise<ProductRow[]> {
  return ex.select().from(products).orderBy(asc(products.createdAt), asc(products.id));
}

export async function findProduct(ex: Executor, id: string): Promise<ProductRow | undefined> {
  const [row] = await ex.select().from(products).where(eq(products.id, id));
  return row;
}

export async function insertProduct(ex: Executor, values: NewProduct): Promise<{ id: string }> {
  const [row] = await ex.insert(products).values(values).returning({ id: products.id });
  if (!row) throw new Error('The product was not stored');
  return row;
}

/**
 * Changes a product's details and moves its stock by `availableChange`, in one conditional update that
 * keeps the stock within 0..MAX_STOCK_UNITS; fields left undefined keep their value. Answers false when
 * nothing was updated (no such product, or a change that would leave those bounds).
 */
export async function updateProduct(
  ex: Executor,
  id: string,
  changes: ProductChanges,
  availableChange: number,
): Promise<boolean> {
  const updated = await ex
    .update(products)
    .set({ ...changes, available: sql`${products.available} + ${availableChange}` })
    .where(
      and(
        eq(products.id, id),
        gte(products.available, -availableChange),
        lte(products.available, MAX_STOCK_UNITS - availableChange),
      ),
    )
    .returning({ id: products.id });
  return updated.length > 0;
}

/** Deletes a product; its orders keep their details (the reference becomes null). */
export async function deleteProduct(ex: Executor, id: string): Promise<boolean> {
  const deleted = await ex.delete(products).where(eq(products.id, id)).returning({ id: products.id });
  return deleted.length > 0;
}

/**
 * The order's reservation in one conditional UPDATE, so concurrent orders can never take stock below
 * zero (DESIGN §4): takes `quantity` units when the product exists,
 * has that many, and `quantity` reaches its lower bound (max of `floor` and its own minimum), and
 * answers what the order needs of the product; null when any of that fails (the caller then reads the
 * product once to say which). The fast path reads nothing before it.
 */
export async function reserveStockFor(
  ex: Executor,
  productId: string,
  quantity: number,
  floor: number,
): Promise<Pick<ProductRow, 'id' | 'name' | 'priceCents'> | null> {
  const [reserved] = await ex
    .update(products)
    .set({ available: sql`${products.available} - ${quantity}` })
    .where(
      and(
        eq(products.id, productId),
        gte(products.available, quantity),
        sql`greatest(${products.minOrder}, ${floor}) <= ${quantity}`,
      ),
    )
    .returning({ id: products.id, name: products.name, priceCents: products.priceCents });
  return reserved ?? null;
}

/** Puts units back (a cancelled or expired order); a deleted product has nothing to return to. */
/**
 * Gives back the stock of several orders at once: one update per product, in product id order, so
 * that two transactions doing this never wait on each other in a cycle (no deadlock).
 */
export async function releaseStockOf(
  ex: Executor,
  orders: { productId: string | null; quantity: number }[],
): Promise<void> {
  const units = new Map<string, number>();
  for (const { productId, quantity } of orders) {
    if (productId) units.set(productId, (units.get(productId) ?? 0) + quantity);
  }
  for (const productId of [...units.keys()].sort()) {
    await releaseStock(ex, productId, units.get(productId) ?? 0);
  }
}

export async function releaseStock(ex: Executor, productId: string | null, quantity: number): Promise<void> {
  if (!productId) return;
  await ex
    .update(products)
    .set({ available: sql`${products.available} + ${quantity}` })
    .where(eq(products.id, productId));
}
