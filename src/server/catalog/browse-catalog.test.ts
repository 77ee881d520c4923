import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogPage, Tool } from '../../shared/api/catalog.schemas';
import { insertTool } from '../test/factories';
import { createTestApp } from '../test/test-app';

/**
 * GET /api/catalog (DESIGN §9): search by name, SKU and description with typos tolerated, filters,
 * sorts, keyset pages that neither repeat nor skip while products are added, and clear 400s.
 */

let ctx: Awaited<ReturnType<typeof createTestApp>>;

const day = (n: number) => new Date(Date.UTC(2026, 0, n));

beforeAll(async () => {
  ctx = await createTestApp();
  const add = (fields: Parameters<typeof insertTool>[1]) => insertTool(ctx.db, fields);
  await add({
    sku: 'HAM-16',
    name: 'Claw Hammer 16 oz',
    description: 'Drop-forged head with a curved claw',
    category: 'Hand Tools',
    priceCents: 840,
    createdAt: day(1),
  });
  await add({
    sku: 'HAM-SLEDGE',
    name: 'Sledge Hammer 4 lb',
    description: 'Heavy striking tool',
    category: 'Hand Tools',
    priceCents: 2450,
    createdAt: day(2),
  });
  await add({
    sku: 'DRL-20V',
    name: 'Cordless Drill 20V',
    description: 'Brushless drill with a keyless chuck',
    category: 'Power Tools',
    priceCents: 6450,
    createdAt: day(3),
  });
  await add({
    sku: 'GRN-115',
    name: 'Angle Grinder 115 mm',
    description: 'Spindle lock; takes a hammer-finish guard',
    category: 'Power Tools',
    priceCents: 3275,
    available: 80,
    createdAt: day(4),
  });
  await add({
    // Its name says nothing of its SKU: an exact SKU search must still put it first.
    sku: 'HAM',
    name: 'Mallet, rubber',
    description: 'Soft-faced mallet for assembly',
    category: 'Hand Tools',
    priceCents: 990,
    createdAt: day(5),
  });
});
afterAll(async () => {
  await ctx.app.close();
});

async function catalog(query: string) {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/catalog?${query}` });
  return { status: response.statusCode, body: response.json<CatalogPage>(), raw: response };
}
const skus = (page: CatalogPage) => page.items.map((tool: Tool) => tool.sku);

describe('search', () => {
  it('puts an exact SKU match first', async () => {
    const { status, body } = await catalog('q=ham');
    expect(status).toBe(200);
    expect(skus(body)[0]).toBe('HAM');
    expect(skus(body)).toEqual(expect.arrayContaining(['HAM-16', 'HAM-SLEDGE']));
  });

  it("tolerates a typo: 'hamer' finds the hammers", async () => {
    const { body } = await catalog('q=hamer');
    expect(skus(body)).toEqual(expect.arrayContaining(['HAM-16', 'HAM-SLEDGE']));
    expect(skus(body)).not.toContain('DRL-20V');
  });

  it('ranks a name match above a mention in a description', async () => {
    const found = skus((await catalog('q=hammer')).body);
    expect(found).toContain('GRN-115');
    expect(found.indexOf('GRN-115')).toBeGreaterThan(found.indexOf('HAM-16'));
  });

  it('searches descriptions and SKUs too', async () => {
    expect(skus((await catalog('q=keyless')).body)).toEqual(['DRL-20V']);
    expect(skus((await catalog('q=DRL-20V')).body)[0]).toBe('DRL-20V');
  });

  it('answers an empty page when nothing matches', async () => {
    expect((await catalog('q=zzqqxx')).body).toEqual({ facets: [], items: [], nextCursor: null, total: 0 });
  });
});

describe('filters and sorts', () => {
  it('filters by category and counts the matches', async () => {
    const { body } = await catalog('category=power-tools');
    expect(skus(body).sort()).toEqual(['DRL-20V', 'GRN-115']);
    expect(body.total).toBe(2);
  });

  it('filters by price at the minimum order, bounds included', async () => {
    expect(skus((await catalog('minPrice=9.90&maxPrice=32.75&sort=price_asc')).body)).toEqual([
      'HAM',
      'HAM-SLEDGE',
      'GRN-115',
    ]);
  });

  it('keeps only what can be ordered with inStock', async () => {
    const { body } = await catalog('inStock=true');
    expect(skus(body)).not.toContain('GRN-115');
    expect(body.total).toBe(4);
  });

  it.each([
    ['name', ['GRN-115', 'HAM-16', 'DRL-20V', 'HAM', 'HAM-SLEDGE']],
    ['price_asc', ['HAM-16', 'HAM', 'HAM-SLEDGE', 'GRN-115', 'DRL-20V']],
    ['price_desc', ['DRL-20V', 'GRN-115', 'HAM-SLEDGE', 'HAM', 'HAM-16']],
    ['newest', ['HAM', 'GRN-115', 'DRL-20V', 'HAM-SLEDGE', 'HAM-16']],
  ])('sorts by %s', async (sort, expected) => {
    expect(skus((await catalog(`sort=${sort}`)).body)).toEqual(expected);
  });

  it('sorts newest first without a search, and by relevance with one', async () => {
    expect(skus((await catalog('')).body)[0]).toBe('HAM');
    expect(skus((await catalog('q=sledge')).body)[0]).toBe('HAM-SLEDGE');
  });
});

describe('pages', () => {
  it('walks every product once, page by page, with the total on each', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const { body }: { body: CatalogPage } = await catalog(
        `sort=name&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(body.total).toBe(5);
      expect(body.items.length).toBeLessThanOrEqual(2);
      seen.push(...skus(body));
      cursor = body.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);
  });

  it.each([
    ['limit=61', 'Limit: at most 60'],
    ['limit=0', 'Limit: at least 1'],
    ['limit=ten', 'Limit: must be a number'],
    ['sort=cheapest', 'Sort: one of relevance, name, price_asc, price_desc, newest'],
    ['minPrice=-1', 'Min price: cannot be negative'],
    ['minPrice=10&maxPrice=5', 'Max price: must not be below the min price'],
    ['inStock=yes', 'In stock: true or false'],
    ['category=Power%20Tools', 'Category: not a category'],
    ['cursor=bm9wZQ', 'Cursor: not a cursor this catalog gave out'],
    ['cursor=%7B%7D', 'Cursor: not a cursor this catalog gave out'],
    [`q=${'x'.repeat(101)}`, 'Search: too long (at most 100 characters)'],
    ['colour=red', 'Unknown field: colour'],
  ])('answers 400 naming the parameter for %s', async (query, message) => {
    const { status, body } = await catalog(query);
    expect(status).toBe(400);
    // The message names the parameter in words; `field` names it as sent (absent for an unknown one).
    expect(body).toMatchObject({ error: { code: 'VALIDATION_FAILED', message } });
  });

  it("refuses another sort's cursor", async () => {
    const { body } = await catalog('sort=name&limit=1');
    const { status, raw } = await catalog(`sort=price_asc&cursor=${body.nextCursor}`);
    expect(status).toBe(400);
    expect(raw.json<{ error: { message: string } }>().error.message).toMatch(
      /^Cursor: it belongs to another sort/,
    );
  });
});
