import { z } from 'zod';

/** One price break as the API shows it: from `minQuantity` units on, each unit costs `price` dollars. */
export const PriceTier = z.object({ minQuantity: z.number().int(), price: z.number() });
export type PriceTier = z.infer<typeof PriceTier>;

/** A category's URL form: lower-case words joined by dashes (`hand-tools`). */
export const CATEGORY_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The slug of a category name: 'Hand Tools' and 'hand  tools' are one category, `hand-tools`. */
export function categorySlug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
}

/**
 * A product as the API shows it: the spec's fields (spec §3, names kept from the original API) plus
 * the catalog's (DESIGN §9). `price` is the unit price at the lower bound, the first of `priceTiers`.
 */
export const Tool = z
  .object({
    _id: z.string(),
    sku: z.string(),
    name: z.string(),
    img: z.string(),
    dis: z.string(),
    category: z.object({ slug: z.string(), name: z.string() }),
    min_order: z.number().int(),
    available: z.number().int(),
    price: z.number(),
    /** Ascending by quantity, the first at the product's lower bound, prices never rising. */
    priceTiers: z.array(PriceTier),
    /** Shown on the home grid before the newest products. */
    featured: z.boolean(),
    /** How it is taxed and shipped: its tax class, one unit's weight, units a carton. */
    taxClass: z.enum(['standard', 'reduced', 'zero', 'exempt']),
    weightKg: z.number(),
    unitsPerCarton: z.number().int(),
    /**
     * Only in answers priced for a signed-in buyer whose company holds a price list: where
     * `price` and `priceTiers` come from, the product's own breaks (`tier`) or the list named by
     * `priceList` (`contract`). Visitors' answers carry none of these.
     */
    priceSource: z.enum(['tier', 'contract']).optional(),
    priceList: z.string().nullable().optional(),
    /** A contract-priced product's own breaks, as everyone else pays them: what the contract saves. */
    listPriceTiers: z.array(PriceTier).optional(),
  })
  .meta({ id: 'Tool' });
export type Tool = z.infer<typeof Tool>;

export const ToolList = z.array(Tool);

export const ToolIdParams = z.object({
  id: z.uuid({ error: 'Malformed product id' }),
});

export const Category = z.object({ slug: z.string(), name: z.string(), count: z.number().int() });
export type Category = z.infer<typeof Category>;
export const CategoryList = z.array(Category);

export const CATALOG_SORTS = ['relevance', 'name', 'price_asc', 'price_desc', 'newest'] as const;
export type CatalogSort = (typeof CATALOG_SORTS)[number];

/** The most products one catalog page answers. */
export const MAX_PAGE_SIZE = 60;
export const DEFAULT_PAGE_SIZE = 24;

// A query string's empty value (`?minPrice=`) means the filter is off.
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const dollarBound = () =>
  optional(
    z.coerce
      .number({ error: 'must be a number of dollars' })
      .min(0, { error: 'cannot be negative' })
      .max(1_000_000, { error: 'is too large' }),
  );

/** GET /api/catalog (DESIGN §9): search, filters, sort and keyset pages. */
export const CatalogQuery = z
  .strictObject({
    q: optional(z.string().trim().max(100, { error: 'too long (at most 100 characters)' })),
    category: optional(z.string().regex(CATEGORY_SLUG, { error: 'not a category' })),
    inStock: optional(z.enum(['true', 'false'], { error: 'true or false' }).transform((v) => v === 'true')),
    /** Only products with less than twice their lower bound in stock (the admin's low-stock list). */
    lowStock: optional(z.enum(['true', 'false'], { error: 'true or false' }).transform((v) => v === 'true')),
    minPrice: dollarBound(),
    maxPrice: dollarBound(),
    sort: optional(z.enum(CATALOG_SORTS, { error: `one of ${CATALOG_SORTS.join(', ')}` })),
    limit: optional(
      z.coerce
        .number({ error: 'must be a number' })
        .int({ error: 'must be a whole number' })
        .min(1, { error: 'at least 1' })
        .max(MAX_PAGE_SIZE, { error: `at most ${MAX_PAGE_SIZE}` }),
    ),
    cursor: optional(z.string().max(300, { error: 'not a cursor this catalog gave out' })),
  })
  .refine(
    (query) =>
      query.minPrice === undefined || query.maxPrice === undefined || query.minPrice <= query.maxPrice,
    {
      path: ['maxPrice'],
      error: 'must not be below the min price',
    },
  );
export type CatalogQuery = z.output<typeof CatalogQuery>;

export const CatalogPage = z
  .object({
    items: ToolList,
    /** Pass it back as `cursor` for the next page; null on the last page. */
    nextCursor: z.string().nullable(),
    /** How many products match the search and filters in all. */
    total: z.number().int(),
  })
  .meta({ id: 'CatalogPage' });
export type CatalogPage = z.infer<typeof CatalogPage>;
