import { asc, eq } from 'drizzle-orm';
import type { ProductDocument } from '../../shared/api/uploads.schemas';
import type { Executor } from '../db/database';
import { categories, productFamilies, type StoredFamilyOption } from '../db/schema';

/**
 * Every query of the `product_families` table (CONVENTIONS §13). A family's variants are products:
 * their queries are in products.repository.
 */

export type NewFamily = typeof productFamilies.$inferInsert;

export async function insertFamily(ex: Executor, values: NewFamily): Promise<{ id: string }> {
  const [row] = await ex.insert(productFamilies).values(values).returning({ id: productFamilies.id });
  if (!row) throw new Error('The family was not stored');
  return row;
}

/** A family with its category; with `lock`, held until the transaction ends (a change to it or its variants). */
export async function findFamily(ex: Executor, id: string, { lock = false } = {}) {
  const query = ex
    .select({
      id: productFamilies.id,
      name: productFamilies.name,
      description: productFamilies.description,
      imageUrl: productFamilies.imageUrl,
      categoryId: productFamilies.categoryId,
      categorySlug: categories.slug,
      categoryName: categories.name,
      options: productFamilies.options,
      documents: productFamilies.documents,
    })
    .from(productFamilies)
    .innerJoin(categories, eq(categories.id, productFamilies.categoryId))
    .where(eq(productFamilies.id, id));
  const [row] = await (lock ? query.for('update', { of: productFamilies }) : query);
  return row;
}
export type FamilyRow = NonNullable<Awaited<ReturnType<typeof findFamily>>>;

export async function updateFamily(
  ex: Executor,
  id: string,
  changes: Partial<{
    name: string;
    description: string;
    imageUrl: string;
    options: StoredFamilyOption[];
    documents: ProductDocument[];
  }>,
): Promise<void> {
  await ex.update(productFamilies).set(changes).where(eq(productFamilies.id, id));
}

/** Every family with its options and category, by name (the catalog CSV's family and option columns). */
export async function listFamilyOptions(ex: Executor) {
  return ex
    .select({
      id: productFamilies.id,
      name: productFamilies.name,
      options: productFamilies.options,
      categorySlug: categories.slug,
      categoryName: categories.name,
    })
    .from(productFamilies)
    .innerJoin(categories, eq(categories.id, productFamilies.categoryId))
    .orderBy(asc(productFamilies.name));
}
export type FamilyListing = Awaited<ReturnType<typeof listFamilyOptions>>[number];
