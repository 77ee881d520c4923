import type {
  AddFamilyBody,
  EditFamilyBody,
  Family,
  FamilyCreated,
  FamilyOption,
  VariantInput,
} from '../../shared/api/families.schemas';
import { optionsKey, variantName, variantOptionsProblem } from '../../shared/api/families.schemas';
import { messages } from '../../shared/messages';
import { type Actor, recordAudit } from '../audit/audit.repository';
import type { Database, Executor } from '../db/database';
import { DomainError } from '../http/domain-error';
import { type FamilyRow, findFamily, insertFamily, updateFamily } from '../records/families.repository';
import {
  findProductsBySkus,
  insertProducts,
  listFamilyVariants,
  type ProductView,
  updateFamilyVariants,
} from '../records/products.repository';
import type { CatalogCache } from './catalog-cache';
import { categoryNamed, checkSpecs, newProductRow, refusingTakenSku, removeProduct } from './manage-products';
import { toTool } from './tool-view';

/**
 * Product families (DESIGN §11): one tool in several variants, each variant a product of its own, so
 * that every call that takes a product (the spec's purchase, carts, orders, price lists, quotes, the
 * CSV) takes a variant unchanged. The family holds what the variants share (name, description,
 * picture, category) and the options that tell them apart; a variant's name is the family's and its
 * option values.
 */

interface Deps {
  db: Database;
  catalogCache: CatalogCache;
  minUnits: number;
}

/** A family added without a picture shows this until one is given. */
export const NO_PICTURE = '/images/tools/no-picture.svg';

const familyMissing = () => new DomainError('NOT_FOUND', messages.familyNotFound);

/**
 * Checks variants against the family's options and each other and the catalog's SKUs, every problem
 * at once: a value for each option from its list, no two variants alike, no SKU another product has.
 */
async function checkVariants(
  ex: Executor,
  options: readonly FamilyOption[],
  variants: readonly VariantInput[],
  existing: readonly ProductView[] = [],
): Promise<void> {
  const problems: string[] = [];
  const seen = new Map(existing.map((variant) => [optionsKey(options, variant.options), variant.sku]));
  const skus = new Set<string>();
  for (const variant of variants) {
    const problem = variantOptionsProblem(options, variant.options);
    if (problem) problems.push(`${variant.sku}: ${problem}`);
    const key = optionsKey(options, variant.options);
    const twin = seen.get(key);
    if (!problem && twin) problems.push(`${variant.sku}: ${twin} already has these options`);
    seen.set(key, variant.sku);
    if (skus.has(variant.sku)) problems.push(`${variant.sku}: the SKU is given twice`);
    skus.add(variant.sku);
  }
  for (const taken of await findProductsBySkus(ex, [...skus])) {
    problems.push(messages.skuTaken(taken.sku, taken.name));
  }
  if (problems.length > 0) throw new DomainError('VALIDATION_FAILED', problems.join('; '));
}

/** Stores variants of a family, each a product with its name, description, picture and category. */
async function insertVariants(
  ex: Executor,
  family: Pick<FamilyRow, 'id' | 'name' | 'description' | 'imageUrl' | 'categoryId' | 'options'>,
  variants: readonly VariantInput[],
  minUnits: number,
) {
  for (const variant of variants) await checkSpecs(ex, family.categoryId, variant.specs ?? {});
  const added = await insertProducts(
    ex,
    variants.map((variant) =>
      newProductRow(
        variant,
        {
          sku: variant.sku,
          name: variantName(family.name, family.options, variant.options),
          imageUrl: family.imageUrl,
          description: family.description,
          categoryId: family.categoryId,
          familyId: family.id,
          options: variant.options,
        },
        minUnits,
      ),
    ),
  );
  return added.map((row, index) => ({
    toolId: row.id,
    sku: row.sku,
    options: variants[index]?.options ?? {},
  }));
}

/** POST /api/admin/families: the family and its variants, all or none. */
export async function addFamily(
  { db, catalogCache, minUnits }: Deps,
  actor: Actor,
  body: AddFamilyBody,
): Promise<FamilyCreated> {
  const created = await refusingTakenSku(undefined, () =>
    db.transaction(async (tx) => {
      await checkVariants(tx, body.options, body.variants);
      const categoryId = await categoryNamed(tx, body.category);
      const family = {
        name: body.name,
        description: body.dis,
        imageUrl: body.img ?? NO_PICTURE,
        categoryId,
        options: body.options,
        documents: body.documents ?? [],
      };
      const { id } = await insertFamily(tx, family);
      const variants = await insertVariants(tx, { id, ...family }, body.variants, minUnits);
      await recordAudit(tx, actor, {
        action: 'family.add',
        subject: `Family ${body.name}`,
        after: { ...family, variants: variants.map((variant) => variant.sku) },
      });
      return { _id: id, variants };
    }),
  );
  catalogCache.invalidate();
  return created;
}

