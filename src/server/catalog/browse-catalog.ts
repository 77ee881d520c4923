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
  countCatalog,
  listCatalogPage,
  listCategories,
  listHomeGrid,
  listProducts,
} from '../records/products.repository';
import { toTool } from './tool-view';
import { messages } from '../../shared/messages';

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
  const filters: CatalogFilters = {
    q,
    category: query.category,
    inStock: query.inStock ? { floor: minUnits } : undefined,
    lowStock: query.lowStock ? { floor: minUnits } : undefined,
    minPriceCents: query.minPrice === undefined ? undefined : dollarsToCents(query.minPrice),
    maxPriceCents: query.maxPrice === undefined ? undefined : dollarsToCents(query.maxPrice),
  };
  const stockSensitive = query.inStock === true || query.lowStock === true;
  const byPrice =
    sort === 'price_asc' ||
    sort === 'price_desc' ||
    filters.minPriceCents !== undefined ||
    filters.maxPriceCents !== undefined;

  /** The page read from the database, in `cache`, its keys starting with `prefix`. */
  const read = (cache: CatalogCache, prefix: string, readFilters: CatalogFilters) => {
    const filterKey = `${prefix}${JSON.stringify(filters)}`;
    const total = () =>
      cache.value(`count:${filterKey}`, async () => ({
        value: await countCatalog(db, readFilters),
        tools: [],
        stockSensitive,
      }));
    const key = `page:${filterKey}:${sort}:${limit}:${query.cursor ?? ''}`;
    const load = async () => {
      const [rows, matches] = await Promise.all([
        listCatalogPage(db, readFilters, sort, after, limit + 1),
        total(),
      ]);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      const items = page.map((row) => toTool(row, minUnits));
      const value: CatalogPage = {
        items,
        nextCursor: rows.length > limit && last ? encodeCursor(sort, last.sortKey, last.id) : null,
        total: matches,
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
