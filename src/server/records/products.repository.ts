import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  like,
  lte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Category } from '../../shared/api/catalog.schemas';
import { MAX_STOCK_UNITS } from '../../shared/api/products.schemas';
import type { CatalogSort } from '../../shared/api/catalog.schemas';
import { LOW_STOCK_FACTOR } from '../../shared/domain/order-quantity';
import type { ProductDocument } from '../../shared/api/uploads.schemas';
import type { Executor } from '../db/database';
import { categories, productFamilies, products, type StoredFamilyOption } from '../db/schema';
import { alias } from 'drizzle-orm/pg-core';
import type { CategoryAttribute, SpecFilter, SpecValue } from '../../shared/domain/specifications';

/**
 * Every query of the `products` and `categories` tables (CONVENTIONS §13): plain functions that take
 * the database or the transaction they run in, so a reader finds every way a product row changes here,
 * its stock included. A query of another table that joins a product's details to its own rows (a cart's
 * lines, a saved list's, a quote's) stays with that table. Stock moves by a difference, in a conditional
 * update or under the row's lock, and rows are locked in id order, so two transactions that move the
 * stock of several products never wait on each other in a cycle (no deadlock).
 */

export type NewProduct = typeof products.$inferInsert;
export type ProductChanges = Partial<
  Pick<
    NewProduct,
    | 'sku'
    | 'name'
    | 'imageUrl'
    | 'description'
    | 'categoryId'
    | 'minOrder'
    | 'priceCents'
    | 'priceTiers'
    | 'featured'
    | 'taxClass'
    | 'weightGrams'
    | 'unitsPerCarton'
    | 'specs'
    | 'unit'
    | 'orderMultiple'
    | 'leadTimeDays'
    | 'documents'
  >
>;

// A product with its category's slug and name: what the API shows. The search columns stay in the database.
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- taken out so that the rest is selected
const { searchVector, ...productColumns } = getTableColumns(products);
/** A variant's family: its name and options, and its variants' number and price range (null: none). */
export interface FamilySummary {
  name: string;
  options: StoredFamilyOption[];
  variants: number;
  minPriceCents: number;
  maxPriceCents: number;
  documents: ProductDocument[];
}
const familySummary = sql<
  FamilySummary | string | null
>`(case when ${products.familyId} is null then null else (
  select json_build_object('name', ${productFamilies.name}, 'options', ${productFamilies.options},
    'variants', count(*), 'minPriceCents', min(variant.price_cents), 'maxPriceCents', max(variant.price_cents),
    'documents', ${productFamilies.documents})
  from ${products} variant where variant.family_id = ${products.familyId}) end)`;
const productView = {
  ...productColumns,
  categorySlug: categories.slug,
  categoryName: categories.name,
  family: familySummary,
};
export type ProductView = Omit<typeof products.$inferSelect, 'searchVector'> & {
  categorySlug: string;
  categoryName: string;
  family: FamilySummary | string | null;
};

/** A row's family summary, as either driver hands json back (parsed, or as text). */
export function familyOf(row: Pick<ProductView, 'family'>): FamilySummary | null {
  const { family } = row;
  return typeof family === 'string' ? (JSON.parse(family) as FamilySummary) : family;
}

/**
 * `available < 2 * greatest(min_order, floor)`, written as the two comparisons it is made of so that
 * each can use its index (products_stock_margin_idx, products_available_idx).
 */
export function belowTwiceTheLowerBound(floor: number, t: ProductsTable = products): SQL {
  // The factor is written into the SQL, not sent as a parameter: migration 0008's expression index is
  // on (available - 2 * min_order).
  const factor = sql.raw(String(LOW_STOCK_FACTOR));
  return sql`((${t.available} - ${factor} * ${t.minOrder}) < 0 or ${t.available} < ${LOW_STOCK_FACTOR * floor})`;
}

/**
 * A product's lower bound in SQL, by the rule of shared/domain/order-quantity.ts (lowerBound): the
 * larger of its minimum and the floor, rounded up to whole packs (integer division, exact).
 */
export function lowerBoundOf(floor: number, t: ProductsTable = products): SQL {
  return sql`((greatest(${t.minOrder}, ${floor}) + ${t.orderMultiple} - 1) / ${t.orderMultiple} * ${t.orderMultiple})`;
}

/**
 * The products table, or an alias of it: the catalog's filters are written once and applied to a
 * product and, to find a family's first match, to its siblings.
 */
type ProductsTable = typeof products;
const sibling = alias(products, 'sibling') as unknown as ProductsTable;
const firstMatch = alias(products, 'first_match') as unknown as ProductsTable;

function selectProducts(ex: Executor) {
  return ex
    .select(productView)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(productFamilies, eq(productFamilies.id, products.familyId));
}

