import { kgToGrams } from '../../shared/numbers';
import { randomUUID } from 'node:crypto';
import { categorySlug } from '../../shared/api/catalog.schemas';
import { MAX_STOCK_UNITS } from '../../shared/api/products.schemas';
import type { AddProductBody, UpdateProductBody } from '../../shared/api/products.schemas';
import { lowerBound } from '../../shared/domain/order-quantity';
import { DEFAULT_UNIT } from '../../shared/domain/units';
import { type CentsTier, tierPackProblem, tierProblem } from '../../shared/domain/price-tiers';
import { effectiveTiersInDollars } from '../pricing/price-line';
import { type ProductSpecs, specsProblems } from '../../shared/domain/specifications';
import { messages } from '../../shared/messages';
import { dollarsToCents } from '../../shared/money';
import { type Actor, changedValues, recordAudit } from '../audit/audit.repository';
import type { Database, Executor } from '../db/database';
import { DomainError } from '../http/domain-error';
import { fillBackorders } from '../stock/backorders';
import type { CatalogCache } from './catalog-cache';
import {
  attributesOfCategory,
  deleteProduct,
  findOrCreateCategory,
  findProduct,
  findProductBySku,
  insertProduct,
  type NewProduct,
  type ProductChanges,
  type ProductView,
  updateProduct,
} from '../records/products.repository';

interface Deps {
  db: Database;
  catalogCache: CatalogCache;
  /** The shop-wide smallest order (ORDER_MIN_UNITS): the first price break sits at the lower bound. */
  minUnits: number;
}

const missing = () => new DomainError('NOT_FOUND', messages.productNotFound);

/** A product as the audit log keeps it: the fields an admin sets, prices in cents. */
export function productAuditValues(product: ProductView) {
  return {
    sku: product.sku,
    name: product.name,
    category: product.categoryName,
    image: product.imageUrl,
    description: product.description,
    minOrder: product.minOrder,
    available: product.available,
    priceTiers: product.priceTiers,
    featured: product.featured,
    taxClass: product.taxClass,
    weightKg: product.weightGrams / 1000,
    unitsPerCarton: product.unitsPerCarton,
    specs: product.specs,
    unit: product.unit,
    orderMultiple: product.orderMultiple,
    leadTimeDays: product.leadTimeDays,
    options: product.options,
    documents: product.documents,
  };
}

/** Refuses specifications that the category's attributes do not take, naming every problem. */
export async function checkSpecs(ex: Executor, categoryId: string, specs: ProductSpecs): Promise<void> {
  if (Object.keys(specs).length === 0) return;
  const problems = specsProblems(await attributesOfCategory(ex, categoryId), specs);
  if (problems.length > 0) throw new DomainError('VALIDATION_FAILED', problems.join('; '));
}

/** A unit's weight as stored: whole grams. */
export const gramsOf = (kg: number | undefined) => (kg === undefined ? undefined : kgToGrams(kg));

const productSubject = (product: { sku: string }) => `SKU ${product.sku}`;

async function productNow(ex: Executor, id: string): Promise<ProductView> {
  const product = await findProduct(ex, id);
  if (!product) throw missing();
  return product;
}

/** The price breaks as stored, after the one rule for them (shared/domain/price-tiers) agrees. */
export function checkedTiers(
  tiers: { minQuantity: number; price: number }[],
  lower: number,
  multiple: number,
): { priceTiers: CentsTier[]; priceCents: number } {
  const problem = tierProblem(tiers, lower) ?? tierPackProblem(tiers, multiple);
  const [first] = tiers;
  if (problem || !first) throw new DomainError('VALIDATION_FAILED', problem ?? messages.givePrice);
  return {
    priceTiers: tiers.map((tier) => ({
      minQuantity: tier.minQuantity,
      priceCents: dollarsToCents(tier.price),
    })),
    // The column the catalog sorts and filters by: the price at the lower bound.
    priceCents: dollarsToCents(first.price),
  };
}

