import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import type { Tool } from '../../shared/api/catalog.schemas';
import { type CatalogChange, createCatalogCache, createCatalogCaches } from './catalog-cache';

const tool = (id: string, available: number): Tool => ({
  _id: id,
  sku: `SKU-${id.toUpperCase()}`,
  name: `Tool ${id}`,
  img: '/images/tools/drill.svg',
  dis: 'A tool',
  category: { slug: 'power-tools', name: 'Power Tools' },
  min_order: 100,
  available,
  price: 10,
  priceTiers: [{ minQuantity: 100, price: 10 }],
  featured: false,
  taxClass: 'standard',
  weightKg: 1.2,
  unitsPerCarton: 10,
  specs: {},
  unit: 'EA',
  orderMultiple: 1,
  leadTimeDays: 0,
  family: null,
  options: {},
  documents: [],
});

function setup({ maxAgeMs = 1000, maxEntries = 256 } = {}) {
  let clock = 0;
  const stock = new Map([
    ['a', 500],
    ['b', 800],
  ]);
  const changes: CatalogChange[] = [];
  const cache = createCatalogCache({
    maxAgeMs,
    maxEntries,
    now: () => clock,
    onChange: (change) => changes.push(change),
  });
  // A loader per key, reading the stock "database" above.
  const loader = (ids: string[], stockSensitive = false) =>
    vi.fn(async () => {
      const tools = ids.map((id) => tool(id, stock.get(id) ?? 0));
      return { value: { items: tools }, tools, stockSensitive };
    });
  return {
    cache,
    loader,
    changes,
    advance: (ms: number) => (clock += ms),
    setStock: (id: string, value: number) => stock.set(id, value),
  };
}

const itemsOf = (answer: { raw: Buffer }) => (JSON.parse(answer.raw.toString()) as { items: Tool[] }).items;

