import type { CatalogPage, CatalogQuery, CatalogSort, Tool } from '../../shared/api/catalog.schemas';
import { DEFAULT_PAGE_SIZE } from '../../shared/api/catalog.schemas';
import { dollarsToCents } from '../../shared/money';
import type { Executor } from '../db/database';
import { DomainError } from '../http/domain-error';
import { type CatalogPrices, pricedTool } from './buyer-catalog';
import type { CatalogCache, SerializedAnswer } from './catalog-cache';
import {
  type CatalogAfter,
  type CatalogFilters,
  countMatchesAndFacets,
  type FacetCount,
  findCategory,
  listCatalogPage,
  listCategoryAttributes,
  listCategories,
  listHomeGrid,
  listProducts,
} from '../records/products.repository';
import { toTool } from './tool-view';
import { messages } from '../../shared/messages';
import {
  type CategoryAttribute,
  type Facet,
  isOfAttributeType,
  type SpecFilter,
  type SpecValue,
  specValueProblem,
} from '../../shared/domain/specifications';

/** The most values one facet lists (a number attribute may take many): the commonest are kept. */
const MAX_FACET_VALUES = 50;

/** Every category's attributes by slug, cached with the catalog (a category's change clears it). */
function attributesBySlug({ db, catalogCache }: BrowseDeps): Promise<Map<string, CategoryAttribute[]>> {
  return catalogCache
    .value('attributes', async () => ({ value: [...(await listCategoryAttributes(db))], tools: [] }))
    .then((entries) => new Map(entries));
}

/**
 * The attributes a search's facets are, from those `declared` by its category (or without one by every
 * category: a key two categories declare is one facet, named as the first by name declares it). Text
 * is not faceted.
 */
function facetAttributes(declared: CategoryAttribute[]): CategoryAttribute[] {
  const byKey = new Map<string, CategoryAttribute>();
  for (const attribute of declared) {
    if (attribute.type !== 'text' && !byKey.has(attribute.key)) byKey.set(attribute.key, attribute);
  }
  return [...byKey.values()];
}

/** A facet's values in the order a buyer reads them: an enum's as declared, numbers ascending, yes first. */
function orderedValues(attribute: CategoryAttribute, counts: Map<SpecValue, number>, chosen: SpecValue[]) {
  const values = [...counts.keys()];
  for (const value of chosen) if (!counts.has(value)) values.push(value);
  const rank = (value: SpecValue) =>
    attribute.type === 'enum'
      ? (attribute.values ?? []).indexOf(String(value))
      : attribute.type === 'boolean'
        ? value === true
          ? 0
          : 1
        : Number(value);
  const kept = values
    .filter((value) => specValueProblem(attribute, value) === null)
    .sort((a, b) => rank(a) - rank(b))
    .slice(0, MAX_FACET_VALUES);
  return kept.map((value) => ({ value, count: counts.get(value) ?? 0 }));
}

/**
 * The facets of a search from its counted values: each attribute's values among the matches, with
 * their counts (an attribute that is filtered counted without its own filter: countMatchesAndFacets).
 */
function searchFacets(
  attributes: CategoryAttribute[],
  specFilters: SpecFilter[],
  rows: FacetCount[],
): Facet[] {
  const counts = new Map<string, Map<SpecValue, number>>();
  for (const row of rows) {
    const values = counts.get(row.key) ?? new Map<SpecValue, number>();
    values.set(row.value, row.count);
    counts.set(row.key, values);
  }
  return attributes.flatMap((attribute) => {
    const chosen = chosenValues(specFilters, attribute.key);
    const values = orderedValues(
      attribute,
      counts.get(attribute.key) ?? new Map<SpecValue, number>(),
      chosen,
    );
    if (values.length === 0) return [];
    return [
      {
        key: attribute.key,
        name: attribute.name,
        type: attribute.type,
        unit: attribute.unit ?? null,
        values,
      },
    ];
  });
}

/**
 * A filter's values narrowed to its attribute's type where the search knows the attribute: `18` from a
 * query string is the number 18 for a voltage, the text "18" for a text attribute (parseSpecFilter
 * keeps both, as a filter without a category cannot tell). Half the containment tests for the index.
 */