/** The whole catalog, newest first (spec §7 GET /tools). */
export async function listProducts(ex: Executor): Promise<ProductView[]> {
  return selectProducts(ex).orderBy(desc(products.createdAt), desc(products.id));
}

/** The home grid (DESIGN §9): the featured products first, then the newest, `limit` in all. */
export async function listHomeGrid(ex: Executor, limit: number): Promise<ProductView[]> {
  return selectProducts(ex)
    .orderBy(desc(products.featured), desc(products.createdAt), desc(products.id))
    .limit(limit);
}

/** A product; with `lock`, its row is held until the transaction ends (an edit reads, then writes it). */
export async function findProduct(
  ex: Executor,
  id: string,
  { lock = false } = {},
): Promise<ProductView | undefined> {
  const query = selectProducts(ex).where(eq(products.id, id));
  const [row] = await (lock ? query.for('no key update', { of: products }) : query);
  return row;
}

export async function findProductBySku(
  ex: Executor,
  sku: string,
): Promise<{ id: string; name: string } | undefined> {
  const [row] = await ex
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(eq(products.sku, sku));
  return row;
}

export async function insertProduct(ex: Executor, values: NewProduct): Promise<{ id: string }> {
  const [row] = await ex.insert(products).values(values).returning({ id: products.id });
  if (!row) throw new Error('The product was not stored');
  return row;
}

/** Creates products, 500 a statement (the demo's catalog, a family's variants); answers their ids in order. */
export async function insertProducts(
  ex: Executor,
  rows: readonly NewProduct[],
): Promise<{ id: string; sku: string }[]> {
  const added: { id: string; sku: string }[] = [];
  for (let start = 0; start < rows.length; start += 500) {
    added.push(
      ...(await ex
        .insert(products)
        .values(rows.slice(start, start + 500))
        .returning({ id: products.id, sku: products.sku })),
    );
  }
  return added;
}

/** A family's variants, in the order its options list their values (then by SKU). */
export async function listFamilyVariants(ex: Executor, familyId: string): Promise<ProductView[]> {
  return selectProducts(ex).where(eq(products.familyId, familyId)).orderBy(asc(products.sku));
}

/** Gives every variant of a family what they share: its description and picture, and each its name. */
export async function updateFamilyVariants(
  ex: Executor,
  familyId: string,
  shared: { description?: string; imageUrl?: string },
  names: ReadonlyMap<string, string>,
): Promise<void> {
  if (shared.description !== undefined || shared.imageUrl !== undefined) {
    await ex.update(products).set(shared).where(eq(products.familyId, familyId));
  }
  for (const [id, name] of names) {
    await ex
      .update(products)
      .set({ name })
      .where(and(eq(products.id, id), eq(products.familyId, familyId)));
  }
}

/**
 * Changes a product's details and moves its stock by `availableChange`, in one conditional update that
 * keeps the stock within 0..MAX_STOCK_UNITS; fields left undefined keep their value. Answers false when
 * nothing was updated (no such product, or a change that would leave those bounds).
 */
export async function updateProduct(
  ex: Executor,
  id: string,
  changes: ProductChanges,
  availableChange: number,
): Promise<boolean> {
  const updated = await ex
    .update(products)
    .set({ ...changes, available: sql`${products.available} + ${availableChange}` })
    .where(
      and(
        eq(products.id, id),
        gte(products.available, -availableChange),
        lte(products.available, MAX_STOCK_UNITS - availableChange),
      ),
    )
    .returning({ id: products.id });
  return updated.length > 0;
}

/** Deletes a product; its orders keep their details (the reference becomes null). */
export async function deleteProduct(ex: Executor, id: string): Promise<boolean> {
  const deleted = await ex.delete(products).where(eq(products.id, id)).returning({ id: products.id });
  return deleted.length > 0;
}

// --- The catalog: search, filters, sort and keyset pages (GET /api/catalog) ---

export interface CatalogFilters {
  q?: string;
  category?: string;
  /** Only products with at least their lower bound in stock (`floor` is ORDER_MIN_UNITS). */
  inStock?: { floor: number };
  /** Only products with less than twice their lower bound in stock. */
  lowStock?: { floor: number };
  minPriceCents?: number;
  maxPriceCents?: number;
  /**
   * A contract buyer's prices at the lower bound by SKU: price filters and sorts take these
   * where there is one, the product's own price elsewhere.
   */
  contractPrices?: Record<string, number>;
  /** Specification filters: every one must match (any of a filter's values). */
  specs?: SpecFilter[];
}

/** The unit price the catalog's price filters and sorts compare: the buyer's contract price, or the product's. */
function priceCents(contractPrices: Record<string, number> | undefined, t: ProductsTable = products): SQL {
  // One jsonb object for the statement, looked up by SKU on each row.
  return contractPrices
    ? sql`coalesce((${JSON.stringify(contractPrices)}::jsonb ->> ${t.sku})::int, ${t.priceCents})`
    : sql`${t.priceCents}`;
}