/** The category named `name`, created when new; a name without letters or digits names none. */
export async function categoryNamed(ex: Executor, name: string): Promise<string> {
  const slug = categorySlug(name);
  if (!slug) throw new DomainError('VALIDATION_FAILED', messages.categoryNeedsLetters);
  return findOrCreateCategory(ex, slug, name);
}

/** Where a product added without a category goes (the spec's payload has none), as in migration 0006. */
export const DEFAULT_CATEGORY = 'General';

/** A SKU for a product added without one: `FT-` and ten random hex digits, the shape migration 0006 gave. */
export function generatedSku(): string {
  return `FT-${randomUUID().replaceAll('-', '').slice(0, 10).toUpperCase()}`;
}

/** Refuses a SKU another product has, naming that product. */
export async function checkSkuFree(ex: Executor, sku: string, ownId?: string) {
  const holder = await findProductBySku(ex, sku);
  if (holder && holder.id !== ownId) {
    throw new DomainError('SKU_TAKEN', messages.skuTaken(sku, holder.name));
  }
}

/** Two admins saving one SKU at once: the database's unique index refuses the second. */
function isSkuConflict(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ((e as { code?: string }).code === '23505' && e.message.includes('sku')) return true;
  }
  return false;
}

export async function refusingTakenSku<T>(sku: string | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (sku && isSkuConflict(error)) throw new DomainError('SKU_TAKEN', messages.skuTaken(sku));
    throw error;
  }
}

/** An admin adds a product (spec §7 POST /addproduct, DESIGN §9); the catalog shows it at once. */
/** The fields of a new product that its own body gives (a product's, or a family's variant's). */
export type ProductFieldsBody = Omit<AddProductBody, 'name' | 'img' | 'dis' | 'category' | 'sku'>;

/**
 * A new product's row from what its body gives, its breaks checked against its lower bound and its
 * packs, the rest at their defaults; the caller gives what it decides (SKU, name, picture, category).
 */
export function newProductRow(
  body: ProductFieldsBody,
  given: Pick<NewProduct, 'sku' | 'name' | 'imageUrl' | 'description' | 'categoryId'> & Partial<NewProduct>,
  minUnits: number,
): NewProduct {
  const multiple = body.orderMultiple ?? 1;
  const lower = lowerBound(body.min_order, minUnits, multiple);
  return {
    minOrder: body.min_order,
    available: body.available,
    ...checkedTiers(body.priceTiers ?? [{ minQuantity: lower, price: body.price }], lower, multiple),
    featured: body.featured ?? false,
    taxClass: body.taxClass ?? 'standard',
    weightGrams: gramsOf(body.weightKg) ?? 0,
    unitsPerCarton: body.unitsPerCarton ?? 1,
    specs: body.specs ?? {},
    unit: body.unit ?? DEFAULT_UNIT,
    orderMultiple: multiple,
    leadTimeDays: body.leadTimeDays ?? 0,
    documents: body.documents ?? [],
    ...given,
  };
}

export async function addProduct(
  { db, catalogCache, minUnits }: Deps,
  actor: Actor,
  body: AddProductBody,
): Promise<{ id: string }> {
  const sku = body.sku ?? generatedSku();
  // Checked before the transaction: bad breaks never open one.
  newProductRow(body, { sku, name: '', imageUrl: '', description: '', categoryId: '' }, minUnits);
  const row = await refusingTakenSku(sku, () =>
    db.transaction(async (tx) => {
      await checkSkuFree(tx, sku);
      const categoryId = await categoryNamed(tx, body.category ?? DEFAULT_CATEGORY);
      await checkSpecs(tx, categoryId, body.specs ?? {});
      const added = await insertProduct(
        tx,
        newProductRow(
          body,
          { sku, name: body.name, imageUrl: body.img, description: body.dis, categoryId },
          minUnits,
        ),
      );
      const product = await productNow(tx, added.id);
      await recordAudit(tx, actor, {
        action: 'product.add',
        subject: productSubject(product),
        after: productAuditValues(product),
      });
      return added;
    }),
  );
  catalogCache.invalidate();
  return row;
}

