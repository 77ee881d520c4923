import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogPage, Tool } from '../../shared/api/catalog.schemas';
import { findOrCreateCategory } from '../records/products.repository';
import { products } from '../db/schema';
import { insertTool } from '../test/factories';
import { createTestApp } from '../test/test-app';

/**
 * The catalog's cost does not grow with its size (DESIGN §9): the same statements answer the home grid
 * and a first catalog page at 10 products as at many, and keyset pages stay exact while products are
 * added between and during page reads.
 */

let statements: string[] = [];
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let categoryId: string;

beforeAll(async () => {
  ctx = await createTestApp({ onQuery: (sql) => statements.push(sql) });
  categoryId = await findOrCreateCategory(ctx.db, 'bulk', 'Bulk');
});
afterAll(async () => {
  await ctx.app.close();
});

/** Adds `n` products in one statement, each a millisecond apart so that "newest" is well defined. */
async function addProducts(n: number, { featured = false } = {}) {
  const base = Date.now();
  await ctx.db.insert(products).values(
    Array.from({ length: n }, (_, i) => {
      const id = randomUUID().slice(0, 8).toUpperCase();
      return {
        sku: `BULK-${id}`,
        name: `Bulk Tool ${id}`,
        imageUrl: '/images/tools/claw-hammer.svg',
        description: 'Made in bulk',
        categoryId,
        minOrder: 100,
        available: 1000,
        priceCents: 100 + ((i * 37) % 900),
        priceTiers: [{ minQuantity: 100, priceCents: 100 + ((i * 37) % 900) }],
        featured,
        createdAt: new Date(base - i),
      };
    }),
  );
}

/** The statements a request runs: the mail and webhook workers' looks at their outboxes may fall between, and are not. */
async function statementsFor(url: string): Promise<string[]> {
  statements = [];
  const response = await ctx.app.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  return statements.filter(
    (statement) => !statement.includes('"mail_outbox"') && !statement.includes('"webhook_deliveries"'),
  );
}

describe('a growing catalog', () => {
  it('answers the home grid and a first page with the same statements at 10 and 400 products', async () => {
    await addProducts(10);
    const small = [
      await statementsFor('/api/tool'),
      await statementsFor('/api/catalog'),
      await statementsFor('/api/catalog?q=bulk&category=bulk&inStock=true&sort=price_asc'),
    ];
    await addProducts(390);
    const large = [
      await statementsFor('/api/tool'),
      await statementsFor('/api/catalog'),
      await statementsFor('/api/catalog?q=bulk&category=bulk&inStock=true&sort=price_asc'),
    ];
    expect(large).toEqual(small);
    // A page reads its rows, its count and the categories' attributes (none here, so no facet counts).
    expect(small.map((list) => list.length)).toEqual([1, 3, 3]);
  });

  it('shows at most 12 products on the home grid, the featured ones first', async () => {
    await insertTool(ctx.db, { featured: true, name: 'Featured Old', createdAt: new Date('2020-01-01') });
    const grid = (await ctx.app.inject({ method: 'GET', url: '/api/tool' })).json<Tool[]>();
    expect(grid).toHaveLength(12);
    expect(grid[0]?.name).toBe('Featured Old');
  });

  it.each(['newest', 'name', 'price_asc', 'price_desc'])(
    'pages by %s without repeating or skipping a product while others are added',
    async (sort) => {
      const ids = async () =>
        (await ctx.app.inject({ method: 'GET', url: '/api/tools' })).json<Tool[]>().map((tool) => tool._id);
      const before = await ids();
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        // Others add products while the pages are read: between requests and at the same time.
        const [page]: [LightMyRequestResponse, unknown] = await Promise.all([
          ctx.app.inject({
            method: 'GET',
            url: `/api/catalog?sort=${sort}&limit=60${cursor ? `&cursor=${cursor}` : ''}`,
          }),
          addProducts(3),
        ]);
        const body: CatalogPage = page.json<CatalogPage>();
        seen.push(...body.items.map((tool) => tool._id));
        cursor = body.nextCursor;
        pages += 1;
      } while (cursor && pages < 50);
      expect(new Set(seen).size).toBe(seen.length);
      // Every product there at the start is on exactly one page; those added meanwhile may be or not.
      expect(before.filter((id) => !seen.includes(id))).toEqual([]);
      expect((await ids()).length).toBe(before.length + 3 * pages);
    },
  );
});
