import { and, eq, gte, sql } from 'drizzle-orm';
import type { AddProductBody, UpdateProductBody } from '../../shared/api/products.schemas';
import { dollarsToCents } from '../../shared/money';
import type { Database } from '../db/database';
import { products } from '../db/schema';
import { DomainError } from '../http/domain-error';
import type { CatalogCache } from './catalog-cache';
import { messages } from '../../shared/messages';

interface Deps {
  db: Database;
  catalogCache: CatalogCache;
}

const missing = () => new DomainError('NOT_FOUND', messages.productNotFound);

/** An admin adds a product (spec §7 POST /addproduct); the home grid shows it at once. */
export async function addProduct({ db, catalogCache }: Deps, body: AddProductBody): Promise<{ id: string }> {
  const [row] = await db
    .insert(products)
    .values({
      name: body.name,
      imageUrl: body.img,
      description: body.dis,
      minOrder: body.min_order,
      available: body.available,
      priceCents: dollarsToCents(body.price),
    })
    .returning({ id: products.id });
  if (!row) throw new Error('The product was not stored');
  catalogCache.invalidate();
  return row;
}

/**
 * An admin edits a product. Stock moves by a difference in one conditional update, so units reserved by
 * orders placed meanwhile stay reserved, and stock never goes below zero.
 */
export async function updateProduct(
  { db, catalogCache }: Deps,
  id: string,
  body: UpdateProductBody,
): Promise<{ modifiedCount: number }> {
  const change = body.availableChange ?? 0;
  const [row] = await db
    .update(products)
    .set({
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.img !== undefined ? { imageUrl: body.img } : {}),
      ...(body.dis !== undefined ? { description: body.dis } : {}),
      ...(body.min_order !== undefined ? { minOrder: body.min_order } : {}),
      ...(body.price !== undefined ? { priceCents: dollarsToCents(body.price) } : {}),
      available: sql`${products.available} + ${change}`,
    })
    .where(and(eq(products.id, id), gte(products.available, -change)))
    .returning({ id: products.id });
  if (!row) {
    const [exists] = await db
      .select({ available: products.available })
      .from(products)
      .where(eq(products.id, id));
    if (!exists) throw missing();
    throw new DomainError(
      'VALIDATION_FAILED',
      `Only ${exists.available} units are unreserved; the stock cannot go below zero`,
    );
  }
  catalogCache.invalidate();
  return { modifiedCount: 1 };
}

/**
 * An admin deletes a product (spec §7 DELETE /tools/{id}). Orders keep their item name, quantity and
 * amount (the reference is set to null); unpaid ones stay payable and cancellable, and cancelling one
 * returns nothing to stock, since the product is gone.
 */
export async function deleteProduct(
  { db, catalogCache }: Deps,
  id: string,
): Promise<{ deletedCount: number }> {
  const deleted = await db.delete(products).where(eq(products.id, id)).returning({ id: products.id });
  if (deleted.length === 0) throw missing();
  catalogCache.invalidate();
  return { deletedCount: 1 };
}