describe('catalog cache', () => {
  it('keeps an answer’s bytes in buffers of their own, not slices that hold a shared slab', async () => {
    const { cache, loader } = setup();
    const answer = await cache.answer('home', loader(['a', 'b']));
    // A slice of Node's 64 KiB pool or of a compressor's chunk would keep the whole of it for as long
    // as the answer is cached, uncounted by the cache's bound.
    for (const bytes of [answer.raw, answer.br, answer.gzip]) {
      expect(bytes.buffer.byteLength).toBe(bytes.length);
      expect(bytes.byteOffset).toBe(0);
    }
  });

  it('serves one fill, serialized and compressed once, with a stable ETag until it ages out', async () => {
    const { cache, loader, advance, setStock } = setup();
    const load = loader(['a']);
    const first = await cache.answer('home', load);
    expect(itemsOf(first)).toEqual([tool('a', 500)]);
    expect(first.etag).toMatch(/^"[\w-]+"$/);
    expect(brotliDecompressSync(first.br).toString()).toBe(first.raw.toString());
    expect(gunzipSync(first.gzip).toString()).toBe(first.raw.toString());

    setStock('a', 400);
    advance(999);
    expect(await cache.answer('home', load)).toBe(first);
    expect(load).toHaveBeenCalledTimes(1);

    advance(1);
    const refreshed = await cache.answer('home', load);
    expect(itemsOf(refreshed)).toEqual([tool('a', 400)]);
    expect(refreshed.etag).not.toBe(first.etag);
  });

  it('keeps answers apart by key', async () => {
    const { cache, loader } = setup();
    expect(itemsOf(await cache.answer('one', loader(['a'])))).toHaveLength(1);
    expect(itemsOf(await cache.answer('two', loader(['a', 'b'])))).toHaveLength(2);
  });

  it('updates the ordered product in every answer that shows it, without reading again', async () => {
    const { cache, loader, changes } = setup();
    const home = loader(['a', 'b']);
    const page = loader(['a']);
    const other = loader(['b']);
    const before = await cache.answer('home', home);
    const untouched = await cache.answer('other', other);
    await cache.answer('page', page);

    cache.stockChanged([{ id: 'a', available: 377 }]);

    const after = await cache.answer('home', home);
    expect(itemsOf(after).map((t) => t.available)).toEqual([377, 800]);
    expect(after.etag).not.toBe(before.etag);
    expect(itemsOf(await cache.answer('page', page))[0]?.available).toBe(377);
    // An answer without the product keeps its bytes.
    expect(await cache.answer('other', other)).toBe(untouched);
    expect([home, page, other].map((load) => load.mock.calls.length)).toEqual([1, 1, 1]);
    expect(changes).toEqual([{ productIds: ['a'] }]);
  });

  it('drops answers whose contents depend on stock when stock moves', async () => {
    const { cache, loader, setStock } = setup();
    const inStock = loader(['a'], true);
    await cache.answer('in-stock', inStock);
    setStock('a', 50);
    cache.stockChanged([{ id: 'a', available: 50 }]);
    await cache.answer('in-stock', inStock);
    expect(inStock).toHaveBeenCalledTimes(2);
  });

  it('reads everything again after a product change, and tells the other instances', async () => {
    const { cache, loader, setStock, changes } = setup();
    const load = loader(['a']);
    await cache.answer('home', load);
    setStock('a', 1);
    cache.invalidate();
    expect(itemsOf(await cache.answer('home', load))).toEqual([tool('a', 1)]);
    expect(load).toHaveBeenCalledTimes(2);
    expect(changes).toEqual(['everything']);
  });

  it("drops only what another instance's change touched", async () => {
    const { cache, loader, changes } = setup();
    const showsA = loader(['a']);
    const showsB = loader(['b']);
    await cache.answer('a', showsA);
    await cache.answer('b', showsB);
    cache.peerChanged({ productIds: ['a'] });
    await cache.answer('a', showsA);
    await cache.answer('b', showsB);
    expect([showsA.mock.calls.length, showsB.mock.calls.length]).toEqual([2, 1]);
    expect(changes).toEqual([]);
  });

  it('shares one database read between concurrent misses', async () => {
    const { cache, loader } = setup();
    const load = loader(['a']);
    const [a, b, c] = await Promise.all([
      cache.answer('home', load),
      cache.answer('home', load),
      cache.answer('home', load),
    ]);
    expect(a).toBe(b);
    expect(b).toBe(c);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('does not keep a read that a change overtook', async () => {
    const { cache, loader, setStock } = setup();
    const load = loader(['a']);
    const inFlight = cache.answer('home', load);
    setStock('a', 7);
    cache.stockChanged([{ id: 'a', available: 7 }]);
    await inFlight;
    expect(itemsOf(await cache.answer('home', load))).toEqual([tool('a', 7)]);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps the most recently used answers within its size', async () => {
    const { cache, loader } = setup({ maxEntries: 2 });
    const first = loader(['a']);
    await cache.answer('1', first);
    await cache.answer('2', loader(['a']));
    await cache.answer('3', loader(['a']));
    await cache.answer('1', first);
    expect(first).toHaveBeenCalledTimes(2);
  });

  it('never caches with a zero age', async () => {
    const { cache, loader } = setup({ maxAgeMs: 0 });
    const load = loader(['a']);
    await cache.answer('home', load);
    await cache.answer('home', load);
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('the bound in bytes', () => {
  it('keeps the answers within maxBytes, the least recently used going first, and keeps none larger than a third', async () => {
    const cache = createCatalogCache({ maxAgeMs: 60_000, maxBytes: 64 * 1024 });
    const page = (n: number) => async () => {
      const tools = Array.from({ length: 6 }, (_, i) => tool(`${n}-${i}`, 100));
      return { value: { items: tools, filler: 'x'.repeat(2000) }, tools };
    };
    for (let n = 0; n < 40; n += 1) await cache.answer(`page-${n}`, page(n));
    expect(cache.bytes).toBeLessThanOrEqual(64 * 1024);
    expect(cache.bytes).toBeGreaterThan(32 * 1024);
    // The newest is kept; the oldest went.
    const newest = vi.fn(page(39));
    await cache.answer('page-39', newest);
    expect(newest).not.toHaveBeenCalled();
    const oldest = vi.fn(page(0));
    await cache.answer('page-0', oldest);
    expect(oldest).toHaveBeenCalledOnce();

    // An answer larger than a third of the bound is served, and read again next time.
    const huge = vi.fn(async () => {
      const tools = Array.from({ length: 16 }, (_, i) => tool(`huge-${i}`, 100));
      return { value: { items: tools }, tools };
    });
    await cache.answer('huge', huge);
    await cache.answer('huge', huge);
    expect(huge).toHaveBeenCalledTimes(2);
    expect(cache.bytes).toBeLessThanOrEqual(64 * 1024);
  });
});

describe('a stock change while an answer is being compressed', () => {
  it('still answers that request with bytes (a soak found 500s here)', async () => {
    const cache = createCatalogCache({ maxAgeMs: 60_000 });
    const drill = tool('drill', 500);
    // The stock changes in the middle of the serialization: queued by the serializer's own read of
    // the answer, it runs once the compression has started.
    const value = {
      items: [drill],
      toJSON() {
        queueMicrotask(() => cache.stockChanged([{ id: 'drill', available: 400 }]));
        return { items: [drill] };
      },
    };
    const answer = await cache.answer('list', async () => ({ value, tools: [drill] }));
    expect(answer.raw.length).toBeGreaterThan(0);
    expect(answer.br.length).toBeGreaterThan(0);
    // The next request gets the new stock.
    expect(
      itemsOf(await cache.answer('list', async () => ({ value: { items: [drill] }, tools: [drill] })))[0]
        ?.available,
    ).toBe(400);
  });
});

describe('the contract buyers’ cache beside it', () => {
  it('takes every change the visitors’ cache takes: stock levels, a new catalog, another instance’s change', async () => {
    const { catalogCache, buyerCache } = createCatalogCaches({ maxAgeMs: 60_000 });
    const load = vi.fn(async () => {
      const tools = [{ ...tool('a', 500), price: 9 }];
      return { value: tools, tools };
    });
    const read = () => buyerCache.value<Tool[]>('acme:home', load);
    expect((await read())[0]?.available).toBe(500);

    catalogCache.stockChanged([{ id: 'a', available: 300 }]);
    expect((await read())[0]?.available).toBe(300);
    expect(load).toHaveBeenCalledTimes(1);

    catalogCache.invalidate();
    await read();
    expect(load).toHaveBeenCalledTimes(2);

    catalogCache.peerChanged({ productIds: ['a'] });
    await read();
    expect(load).toHaveBeenCalledTimes(3);
  });
});