/** Where the previous page ended: its last product's sort key and id. */
export interface CatalogAfter {
  key: string | number;
  id: string;
}

function catalogWhere(
  {
    q,
    category,
    inStock,
    lowStock,
    minPriceCents,
    maxPriceCents,
    contractPrices,
    specs = [],
  }: CatalogFilters,
  t: ProductsTable = products,
): SQL | undefined {
  const price = priceCents(contractPrices, t);
  return and(
    ...specs.map((filter) => specMatches(filter, t)),
    // An exact SKU matches too: each typed word is also taken as a prefix of the catalog's words.
    q === undefined ? undefined : sql`${t.searchVector} @@ ${searchQuery(q)}`,
    // The category twice: by its column, which a category's keyset pages walk in order
    // (products_category_newest_idx), and as the catalog's GIN index holds it beside the search's
    // words and the filters, which a search intersects inside the index.
    category === undefined ? undefined : eq(t.categoryId, categoryIdOf(category)),
    category === undefined
      ? undefined
      : sql`${catalogKeys(t)} @> jsonb_object(array['@category', coalesce(${categoryIdOf(category)}::text, '')])`,
    inStock === undefined ? undefined : sql`${t.available} >= ${lowerBoundOf(inStock.floor, t)}`,
    lowStock === undefined ? undefined : belowTwiceTheLowerBound(lowStock.floor, t),
    minPriceCents === undefined ? undefined : sql`${price} >= ${minPriceCents}`,
    maxPriceCents === undefined ? undefined : sql`${price} <= ${maxPriceCents}`,
  );
}

/** A category's id by its slug, read once per statement (an InitPlan). */
function categoryIdOf(slug: string): SQL {
  return sql`(select ${categories.id} from ${categories} where ${categories.slug} = ${slug})`;
}

/**
 * A product's specifications with its category as "@category" (catalog_keys, migration 0052): what the
 * catalog's GIN index products_catalog_idx holds beside the search's words, so a search, its category
 * and its filters are intersected inside the index. Written as the index is, for the planner to match.
 */
function catalogKeys(t: ProductsTable): SQL {
  return sql`catalog_keys(${t.specs}, ${t.categoryId})`;
}

/**
 * A specification filter in SQL: any of its values by containment (`catalog_keys(..) @> '{"voltage":18}'`,
 * which the GIN index products_catalog_idx answers), or a numeric range by a JSON path. The key is an
 * attribute key (ATTRIBUTE_KEY: letters, digits, underscores), so it is written into the path as is.
 */
function specMatches(filter: SpecFilter, t: ProductsTable): SQL {
  if ('range' in filter) {
    const { min, max } = filter.range;
    const bounds = [min === undefined ? null : `@ >= ${min}`, max === undefined ? null : `@ <= ${max}`];
    const path = `$.${filter.key} ? (${bounds.filter(Boolean).join(' && ')})`;
    return sql`${t.specs} @? ${path}::jsonpath`;
  }
  return sql`(${sql.join(
    filter.values.map((value) => sql`${catalogKeys(t)} @> ${JSON.stringify({ [filter.key]: value })}::jsonb`),
    sql` or `,
  )})`;
}

/**
 * The search as a text-search query, built once per statement (an InitPlan): each typed word as a
 * prefix or as one of the catalog's words spelled like it (catalog_tsquery, migration 0006).
 */
function searchQuery(q: string): SQL {
  return sql`(select catalog_tsquery(${q}))`;
}

/**
 * How well a product matches the search, as a whole number so that a cursor carries it exactly: an
 * exact SKU first, then by text rank, where SKU and name weigh more than the description.
 */
function relevance(q: string, t: ProductsTable): SQL<number> {
  return sql<number>`(
    case when ${t.sku} = upper(${q}) then 100000 else 0 end
    + round(10000 * ts_rank(${t.searchVector}, ${searchQuery(q)}))
  )::int`;
}

/**
 * Each sort's key, its direction, how a cursor's value is cast back, and the value a cursor carries
 * (the key itself, except a time, which travels as an ISO string to the millisecond).
 */
