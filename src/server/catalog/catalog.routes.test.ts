import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Tool } from '../../shared/api/catalog.schemas';
import { products } from '../db/schema';
import { insertTool } from '../test/factories';
import { createTestApp } from '../test/test-app';

let ctx: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.app.close();
});

describe('GET /api/tool', () => {
  it('lists products in the spec shape plus the catalog fields, price in dollars, newest first', async () => {
    const first = await insertTool(ctx.db, {
      name: 'Hammer A',
      priceCents: 1999,
      createdAt: new Date('2026-01-01'),
    });
    const second = await insertTool(ctx.db, {
      name: 'Drill B',
      minOrder: 150,
      available: 40,
      createdAt: new Date('2026-01-02'),
    });

    const response = await ctx.app.inject({ method: 'GET', url: '/api/tool' });

    expect(response.statusCode).toBe(200);
    const tools = response.json<Tool[]>();
    expect(tools.map((tool) => tool._id)).toEqual([second.id, first.id]);
    expect(tools[1]).toEqual({
      _id: first.id,
      sku: first.sku,
      name: 'Hammer A',
      img: first.imageUrl,
      dis: first.description,
      category: { slug: 'test-tools', name: 'Test tools' },
      min_order: 100,
      available: 1000,
      price: 19.99,
      priceTiers: [{ minQuantity: 100, price: 19.99 }],
      featured: false,
      // Not yet weighed: standard tax, 0 kg, one to a carton (the defaults of a product not yet weighed).
      taxClass: 'standard',
      weightKg: 0,
      unitsPerCarton: 1,
      specs: {},
      unit: 'EA',
      orderMultiple: 1,
      leadTimeDays: 0,
      family: null,
      options: {},
      documents: [],
    });
  });

  it('answers an ETag and 304 while the catalog is unchanged, a new ETag once it changes', async () => {
    const tool = await insertTool(ctx.db);
    const first = await ctx.app.inject({ method: 'GET', url: '/api/tool' });
    const etag = first.headers.etag;
    expect(etag).toEqual(expect.any(String));
    expect(first.headers['cache-control']).toBe('no-cache');

    const again = await ctx.app.inject({
      method: 'GET',
      url: '/api/tool',
      headers: { 'if-none-match': String(etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    await ctx.db.update(products).set({ available: 7 }).where(eq(products.id, tool.id));
    const changed = await ctx.app.inject({
      method: 'GET',
      url: '/api/tool',
      headers: { 'if-none-match': String(etag) },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json<Tool[]>().find((t) => t._id === tool.id)?.available).toBe(7);
  });
});

describe('GET /api/tools', () => {
  it('lists the same products for Manage Products (the home grid while there are 12 or fewer)', async () => {
    const [tool, tools] = await Promise.all([
      ctx.app.inject({ method: 'GET', url: '/api/tool' }),
      ctx.app.inject({ method: 'GET', url: '/api/tools' }),
    ]);
    expect(tools.statusCode).toBe(200);
    expect(tools.json()).toEqual(tool.json());
  });
});

describe('GET /api/buyNow/:id', () => {
  it('returns one product', async () => {
    const tool = await insertTool(ctx.db, { name: 'Socket set', priceCents: 3950 });
    const response = await ctx.app.inject({ method: 'GET', url: `/api/buyNow/${tool.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ _id: tool.id, name: 'Socket set', price: 39.5 });
  });

  it('answers 404 for an unknown id', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/buyNow/5f0c4a3e-8a1b-4c2d-9e3f-0a1b2c3d4e5f',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'This product does not exist or is no longer sold' },
    });
  });

  it('answers 400 for a malformed id', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/buyNow/not-an-id' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'VALIDATION_FAILED', message: 'ID: Malformed product id', field: 'id' },
    });
  });
});

describe('GET /api/tool encodings', () => {
  it('sends the list compressed once per fill in the encoding the client takes, and plain to others', async () => {
    await insertTool(ctx.db, { name: 'Encoded Wrench' });
    const plain = await ctx.app.inject({ method: 'GET', url: '/api/tool' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const [accept, encoding, decode] of [
      ['br, gzip', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/tool',
        headers: { 'accept-encoding': accept },
      });
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toContain('accept-encoding');
      expect(response.headers.etag).toBe(plain.headers.etag);
      expect(decode(response.rawPayload).toString()).toBe(plain.body);
    }
  });
});