/** Variants in the order their options list their values: the family page's pickers read them so. */
function inOptionsOrder(options: readonly FamilyOption[], variants: ProductView[]): ProductView[] {
  const rank = (variant: ProductView) =>
    options.map((option) => option.values.indexOf(variant.options[option.name] ?? ''));
  return variants.sort((a, b) => {
    const [ra, rb] = [rank(a), rank(b)];
    const differs = ra.findIndex((value, index) => value !== rb[index]);
    return differs < 0 ? a.sku.localeCompare(b.sku) : (ra[differs] ?? 0) - (rb[differs] ?? 0);
  });
}

/** GET /api/families/{id}: the family and its variants as products. */
export async function getFamily(db: Executor, id: string, minUnits: number): Promise<Family> {
  const family = await findFamily(db, id);
  if (!family) throw familyMissing();
  const variants = inOptionsOrder(family.options, await listFamilyVariants(db, id));
  return {
    _id: family.id,
    name: family.name,
    dis: family.description,
    img: family.imageUrl,
    category: { slug: family.categorySlug, name: family.categoryName },
    options: family.options,
    documents: family.documents,
    variants: variants.map((row) => toTool(row, minUnits)),
  };
}

/**
 * PATCH /api/admin/families/{id}: what the variants share. New options must still describe every
 * variant (a value may be added or renamed, not one a variant takes taken away); the variants take
 * the new description, picture and names.
 */
export async function editFamily(
  { db, catalogCache }: Deps,
  actor: Actor,
  id: string,
  body: EditFamilyBody,
): Promise<void> {
  await db.transaction(async (tx) => {
    const family = await findFamily(tx, id, { lock: true });
    if (!family) throw familyMissing();
    const variants = await listFamilyVariants(tx, id);
    const options = body.options ?? family.options;
    const problems = variants.flatMap((variant) => {
      const problem = variantOptionsProblem(options, variant.options);
      return problem ? [`${variant.sku}: ${problem}`] : [];
    });
    if (problems.length > 0) {
      throw new DomainError('CONFLICT', `Change or retire those variants first: ${problems.join('; ')}`);
    }
    const name = body.name ?? family.name;
    await updateFamily(tx, id, {
      name: body.name,
      description: body.dis,
      imageUrl: body.img,
      options: body.options,
      documents: body.documents,
    });
    await updateFamilyVariants(
      tx,
      id,
      { description: body.dis, imageUrl: body.img },
      new Map(variants.map((variant) => [variant.id, variantName(name, options, variant.options)])),
    );
    await recordAudit(tx, actor, {
      action: 'family.edit',
      subject: `Family ${name}`,
      before: {
        name: family.name,
        description: family.description,
        image: family.imageUrl,
        options: family.options,
        documents: family.documents,
      },
      after: {
        name,
        description: body.dis ?? family.description,
        image: body.img ?? family.imageUrl,
        options,
        documents: body.documents ?? family.documents,
      },
    });
  });
  catalogCache.invalidate();
}

/** POST /api/admin/families/{id}/variants: one more variant of the family. */
export async function addVariant(
  { db, catalogCache, minUnits }: Deps,
  actor: Actor,
  id: string,
  variant: VariantInput,
) {
  const added = await refusingTakenSku(variant.sku, () =>
    db.transaction(async (tx) => {
      const family = await findFamily(tx, id, { lock: true });
      if (!family) throw familyMissing();
      await checkVariants(tx, family.options, [variant], await listFamilyVariants(tx, id));
      const [row] = await insertVariants(tx, family, [variant], minUnits);
      await recordAudit(tx, actor, {
        action: 'family.edit',
        subject: `Family ${family.name}`,
        after: { addedVariant: variant.sku, options: variant.options },
      });
      return row;
    }),
  );
  catalogCache.invalidate();
  if (!added) throw new Error('The variant was not stored');
  return added;
}

/**
 * DELETE /api/admin/families/{id}/variants/{toolId}: the variant is no longer sold. It is deleted as a
 * product is (spec §7 DELETE /tools/{id}): its orders keep their details.
 */
export async function retireVariant(deps: Deps, actor: Actor, id: string, toolId: string) {
  const variants = await listFamilyVariants(deps.db, id);
  if (!variants.some((variant) => variant.id === toolId)) {
    throw new DomainError('NOT_FOUND', messages.variantNotFound);
  }
  return removeProduct(deps, actor, toolId);
}