function sortKey(
  order: CatalogSort,
  { q, contractPrices }: CatalogFilters,
  t: ProductsTable = products,
): { key: SQL; descending: boolean; cast: string; value?: SQL } {
  switch (order) {
    case 'relevance':
      return { key: relevance(q ?? '', t), descending: true, cast: 'int' };
    case 'name':
      return { key: sql`${t.name}`, descending: false, cast: 'text' };
    case 'price_asc':
    case 'price_desc':
      return { key: priceCents(contractPrices, t), descending: order === 'price_desc', cast: 'int' };
    case 'newest':
      return {
        key: sql`${t.createdAt}`,
        descending: true,
        cast: 'timestamptz',
        value: sql`to_char(${t.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
      };
  }
}

/**
 * A family's variants are listed once (DESIGN §11): a variant is kept only when no sibling that also
 * matches comes before it in the page's order. The siblings are read by the family_id index alone and
 * the filters checked on those few rows: `offset 0` keeps the planner from combining that index with
 * the search's or the specifications' GIN indexes, a scan of every match repeated for each variant
 * listed (at a million SKUs, a search for "drill" matches half the catalog).
 */
function firstOfItsFamily(filters: CatalogFilters, order: CatalogSort): SQL {
  const { key, descending } = sortKey(order, filters);
  const { key: siblingKey } = sortKey(order, filters, sibling);
  const before = descending ? sql`>` : sql`<`;
  return sql`(${products.familyId} is null or not exists (
    select 1 from (select * from ${products} variant where variant.family_id = ${products.familyId} offset 0) sibling
    where ${sibling.id} <> ${products.id}
      and ${catalogWhere(filters, sibling) ?? sql`true`}
      and (${siblingKey}, ${sibling.id}) ${before} (${key}, ${products.id})))`;
}

/**
 * The same rule for a search by relevance, whose matches are all read and ranked anyway: each family's
 * first match, picked in one pass over the matches (DISTINCT ON the family), instead of a look at
 * each match's siblings (at a million SKUs, 2,500 matches of "drill" cost 70 ms of sibling looks).
 */
function firstsOfFamilies(filters: CatalogFilters, order: CatalogSort): SQL {
  const { key, descending } = sortKey(order, filters, firstMatch);
  const family = sql`coalesce(${firstMatch.familyId}, ${firstMatch.id})`;
  const direction = descending ? sql`desc` : sql`asc`;
  return sql`${products.id} in (
    select distinct on (${family}) ${firstMatch.id} from ${products} first_match
    where ${catalogWhere(filters, firstMatch) ?? sql`true`}
    order by ${family}, ${key} ${direction}, ${firstMatch.id} ${direction})`;
}

/**
 * One page of the catalog in a stable order (the sort key, then the id), starting after `after`: a
 * keyset page, so products added meanwhile never make a later page repeat or skip one. Answers up to
 * `limit` rows, each with its sort key for the next cursor.
 */
export async function listCatalogPage(
  ex: Executor,
  filters: CatalogFilters,
  order: CatalogSort,
  after: CatalogAfter | undefined,
  limit: number,
  { families = false } = {},
): Promise<(ProductView & { sortKey: string | number })[]> {
  const { key, descending, cast, value = key } = sortKey(order, filters);
  const direction = descending ? sql`<` : sql`>`;
  const keyset = after
    ? sql`(${key}, ${products.id}) ${direction} (${after.key}::${sql.raw(cast)}, ${after.id}::uuid)`
    : undefined;
  // A search's matches are picked by family first, and only those rows read; any other order walks
  // an index and looks at each listed product's siblings.
  const matching = !families
    ? catalogWhere(filters)
    : order === 'relevance'
      ? firstsOfFamilies(filters, order)
      : and(catalogWhere(filters), firstOfItsFamily(filters, order));
  const rows = await ex
    .select({ ...productView, sortKey: sql<string | number>`${value}` })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(productFamilies, eq(productFamilies.id, products.familyId))
    .where(and(matching, keyset))
    .orderBy(...(descending ? [desc(key), desc(products.id)] : [asc(key), asc(products.id)]))
    .limit(limit);
  return rows;
}

/** One attribute value among a search's matches, and how many have it. */
export interface FacetCount {
  key: string;
  value: SpecValue;
  count: number;
}

/**
 * How many products match (`total`; with `families`, a family's variants count once) and how many of
 * them have each value of each of `keys` (the facets), in one statement. A facet whose key is filtered
 * is counted without its own filter (disjunctive: its other values say how many they would add),
 * every other with all the filters. The rows any of those counts need (the matches of every filter
 * but one, for each filtered facet) are read once, by the catalog's GIN index, into a set that marks
 * which filters each row passes; every count is then a FILTER over that set, one pass per facet. At a
 * million SKUs a search's facets read its matches once where a query per count read them four times.
 */
export async function countMatchesAndFacets(
  ex: Executor,
  filters: CatalogFilters,
  keys: readonly string[],
  { families = false } = {},
): Promise<{ total: number; facets: FacetCount[] }> {
  const specs = filters.specs ?? [];
  const base = catalogWhere({ ...filters, specs: [] });
  const passes = specs.map((filter) => specMatches(filter, products));
  // A filtered facet (index i) counts the rows passing every filter but its own.
  const facetFilters = specs.flatMap((filter, i) => (keys.includes(filter.key) ? [i] : []));
  const allBut = (skip: number | undefined) =>
    and(...specs.flatMap((_, j) => (j === skip ? [] : [sql.raw(`m.f${j}`)]))) ?? sql`true`;
  const needed =
    facetFilters.length === 0
      ? and(...passes)
      : or(...facetFilters.map((i) => and(...passes.filter((_, j) => j !== i)) ?? sql`true`));
  const marks = passes.map((pass, j) => sql`, ${pass} as ${sql.raw(`f${j}`)}`);
  // Counted as the list shows them: with families, a family's variants are one card, so one.
  const matched = families ? sql`count(distinct coalesce(m.family_id, m.id))` : sql`count(*)`;
  // Each facet's values, a pass over the set each (cheaper than expanding every row's specifications).
  const facetCounts = keys.map((key) => {
    const i = specs.findIndex((filter) => filter.key === key);
    return sql`
      select ${key}::text, m.specs -> ${key}, (${matched} filter (where ${allBut(i === -1 ? undefined : i)}))::int
      from m where m.specs -> ${key} is not null group by 2`;
  });
  const result: unknown = await ex.execute(sql`
    with m as materialized (
      select ${products.id} as id, ${products.familyId} as family_id, ${products.specs} as specs ${sql.join(marks, sql``)}
      from ${products}
      where ${and(base, needed) ?? sql`true`}
    )
    select null::text as "key", null::jsonb as "value", (${matched} filter (where ${allBut(undefined)}))::int as "count"
    from m
    ${sql.join(
      facetCounts.map((facet) => sql`union all ${facet}`),
      sql` `,
    )}`);
  // Both drivers answer { rows }, jsonb read back as its value (an enum's "10" stays text).
  const { rows } = result as { rows: { key: string | null; value: SpecValue; count: number }[] };
  const facets: FacetCount[] = [];
  let total = 0;
  for (const row of rows) {
    if (row.key === null) total = row.count;
    else if (row.count > 0) facets.push({ key: row.key, value: row.value, count: row.count });
  }
  return { total, facets };
}

/** A list of text as one SQL array (`array['a', 'b']::text[]`), each element a parameter. */
function textArray(values: readonly string[]): SQL {
  return sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;
}

// --- Categories ---

/** Every category's declared attributes, by slug: what facets are named by and specs checked against. */
export async function listCategoryAttributes(ex: Executor): Promise<Map<string, CategoryAttribute[]>> {
  const rows = await ex
    .select({ slug: categories.slug, attributes: categories.attributes })
    .from(categories)
    .orderBy(asc(categories.name));
  return new Map(rows.map((row) => [row.slug, row.attributes]));
}

/** A category by slug, with its attributes; with `lock`, held until the transaction ends. */
export async function findCategory(ex: Executor, slug: string, { lock = false } = {}) {
  const query = ex
    .select({
      id: categories.id,
      slug: categories.slug,
      name: categories.name,
      attributes: categories.attributes,
    })
    .from(categories)
    .where(eq(categories.slug, slug));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

/** The attributes of the category with this id. */
export async function attributesOfCategory(ex: Executor, id: string): Promise<CategoryAttribute[]> {
  const [row] = await ex
    .select({ attributes: categories.attributes })
    .from(categories)
    .where(eq(categories.id, id));
  return row?.attributes ?? [];
}

export async function setCategoryAttributes(
  ex: Executor,
  id: string,
  attributes: CategoryAttribute[],
): Promise<void> {
  await ex.update(categories).set({ attributes }).where(eq(categories.id, id));
}

/** How many products of a category have a value for each key, and an example SKU of each. */
export async function specUseInCategory(
  ex: Executor,
  categoryId: string,
): Promise<Map<string, { count: number; sku: string; values: SpecValue[] }>> {
  const result: unknown = await ex.execute(sql`
    select spec.key as "key", count(*)::int as "count", min(${products.sku}) as "sku",
           jsonb_agg(distinct spec.value) as "values"
    from ${products}
    cross join lateral jsonb_each(${products.specs}) as spec(key, value)
    where ${products.categoryId} = ${categoryId}
    group by spec.key`);
  const { rows } = result as {
    rows: { key: string; count: number; sku: string; values: SpecValue[] | string }[];
  };
  return new Map(
    rows.map((row) => [
      row.key,
      {
        count: row.count,
        sku: row.sku,
        values: typeof row.values === 'string' ? (JSON.parse(row.values) as SpecValue[]) : row.values,
      },
    ]),
  );
}

/** Takes these keys out of the specifications of every product of a category (their attribute went). */
export async function dropSpecKeys(
  ex: Executor,
  categoryId: string,
  keys: readonly string[],
): Promise<number> {
  if (keys.length === 0) return 0;
  const updated = await ex
    .update(products)
    .set({ specs: sql`${products.specs} - ${textArray(keys)}` })
    .where(and(eq(products.categoryId, categoryId), sql`${products.specs} ?| ${textArray(keys)}`))
    .returning({ id: products.id });
  return updated.length;
}

/** Every category with how many products it holds, by name. */
export async function listCategories(ex: Executor): Promise<Category[]> {
  return ex
    .select({ slug: categories.slug, name: categories.name, count: count(products.id) })
    .from(categories)
    .leftJoin(products, eq(products.categoryId, categories.id))
    .groupBy(categories.id)
    .orderBy(asc(categories.name));
}

/** The category with this slug, created with `name` when there is none (two admins at once: one wins). */
export async function findOrCreateCategory(ex: Executor, slug: string, name: string): Promise<string> {
  await ex.insert(categories).values({ slug, name }).onConflictDoNothing({ target: categories.slug });
  const [row] = await ex.select({ id: categories.id }).from(categories).where(eq(categories.slug, slug));
  if (!row) throw new Error(`Category ${slug} was not stored`);
  return row.id;
}

/**
 * Products with less than twice their lower bound in stock, the scarcest (relative to that bound)
 * first, `limit` of them; each row says how many there are in all and how many are below the bound
 * itself, where they cannot be ordered (the admin's dashboard).
 */
export async function listLowStock(ex: Executor, floor: number, limit: number) {
  const lower = lowerBoundOf(floor);
  return ex
    .select({
      id: products.id,
      sku: products.sku,
      name: products.name,
      available: products.available,
      lowerBound: sql<number>`${lower}`.mapWith(Number),
      total: sql<number>`count(*) over ()`.mapWith(Number),
      belowMinimum: sql<number>`count(*) filter (where ${products.available} < ${lower}) over ()`.mapWith(
        Number,
      ),
    })
    .from(products)
    .where(belowTwiceTheLowerBound(floor))
    .orderBy(sql`${products.available}::float8 / ${lower}`, asc(products.sku))
    .limit(limit);
}

// --- Catalog import and export (DESIGN §9) ---

/** Every product with its category, by SKU, `batch` rows a query (keyset), for an export of any size. */
export async function* eachProductBySku(ex: Executor, batch = 1000): AsyncGenerator<ProductView> {
  let after = '';
  for (;;) {
    const rows = await selectProducts(ex)
      .where(sql`${products.sku} > ${after}`)
      .orderBy(asc(products.sku))
      .limit(batch);
    yield* rows;
    const last = rows.at(-1);
    if (!last || rows.length < batch) return;
    after = last.sku;
  }
}

/**
 * The products with these SKUs, locked until the transaction ends when `lock` (an import's commit).
 * Locks are taken in id order, as checkout and new stock take them, so an import never deadlocks with
 * them: the ids are found first, then locked a batch at a time in that order.
 */
export async function findProductsBySkus(
  ex: Executor,
  skus: string[],
  { lock = false } = {},
): Promise<ProductView[]> {
  const found: ProductView[] = [];
  const BATCH = 5000;
  if (!lock) {
    for (let start = 0; start < skus.length; start += BATCH) {
      found.push(
        ...(await selectProducts(ex).where(inArray(products.sku, skus.slice(start, start + BATCH)))),
      );
    }
    return found;
  }
  const ids: string[] = [];
  for (let start = 0; start < skus.length; start += BATCH) {
    const rows = await ex
      .select({ id: products.id })
      .from(products)
      .where(inArray(products.sku, skus.slice(start, start + BATCH)));
    ids.push(...rows.map((row) => row.id));
  }
  ids.sort();
  for (let start = 0; start < ids.length; start += BATCH) {
    found.push(
      ...(await selectProducts(ex)
        .where(inArray(products.id, ids.slice(start, start + BATCH)))
        .orderBy(asc(products.id))
        .for('no key update', { of: products })),
    );
  }
  return found;
}

/**
 * Creates the products whose SKU is new and overwrites the details and stock of those that exist, in
 * batches (an import's commit, inside its transaction).
 */
export async function upsertProducts(ex: Executor, rows: NewProduct[]): Promise<void> {
  for (let start = 0; start < rows.length; start += 500) {
    await ex
      .insert(products)
      .values(rows.slice(start, start + 500))
      .onConflictDoUpdate({
        target: products.sku,
        set: {
          name: sql`excluded.name`,
          imageUrl: sql`excluded.image_url`,
          description: sql`excluded.description`,
          categoryId: sql`excluded.category_id`,
          minOrder: sql`excluded.min_order`,
          available: sql`excluded.available`,
          priceCents: sql`excluded.price_cents`,
          priceTiers: sql`excluded.price_tiers`,
          featured: sql`excluded.featured`,
          taxClass: sql`excluded.tax_class`,
          weightGrams: sql`excluded.weight_grams`,
          unitsPerCarton: sql`excluded.units_per_carton`,
          specs: sql`excluded.specs`,
          unit: sql`excluded.unit`,
          orderMultiple: sql`excluded.order_multiple`,
          leadTimeDays: sql`excluded.lead_time_days`,
          // A variant's family never changes by an import; its options may.
          options: sql`excluded.options`,
        },
      });
  }
}

/** Every product's id, oldest first (the sitemap); `offset` and `limit` page through them. */
export async function listProductIds(ex: Executor, offset: number, limit: number): Promise<string[]> {
  const rows = await ex
    .select({ id: products.id })
    .from(products)
    .orderBy(asc(products.createdAt), asc(products.id))
    .offset(offset)
    .limit(limit);
  return rows.map((row) => row.id);
}

export async function countProducts(ex: Executor): Promise<number> {
  const [row] = await ex.select({ n: count() }).from(products);
  return row?.n ?? 0;
}

/** The uploaded files (`/uploads/…`) that some product or family shows: pictures and documents. */
export async function uploadedPicturesInUse(ex: Executor): Promise<Set<string>> {
  const documentsOf = (table: typeof products | typeof productFamilies) =>
    ex
      .select({ url: sql<string>`document->>'url'` })
      .from(sql`${table}, jsonb_array_elements(${table.documents}) as document`)
      .where(sql`document->>'url' like '/uploads/%'`);
  const [pictures, familyPictures, documents, familyDocuments] = await Promise.all([
    ex.select({ url: products.imageUrl }).from(products).where(like(products.imageUrl, '/uploads/%')),
    ex
      .select({ url: productFamilies.imageUrl })
      .from(productFamilies)
      .where(like(productFamilies.imageUrl, '/uploads/%')),
    documentsOf(products),
    documentsOf(productFamilies),
  ]);
  return new Set([...pictures, ...familyPictures, ...documents, ...familyDocuments].map((row) => row.url));
}

// --- What ordering reads: a product's bounds, stock and tiers ---

const orderableColumns = {
  id: products.id,
  sku: products.sku,
  name: products.name,
  minOrder: products.minOrder,
  orderMultiple: products.orderMultiple,
  unit: products.unit,
  available: products.available,
  priceTiers: products.priceTiers,
};
/** What an order, a cart, a list or a quote reads of a product to check and price a quantity of it. */
export type OrderableProduct = {
  [K in keyof typeof orderableColumns]: (typeof orderableColumns)[K]['_']['data'];
} & { priceTiers: NonNullable<NewProduct['priceTiers']> };

/**
 * The products with these ids (or SKUs), in id order; the unknown ones are left out. With `lock`, their
 * rows are held until the transaction ends (a checkout's stock), and not FOR UPDATE: the stock is no
 * key, so carts being filled (whose foreign keys take a key-share lock on the product) never wait for a
 * checkout, nor a checkout for them.
 */
export async function findOrderable(
  ex: Executor,
  by: { ids: readonly string[] } | { skus: readonly string[] },
  { lock = false } = {},
): Promise<OrderableProduct[]> {
  const wanted = 'ids' in by ? by.ids : by.skus;
  if (wanted.length === 0) return [];
  const query = ex
    .select(orderableColumns)
    .from(products)
    .where('ids' in by ? inArray(products.id, [...by.ids]) : inArray(products.sku, [...by.skus]))
    .orderBy(asc(products.id));
  return lock ? query.for('no key update') : query;
}

/** Which of these SKUs some product has, a batch of 5,000 a query (a price list's import may name many). */
export async function knownSkus(ex: Executor, skus: readonly string[]): Promise<Set<string>> {
  const known = new Set<string>();
  for (let start = 0; start < skus.length; start += 5000) {
    const rows = await ex
      .select({ sku: products.sku })
      .from(products)
      .where(inArray(products.sku, skus.slice(start, start + 5000)));
    for (const row of rows) known.add(row.sku);
  }
  return known;
}

/** What tax and freight read of each product: its tax class, unit weight and carton size. */
export async function shippingFactsOf(ex: Executor, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return ex
    .select({
      id: products.id,
      taxClass: products.taxClass,
      weightGrams: products.weightGrams,
      unitsPerCarton: products.unitsPerCarton,
    })
    .from(products)
    .where(inArray(products.id, [...ids]));
}

/** How alike a SKU must be (pg_trgm similarity, 0 to 1) to be offered when no SKU is a keystroke or two away. */
const SUGGEST_SIMILARITY = 0.25;
/** The most keystrokes (letters added, dropped or changed) a suggested SKU may be from the one pasted. */
const SUGGEST_EDITS = 2;
/** How many of the nearest SKUs by trigram distance are weighed by keystrokes. */
const SUGGEST_CANDIDATES = 200;

/**
 * For each SKU that no product has, the SKUs most like it, closest first: among the 200 nearest by
 * trigram distance (pg_trgm `<->` through the SKUs' GiST index: FT-DRIL-18 finds FT-DRILL-18V), those
 * a keystroke or two away (fuzzystrmatch's levenshtein: WK-0L2 finds WK-012), then the likest. One
 * query for all of them, whatever the catalog's size.
 */
export async function closestSkus(ex: Executor, unknown: readonly string[]): Promise<Map<string, string[]>> {
  const closest = new Map<string, string[]>(unknown.map((sku) => [sku, []]));
  if (unknown.length === 0) return closest;
  const asked = sql.join(
    unknown.map((sku) => sql`${sku}`),
    sql`, `,
  );
  const result: unknown = await ex.execute(sql`
    select asked.sku as "asked", near.sku as "sku", near.edits as "edits", near.similarity as "similarity"
    from unnest(array[${asked}]::text[]) as asked(sku)
    cross join lateral (
      select candidate.sku,
             levenshtein_less_equal(candidate.sku, asked.sku, ${SUGGEST_EDITS + 1}) as edits,
             similarity(candidate.sku, asked.sku) as similarity
      from (
        -- The nearest by trigram distance, through the SKUs' GiST index (distance alone orders the scan:
        -- a second sort key would read every SKU); keystrokes are counted among those only, where
        -- counting them for every SKU took 5 s for ten unknown SKUs at a million.
        select ${products.sku} as sku from ${products} order by ${products.sku} <-> asked.sku limit ${SUGGEST_CANDIDATES}
      ) as candidate
      order by edits, similarity desc, candidate.sku
      limit 3
    ) as near`);
  // Both drivers answer { rows }; similarity() is a `real` and levenshtein an integer: both numbers.
  const { rows } = result as { rows: { asked: string; sku: string; edits: number; similarity: number }[] };
  for (const row of rows) {
    if (row.edits <= SUGGEST_EDITS || row.similarity > SUGGEST_SIMILARITY)
      closest.get(row.asked)?.push(row.sku);
  }
  return closest;
}

// --- Stock (DESIGN §4) ---

/** A product's stock after it moved: what the catalog cache updates in place. */
export interface ProductStock {
  id: string;
  available: number;
}

/**
 * The order's reservation in one conditional UPDATE, so concurrent orders can never take stock below
 * zero (DESIGN §4): takes `quantity` units when the product exists, has that many, and `quantity`
 * reaches its lower bound (max of `floor` and its own minimum), and answers what the order needs of the
 * product; null when any of that fails (the caller then reads the product once to say which). The fast
 * path reads nothing before it. (An accepted quote, whose quantity was agreed with the shop, takes its
 * stock with takeStockUpTo instead.)
 */
export async function reserveStockFor(
  ex: Executor,
  productId: string,
  quantity: number,
  floor: number,
): Promise<OrderableProduct | null> {
  const [reserved] = await ex
    .update(products)
    .set({ available: sql`${products.available} - ${quantity}` })
    .where(
      and(
        eq(products.id, productId),
        gte(products.available, quantity),
        sql`${lowerBoundOf(floor)} <= ${quantity}`,
        sql`${quantity} % ${products.orderMultiple} = 0`,
      ),
    )
    .returning(orderableColumns);
  return reserved ?? null;
}

/**
 * Moves each product's stock by its difference (negative takes, positive gives back): one update per
 * product, in id order. A product that no longer exists is skipped. The caller has checked that the
 * stock covers what it takes, under the rows' locks (findOrderable with `lock`). Answers each
 * product's stock afterwards.
 */
export async function moveStock(ex: Executor, changes: ReadonlyMap<string, number>): Promise<ProductStock[]> {
  const levels: ProductStock[] = [];
  for (const productId of [...changes.keys()].sort()) {
    const [level] = await ex
      .update(products)
      .set({ available: sql`${products.available} + ${changes.get(productId) ?? 0}` })
      .where(eq(products.id, productId))
      .returning({ id: products.id, available: products.available });
    if (level) levels.push(level);
  }
  return levels;
}

/** A product's stock, its row locked until the transaction ends; undefined when there is no such product. */
export async function lockStockOf(ex: Executor, productId: string): Promise<number | undefined> {
  const [locked] = await ex
    .select({ available: products.available })
    .from(products)
    .where(eq(products.id, productId))
    .for('no key update');
  return locked?.available;
}

/**
 * Takes up to `quantity` units of a product's stock for an accepted quote: what there is, when there
 * is less. The row is locked first, so concurrent takings count one after the other. Answers the
 * product's details and how many units were taken; null when there is no such product.
 */
export async function takeStockUpTo(ex: Executor, productId: string, quantity: number) {
  const available = await lockStockOf(ex, productId);
  if (available === undefined) return null;
  const taken = Math.min(available, quantity);
  const [product] = await ex
    .update(products)
    .set({ available: sql`${products.available} - ${taken}` })
    .where(eq(products.id, productId))
    .returning({
      id: products.id,
      sku: products.sku,
      name: products.name,
      unit: products.unit,
      available: products.available,
    });
  return product ? { product, taken } : null;
}