/**
 * An admin edits a product. Stock moves by a difference in one conditional update, so units reserved by
 * orders placed meanwhile stay reserved, and stock never goes below zero. A new price or minimum order
 * without new breaks keeps the breaks above the (new) lower bound.
 */
export async function editProduct(
  { db, catalogCache, minUnits }: Deps,
  actor: Actor,
  id: string,
  body: UpdateProductBody,
): Promise<{ modifiedCount: number }> {
  await refusingTakenSku(body.sku, () =>
    db.transaction(async (tx) => {
      // Locked, so an order reserving units meanwhile waits, and the audit log's "before" is exact.
      const product = await findProduct(tx, id, { lock: true });
      if (!product) throw missing();
      if (body.sku !== undefined) await checkSkuFree(tx, body.sku, id);
      if (
        product.familyId &&
        body.category !== undefined &&
        categorySlug(body.category) !== product.categorySlug
      ) {
        throw new DomainError('VALIDATION_FAILED', messages.variantCategory);
      }
      const changes: ProductChanges = {
        sku: body.sku,
        name: body.name,
        imageUrl: body.img,
        description: body.dis,
        minOrder: body.min_order,
        featured: body.featured,
        taxClass: body.taxClass,
        weightGrams: gramsOf(body.weightKg),
        unitsPerCarton: body.unitsPerCarton,
        categoryId: body.category === undefined ? undefined : await categoryNamed(tx, body.category),
        specs: body.specs,
        unit: body.unit,
        orderMultiple: body.orderMultiple,
        leadTimeDays: body.leadTimeDays,
        documents: body.documents,
      };
      // New specifications, or a new category, are checked against the category's attributes.
      if (changes.specs !== undefined || (changes.categoryId && changes.categoryId !== product.categoryId)) {
        await checkSpecs(tx, changes.categoryId ?? product.categoryId, changes.specs ?? product.specs);
      }
      if (
        body.priceTiers ||
        body.price !== undefined ||
        body.min_order !== undefined ||
        body.orderMultiple !== undefined
      ) {
        const bounds = {
          minOrder: body.min_order ?? product.minOrder,
          orderMultiple: body.orderMultiple ?? product.orderMultiple,
        };
        const lower = lowerBound(bounds.minOrder, minUnits, bounds.orderMultiple);
        const kept = effectiveTiersInDollars({ ...bounds, priceTiers: product.priceTiers }, minUnits);
        if (body.price !== undefined) kept[0] = { minQuantity: lower, price: body.price };
        Object.assign(changes, checkedTiers(body.priceTiers ?? kept, lower, bounds.orderMultiple));
      }
      if (!(await updateProduct(tx, id, changes, body.availableChange ?? 0))) {
        throw new DomainError(
          'VALIDATION_FAILED',
          product.available + (body.availableChange ?? 0) < 0
            ? messages.stockBelowZero(product.available)
            : messages.stockAboveMost(MAX_STOCK_UNITS, product.available),
        );
      }
      // New stock fills the product's backorders first.
      if ((body.availableChange ?? 0) > 0) await fillBackorders(tx, [id]);
      const edited = await productNow(tx, id);
      const changed = changedValues(productAuditValues(product), productAuditValues(edited));
      if (changed) {
        await recordAudit(tx, actor, { action: 'product.edit', subject: productSubject(edited), ...changed });
      }
    }),
  );
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
  actor: Actor,
  id: string,
): Promise<{ deletedCount: number }> {
  await db.transaction(async (tx) => {
    const product = await productNow(tx, id);
    if (!(await deleteProduct(tx, id))) throw missing();
    await recordAudit(tx, actor, {
      action: 'product.delete',
      subject: productSubject(product),
      before: productAuditValues(product),
    });
  });
  catalogCache.invalidate();
  return { deletedCount: 1 };
}
