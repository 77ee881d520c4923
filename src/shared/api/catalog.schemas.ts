import { z } from 'zod';
import { DOCUMENT_KINDS } from './uploads.schemas';
import {
  CategoryAttribute,
  CategoryAttributes,
  Facet,
  MAX_SPEC_FILTERS,
  parseSpecFilter,
  type SpecFilter,
} from '../domain/specifications';
import { UNIT_CODES } from '../domain/units';

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
    /** Its specifications by attribute key (the category's attributes say their names and units). */
    specs: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
    /** Its unit of measure (UN/ECE Recommendation 20: EA each, BX box, PK pack, M metre, KGM kilogram). */
    unit: z.enum(UNIT_CODES),
    /** It is sold in packs of this many units: every quantity is a multiple of it. */
    orderMultiple: z.number().int(),
    /** Days to ship when stock runs short (0: not given). */
    leadTimeDays: z.number().int(),
    /**
     * The family this product is a variant of (DESIGN §11), with the family's options, how many
     * variants it has and their price range at each one's lower bound; null for a product on its own.
     */
    family: z
      .object({
        _id: z.string(),
        name: z.string(),
        options: z.array(z.object({ name: z.string(), values: z.array(z.string()) })),
        variants: z.number().int(),
        minPrice: z.number(),
        maxPrice: z.number(),
      })
      .nullable(),
    /** The value this variant takes for each of its family's options (`{"Voltage": "18 V"}`). */
    options: z.record(z.string(), z.string()),
    /** Its documents, then its family's (`source` says whose): PDFs to download from its page. */
    documents: z.array(
      z.object({
        title: z.string(),
        kind: z.enum(DOCUMENT_KINDS),
        url: z.string(),
        source: z.enum(['product', 'family']),
      }),
    ),
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

export const CategorySlugParams = z.object({
  slug: z.string().regex(CATEGORY_SLUG, { error: 'Not a category' }),
});

/** A category with the specifications its products take (DESIGN §11). */
export const CategoryDetail = z
  .object({ slug: z.string(), name: z.string(), attributes: z.array(CategoryAttribute) })
  .meta({ id: 'CategoryDetail' });
export type CategoryDetail = z.infer<typeof CategoryDetail>;

/** PUT /api/admin/categories/{slug}/attributes: the whole list, in the order product pages show it. */
export const PutAttributesBody = z.strictObject({
  attributes: CategoryAttributes,
  /** The category's name, when the call makes it (a slug no category has yet): before its products. */
  name: z.string().trim().min(1).max(60).optional(),
});
export const AttributesChange = z.object({
  attributes: z.array(CategoryAttribute),
  /** How many products lost the values of attributes taken away. */
  cleared: z.number().int(),
});
export type AttributesChange = z.infer<typeof AttributesChange>;

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

/** The query string's `spec.<key>` parameters, gathered under `spec` for the schema to read. */
const SPEC_PARAMETER = 'spec.';
function gatherSpecParameters(query: unknown): unknown {
  if (typeof query !== 'object' || query === null) return query;
  const rest: Record<string, unknown> = {};
  const spec: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(query)) {
    if (!name.startsWith(SPEC_PARAMETER)) rest[name] = value;
    else spec[name.slice(SPEC_PARAMETER.length)] = ([] as unknown[]).concat(value).map(String);
  }
  return Object.keys(spec).length > 0 ? { ...rest, spec } : rest;
}

/** `spec.<key>=<value>` (repeated for any of several) or `spec.<key>=10..13`, read into filters. */
const SpecFilters = z.record(z.string(), z.array(z.string())).transform((spec, context): SpecFilter[] => {
  const entries = Object.entries(spec);
  if (entries.length > MAX_SPEC_FILTERS) {
    context.addIssue({ code: 'custom', message: `at most ${MAX_SPEC_FILTERS} specification filters` });
    return z.NEVER;
  }
  const filters: SpecFilter[] = [];
  for (const [key, values] of entries) {
    const filter = parseSpecFilter(key, values);
    if (typeof filter === 'string') context.addIssue({ code: 'custom', path: [key], message: filter });
    else filters.push(filter);
  }
  return filters;
});

/**
 * GET /api/catalog (DESIGN §9, §11): search, filters (specifications among them, as
 * `spec.<key>=<value>`), sort and keyset pages.
 */
export const CatalogQuery = z.preprocess(
  gatherSpecParameters,
  z
    .strictObject({
      q: optional(z.string().trim().max(100, { error: 'too long (at most 100 characters)' })),
      category: optional(z.string().regex(CATEGORY_SLUG, { error: 'not a category' })),
      inStock: optional(z.enum(['true', 'false'], { error: 'true or false' }).transform((v) => v === 'true')),
      /** Only products with less than twice their lower bound in stock (the admin's low-stock list). */
      lowStock: optional(
        z.enum(['true', 'false'], { error: 'true or false' }).transform((v) => v === 'true'),
      ),
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
      /** true lists every variant of a family; by default a family is listed once, by its first match. */
      variants: optional(
        z.enum(['true', 'false'], { error: 'true or false' }).transform((v) => v === 'true'),
      ),
      spec: SpecFilters.optional(),
    })
    .refine(
      (query) =>
        query.minPrice === undefined || query.maxPrice === undefined || query.minPrice <= query.maxPrice,
      {
        path: ['maxPrice'],
        error: 'must not be below the min price',
      },
    ),
);
export type CatalogQuery = z.output<typeof CatalogQuery>;

export const CatalogPage = z
  .object({
    items: ToolList,
    /** Pass it back as `cursor` for the next page; null on the last page. */
    nextCursor: z.string().nullable(),
    /** How many products match the search and filters in all. */
    total: z.number().int(),
    /**
     * The specifications the matches can be narrowed by, each value with how many matches have it.
     * A filtered attribute's values are counted as if it were not filtered, so its other values show
     * how many choosing them too would add.
     */
    facets: z.array(Facet),
  })
  .meta({ id: 'CatalogPage' });
export type CatalogPage = z.infer<typeof CatalogPage>;
