import type { Tool } from '../../shared/api/catalog.schemas';
import type { UnitCode } from '../../shared/domain/units';
import { centsToDollars } from '../../shared/money';
import { effectiveTiersInDollars } from '../pricing/price-line';
import { type FamilySummary, familyOf, type ProductView } from '../records/products.repository';

function familyView(row: ProductView, family: FamilySummary | null): Tool['family'] {
  if (!row.familyId || !family) return null;
  return {
    _id: row.familyId,
    name: family.name,
    options: family.options,
    variants: family.variants,
    minPrice: centsToDollars(family.minPriceCents),
    maxPrice: centsToDollars(family.maxPriceCents),
  };
}

/**
 * The API's product shape (spec §3, DESIGN §9). Its tiers and `price` are as they apply at the lower
 * bound today, which the shop-wide floor (ORDER_MIN_UNITS) is part of.
 */
export function toTool(row: ProductView, floor: number): Tool {
  const tiers = effectiveTiersInDollars(row, floor);
  const family = row.familyId ? familyOf(row) : null;
  return {
    _id: row.id,
    sku: row.sku,
    name: row.name,
    img: row.imageUrl,
    dis: row.description,
    category: { slug: row.categorySlug, name: row.categoryName },
    min_order: row.minOrder,
    available: row.available,
    price: tiers[0]?.price ?? centsToDollars(row.priceCents),
    priceTiers: tiers,
    featured: row.featured,
    taxClass: row.taxClass,
    weightKg: row.weightGrams / 1000,
    unitsPerCarton: row.unitsPerCarton,
    specs: row.specs,
    unit: row.unit as UnitCode,
    orderMultiple: row.orderMultiple,
    leadTimeDays: row.leadTimeDays,
    family: familyView(row, family),
    options: row.options,
    documents: [
      ...row.documents.map((document) => ({ ...document, source: 'product' as const })),
      ...(family?.documents ?? []).map((document) => ({ ...document, source: 'family' as const })),
    ],
  };
}