function typedFilter(filter: SpecFilter, declared: CategoryAttribute[]): SpecFilter {
  const types = new Set(
    declared.flatMap((attribute) => (attribute.key === filter.key ? [attribute.type] : [])),
  );
  // Two categories that declare the key with two types keep both readings.
  const [type] = types;
  if (type === undefined || types.size !== 1 || 'range' in filter) return filter;
  const typed = filter.values.filter((value) => isOfAttributeType(type, value));
  return typed.length === 0 ? filter : { key: filter.key, values: typed };
}

/** The values a search filters an attribute by (a range chooses none). */
function chosenValues(filters: SpecFilter[], key: string): SpecValue[] {
  return filters.flatMap((filter) => (filter.key === key && 'values' in filter ? filter.values : []));
}

export interface BrowseDeps {
  db: Executor;
  catalogCache: CatalogCache;
  /** Contract buyers' answers and prices, apart so they never push the visitors' out. */
  buyerCache: CatalogCache;
  /** The shop-wide smallest order (ORDER_MIN_UNITS): part of every product's lower bound. */
  minUnits: number;
}

/** The home grid's size (DESIGN §9: at most 12 products on GET /api/tool). */
export const HOME_GRID_SIZE = 12;

/**
 * A list of products as `prices` shows them: the visitors' answer, cached under `key`, repriced for
 * the buyer and cached apart; the visitors' answer itself without them.
 */
function toolsAnswer(
  { catalogCache, buyerCache }: BrowseDeps,
  key: string,
  load: () => Promise<Tool[]>,
  prices: CatalogPrices | null,
): Promise<SerializedAnswer> {
  const visitors = async () => {
    const tools = await load();
    return { value: tools, tools };
  };
  if (!prices) return catalogCache.answer(key, visitors);
  return buyerCache.answer(`${prices.key}:${key}`, async () => {
    const tools = (await catalogCache.value<Tool[]>(key, visitors)).map((tool) => pricedTool(tool, prices));
    return { value: tools, tools };
  });
}

/** GET /api/tool: the featured products, then the newest, 12 at most, whatever the catalog's size. */
export function homeGrid(deps: BrowseDeps, prices: CatalogPrices | null = null): Promise<SerializedAnswer> {
  const { db, minUnits } = deps;
  return toolsAnswer(
    deps,
    'home',
    async () => (await listHomeGrid(db, HOME_GRID_SIZE)).map((row) => toTool(row, minUnits)),
    prices,
  );
}

/** GET /api/tools (spec §7): every product, newest first. Large catalogs page through /api/catalog. */
export function allProducts(
  deps: BrowseDeps,
  prices: CatalogPrices | null = null,
): Promise<SerializedAnswer> {
  const { db, minUnits } = deps;
  return toolsAnswer(
    deps,
    'all',
    async () => (await listProducts(db)).map((row) => toTool(row, minUnits)),
    prices,
  );
}

/** GET /api/categories: every category with its number of products, by name. */
export function categoryList({ db, catalogCache }: BrowseDeps): Promise<SerializedAnswer> {
  return catalogCache.answer('categories', async () => ({ value: await listCategories(db), tools: [] }));
}

/** GET /api/categories/{slug}: a category and the specifications its products take. */
export function categoryDetail({ db, catalogCache }: BrowseDeps, slug: string): Promise<SerializedAnswer> {
  return catalogCache.answer(`category:${slug}`, async () => {
    const category = await findCategory(db, slug);
    if (!category) throw new DomainError('NOT_FOUND', messages.categoryNotFound);
    return {
      value: { slug: category.slug, name: category.name, attributes: category.attributes },
      tools: [],
    };
  });
}

const badCursor = () => new DomainError('VALIDATION_FAILED', messages.cursorUnknown);

/** A cursor is the last product's sort and sort key and id, as base64url JSON: opaque to clients. */
function encodeCursor(sort: CatalogSort, key: string | number, id: string): string {
  return Buffer.from(JSON.stringify([sort, key, id])).toString('base64url');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function decodeCursor(cursor: string, sort: CatalogSort): CatalogAfter {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) throw badCursor();
  const [cursorSort, key, id] = parsed as unknown[];
  if (typeof id !== 'string' || !UUID.test(id)) throw badCursor();
  if (cursorSort !== sort) {
    throw new DomainError('VALIDATION_FAILED', messages.cursorOtherSort);
  }
  const numeric = sort === 'relevance' || sort === 'price_asc' || sort === 'price_desc';
  if (numeric ? !Number.isSafeInteger(key) : typeof key !== 'string' || key.length > 200) throw badCursor();
  if (sort === 'newest' && Number.isNaN(Date.parse(key as string))) throw badCursor();
  return { key: key as string | number, id };
}

