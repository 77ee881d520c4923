import { MAX_STOCK_UNITS } from '../../shared/api/products.schemas';
import type { AddProductBody, UpdateProductBody } from '../../shared/api/products.schemas';
import { messages } from '../../shared/messages';
import { dollarsToCents } from '../../shared/money';
import type { Database } from '../db/database';
import { DomainError } from '../http/domain-error';
import type { CatalogCache } from './catalog-cache';
import { deleteProduct, findProduct, insertProduct, updateProduct } from './products.repository';

interface Deps {
  db: Database;
  catalogCache: CatalogCache;
}

const missing = () => new DomainError('NOT_FOUND', messages.productNotFound);

/** An admin adds a product (spec §7 POST /addproduct); the home grid shows it at once. */
export async function addProduct({ db, catalogCache }: Deps, body: AddProductBody): Promise<{ id: string }> {
  const row = await insertProduct(db, {
    name: body.name,
    imageUrl: body.img,
    description: body.dis,
    minOrder: body.min_order,
    available: body.available,
    priceCents: dollarsToCents(body.price),
  });
  catalogCache.invalidate();
  return row;
}

/**
 * An admin edits a product. Stock moves by a difference in one conditional update, so units reserved by
 * orders placed meanwhile stay reserved, and stock never goes below zero.
 */
export async function editProduct(
  { db, catalogCache }: Deps,
  id: string,
  body: UpdateProductBody,
): Promise<{ modifiedCount: number }> {
  const changes = {
    name: body.name,
    imageUrl: body.img,
    description: body.dis,
    minOrder: body.min_order,
    priceCents: body.price === undefined ? undefined : dollarsToCents(body.price),
  };
  if (!(await updateProduct(db, id, changes, body.availableChange ?? 0))) {
    const product = await findProduct(db, id);
    if (!product) throw missing();
    throw new DomainError(
      'VALIDATION_FAILED',
      product.available + (body.availableChange ?? 0) < 0
        ? `Only ${product.available} units are unreserved; the stock cannot go below zero`
        : `The stock cannot go above ${MAX_STOCK_UNITS.toLocaleString('en-US')} units (it is ${product.available} now)`,
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
export async function removeProduct(
  { db, catalogCache }: Deps,
  id: string,
): Promise<{ deletedCount: number }> {
  if (!(await deleteProduct(db, id))) throw missing();
  catalogCache.invalidate();
  return { deletedCount: 1 };
}
