import { eq } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { categorySlug } from '../../shared/api/catalog.schemas';
import { Sku } from '../../shared/api/products.schemas';
import { DEFAULT_ORDER_MIN_UNITS, lowerBound } from '../../shared/domain/order-quantity';
import { tierProblem } from '../../shared/domain/price-tiers';
import { rateFromPercent } from '../../shared/domain/tax';
import { dollarsToCents } from '../../shared/money';
import { kgToGrams } from '../../shared/numbers';
import { findOrCreateCategory, insertProducts, setCategoryAttributes } from '../records/products.repository';
import { insertFamily } from '../records/families.repository';
import { newProductRow } from '../catalog/manage-products';
import { FamilyOption, VariantInput, variantName } from '../../shared/api/families.schemas';
import { ProductDocuments } from '../../shared/api/uploads.schemas';
import { CategoryAttributes, ProductSpecsInput } from '../../shared/domain/specifications';
import { projectPaths } from '../config/project-paths';
import type { Database } from '../db/database';
import { appMeta, reviews, shippingZones, taxZones } from '../db/schema';

const DemoCatalog = z.object({
  tools: z.array(
    z
      .object({
        sku: Sku,
        name: z.string(),
        category: z.string(),
        img: z.string(),
        dis: z.string(),
        min_order: z.number().int().positive(),
        available: z.number().int().nonnegative(),
        price: z.number().positive(),
        priceTiers: z.array(
          z.object({ minQuantity: z.number().int().positive(), price: z.number().positive() }),
        ),
        featured: z.boolean(),
        /** One unit's weight and how many go in a carton (freight). */
        weightKg: z.number().nonnegative().default(0),
        unitsPerCarton: z.number().int().positive().default(1),
        specs: ProductSpecsInput.default({}),
      })
      // The demo's breaks follow the admin forms' rule, at the default floor of ORDER_MIN_UNITS.
      .check((ctx) => {
        const tool = ctx.value;
        const problem =
          tool.priceTiers[0]?.price === tool.price
            ? tierProblem(tool.priceTiers, lowerBound(tool.min_order, DEFAULT_ORDER_MIN_UNITS, 1))
            : 'the first break is not the price';
        if (problem) ctx.issues.push({ code: 'custom', message: `${tool.name}: ${problem}`, input: tool });
      }),
  ),
  /** Each category's specifications, by category name. */
  attributes: z.record(z.string(), CategoryAttributes).default({}),
  /** Product families, each variant a product of its own (DESIGN §11). */
  families: z
    .array(
      z.object({
        name: z.string(),
        category: z.string(),
        img: z.string(),
        dis: z.string(),
        options: z.array(FamilyOption),
        documents: ProductDocuments.default([]),
        variants: z.array(VariantInput),
      }),
    )
    .default([]),
  reviews: z.array(
    z.object({
      name: z.string(),
      img: z.string(),
      customer_review: z.string(),
      rating: z.number().int().min(1).max(5),
    }),
  ),
});

/** The demo's tax zones: a realistic sample, rates in percent; and its shipping zones. */
const DemoTaxZones = z.object({
  shipping: z
    .array(
      z.object({
        countries: z.array(z.string().length(2)).min(1),
        bands: z.array(z.object({ upToKg: z.number().positive(), price: z.number().positive() })).min(1),
        freeFrom: z.number().positive().nullable(),
        palletFromKg: z.number().positive(),
      }),
    )
    .default([]),
  zones: z.array(
    z.object({
      country: z.string().length(2),
      region: z.string().optional(),
      standard: z.number().min(0).max(100),
      reduced: z.number().min(0).max(100),
      registration: z.string().min(1),
      taxesFreight: z.boolean(),
      /** The taxes a rate is made of (Quebec's GST and QST), in percent. */
      components: z
        .array(z.object({ name: z.string(), rate: z.number(), registration: z.string() }))
        .default([]),
    }),
  ),
});

export function readDemoTaxZones(file = join(projectPaths.content, 'demo-tax-zones.json')) {
  return DemoTaxZones.parse(JSON.parse(readFileSync(file, 'utf8')));
}

const DEMO_SEEDED = 'demo_seeded';

export function readDemoCatalog(file = join(projectPaths.content, 'demo-catalog.json')) {
  return DemoCatalog.parse(JSON.parse(readFileSync(file, 'utf8')));
}