/**
 * GET /api/catalog (DESIGN §9): one page of the search, filters and sort, with the next page's cursor
 * and the number of matches. Answers and counts are cached by their parameters, so the shop page's
 * usual views cost no SQL; a miss costs one page query, and one count per distinct filter.
 *
 * A contract buyer's page is the visitors' page repriced, unless their prices decide which
 * products it holds or their order (a price sort or filter): then it is read with their prices.
 */
export async function catalogPage(
  deps: BrowseDeps,
  query: CatalogQuery,
  prices: CatalogPrices | null = null,
): Promise<SerializedAnswer> {
  const { db, catalogCache, buyerCache, minUnits } = deps;
  const q = query.q || undefined;
  const sort: CatalogSort =
    query.sort === 'relevance' && !q ? 'newest' : (query.sort ?? (q ? 'relevance' : 'newest'));
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor, sort);
  // The attributes the facets count, and the filters' types, are the category's (or every category's).
  const bySlug = await attributesBySlug(deps);
  const declared =
    query.category === undefined ? [...bySlug.values()].flat() : (bySlug.get(query.category) ?? []);
  const attributes = facetAttributes(declared);
  const filters: CatalogFilters = {
    q,
    category: query.category,
    inStock: query.inStock ? { floor: minUnits } : undefined,
    lowStock: query.lowStock ? { floor: minUnits } : undefined,
    minPriceCents: query.minPrice === undefined ? undefined : dollarsToCents(query.minPrice),
    maxPriceCents: query.maxPrice === undefined ? undefined : dollarsToCents(query.maxPrice),
    specs: query.spec?.map((filter) => typedFilter(filter, declared)),
  };
  const stockSensitive = query.inStock === true || query.lowStock === true;
  const byPrice =
    sort === 'price_asc' ||
    sort === 'price_desc' ||
    filters.minPriceCents !== undefined ||
    filters.maxPriceCents !== undefined;

  // A family is listed once unless every variant is asked for (the admin's product list).
  const families = query.variants !== true;
  /** The page read from the database, in `cache`, its keys starting with `prefix`. */
  const read = (cache: CatalogCache, prefix: string, readFilters: CatalogFilters) => {
    const filterKey = `${prefix}${families ? '' : 'variants:'}${JSON.stringify(filters)}`;
    const matches = () =>
      cache.value(`matches:${filterKey}`, async () => ({
        value: await countMatchesAndFacets(
          db,
          readFilters,
          attributes.map((attribute) => attribute.key),
          { families },
        ),
        tools: [],
        stockSensitive,
      }));
    const key = `page:${filterKey}:${sort}:${limit}:${query.cursor ?? ''}`;
    const load = async () => {
      const [rows, { total, facets }] = await Promise.all([
        listCatalogPage(db, readFilters, sort, after, limit + 1, { families }),
        matches(),
      ]);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      const items = page.map((row) => toTool(row, minUnits));
      const value: CatalogPage = {
        items,
        nextCursor: rows.length > limit && last ? encodeCursor(sort, last.sortKey, last.id) : null,
        total,
        facets: searchFacets(attributes, filters.specs ?? [], facets),
      };
      return { value, tools: items, stockSensitive };
    };
    return { key, load };
  };

  if (!prices) {
    const { key, load } = read(catalogCache, '', filters);
    return catalogCache.answer(key, load);
  }
  const reprice = (page: CatalogPage) => {
    const items = page.items.map((tool) => pricedTool(tool, prices));
    return { value: { ...page, items }, tools: items, stockSensitive };
  };
  if (byPrice) {
    const { key, load } = read(buyerCache, `${prices.key}:`, {
      ...filters,
      contractPrices: prices.fromPrices,
    });
    return buyerCache.answer(key, async () => reprice((await load()).value));
  }
  const { key, load } = read(catalogCache, '', filters);
  return buyerCache.answer(`${prices.key}:${key}`, async () => reprice(await catalogCache.value(key, load)));
}