/**
 * Fills a brand-new database with the demo catalog and reviews, once in its life: a shop owner who later
 * deletes every demo product does not get them back at the next start. Safe when several processes start
 * together, because only the transaction that claims the marker row seeds.
 */
export async function seedDemoOnce(db: Database): Promise<boolean> {
  // Every start after the first: one read, without reading and checking the file.
  const [seeded] = await db.select({ key: appMeta.key }).from(appMeta).where(eq(appMeta.key, DEMO_SEEDED));
  if (seeded) return false;
  const catalog = readDemoCatalog();
  const { zones, shipping } = readDemoTaxZones();
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(appMeta)
      .values({ key: DEMO_SEEDED, value: new Date().toISOString() })
      .onConflictDoNothing()
      .returning({ key: appMeta.key });
    if (claimed.length === 0) return false;

    // Distinct timestamps keep the catalog in the order the file lists it.
    const start = Date.now() - catalog.tools.length * 1000;
    const categoryIds = new Map<string, string>();
    const categoryNames = [...catalog.tools, ...catalog.families].map((item) => item.category);
    for (const name of new Set(categoryNames)) {
      categoryIds.set(name, await findOrCreateCategory(tx, categorySlug(name), name));
    }
    for (const [name, attributes] of Object.entries(catalog.attributes)) {
      const id = categoryIds.get(name) ?? (await findOrCreateCategory(tx, categorySlug(name), name));
      await setCategoryAttributes(tx, id, attributes);
    }
    await insertProducts(
      tx,
      catalog.tools.map((tool, i) => ({
        sku: tool.sku,
        name: tool.name,
        imageUrl: tool.img,
        description: tool.dis,
        categoryId: categoryIds.get(tool.category) ?? '',
        minOrder: tool.min_order,
        available: tool.available,
        priceCents: dollarsToCents(tool.price),
        priceTiers: tool.priceTiers.map((tier) => ({
          minQuantity: tier.minQuantity,
          priceCents: dollarsToCents(tier.price),
        })),
        featured: tool.featured,
        weightGrams: kgToGrams(tool.weightKg),
        unitsPerCarton: tool.unitsPerCarton,
        specs: tool.specs,
        // The first tool in the file is the newest: the catalog lists newest first.
        createdAt: new Date(start - i * 1000),
      })),
    );
    // The families come after the single products, newest first too.
    for (const [f, family] of catalog.families.entries()) {
      const shared = {
        name: family.name,
        description: family.dis,
        imageUrl: family.img,
        categoryId: categoryIds.get(family.category) ?? '',
        options: family.options,
        documents: family.documents,
      };
      const { id } = await insertFamily(tx, shared);
      await insertProducts(
        tx,
        family.variants.map((variant, v) =>
          newProductRow(
            variant,
            {
              sku: variant.sku,
              name: variantName(family.name, family.options, variant.options),
              imageUrl: family.img,
              description: family.dis,
              categoryId: shared.categoryId,
              familyId: id,
              options: variant.options,
              createdAt: new Date(start - (catalog.tools.length + f * 100 + v) * 1000),
            },
            DEFAULT_ORDER_MIN_UNITS,
          ),
        ),
      );
    }
    await tx.insert(taxZones).values(
      zones.map((zone) => ({
        country: zone.country,
        region: zone.region ?? null,
        standardRate: rateFromPercent(zone.standard),
        reducedRate: rateFromPercent(zone.reduced),
        registration: zone.registration,
        taxesFreight: zone.taxesFreight,
        components: zone.components.map((tax) => ({ ...tax, rate: rateFromPercent(tax.rate) })),
      })),
    );
    await tx.insert(shippingZones).values(
      shipping.flatMap((group) =>
        group.countries.map((country) => ({
          country,
          region: null,
          bands: group.bands.map((band) => ({
            upToGrams: kgToGrams(band.upToKg),
            priceCents: dollarsToCents(band.price),
          })),
          freeFromCents: group.freeFrom === null ? null : dollarsToCents(group.freeFrom),
          palletFromGrams: kgToGrams(group.palletFromKg),
        })),
      ),
    );
    await tx.insert(reviews).values(
      catalog.reviews.map((review, i) => ({
        name: review.name,
        imageUrl: review.img,
        text: review.customer_review,
        rating: review.rating,
        // The first review in the file is shown first (reviews are listed newest first).
        createdAt: new Date(start - i * 1000),
      })),
    );
    return true;
  });
}
