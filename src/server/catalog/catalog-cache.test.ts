import { describe, expect, it, vi } from 'vitest';
import type { Tool } from '../../shared/api/catalog.schemas';
import { createCatalogCache } from './catalog-cache';

const tool = (available: number): Tool => ({
  _id: 'a',
  name: 'Drill',
  img: '/images/tools/drill.svg',
  dis: 'Drill',
  min_order: 100,
  available,
  price: 10,
});

function setup(maxAgeMs = 1000) {
  let clock = 0;
  let stock = 500;
  const load = vi.fn(async () => [tool(stock)]);
  const cache = createCatalogCache(load, { maxAgeMs, now: () => clock });
  return {
    cache,
    load,
    advance: (ms: number) => (clock += ms),
    setStock: (value: number) => (stock = value),
  };
}

describe('catalog cache', () => {
  it('serves one serialized fill with a stable ETag until it ages out', async () => {
    const { cache, load, advance, setStock } = setup();
    const first = await cache.get();
    expect(JSON.parse(first.body)).toEqual([tool(500)]);
    expect(first.etag).toMatch(/^"[\w-]+"$/);

    setStock(400);
    advance(999);
    expect(await cache.get()).toBe(first);
    expect(load).toHaveBeenCalledTimes(1);

    advance(1);
    const refreshed = await cache.get();
    expect(JSON.parse(refreshed.body)).toEqual([tool(400)]);
    expect(refreshed.etag).not.toBe(first.etag);
  });

  it('reads again right after an invalidation', async () => {
    const { cache, load, setStock } = setup();
    await cache.get();
    setStock(1);
    cache.invalidate();
    expect(JSON.parse((await cache.get()).body)).toEqual([tool(1)]);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shares one database read between concurrent misses', async () => {
    const { cache, load } = setup();
    const [a, b, c] = await Promise.all([cache.get(), cache.get(), cache.get()]);
    expect(a).toBe(b);
    expect(b).toBe(c);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('does not keep a read that an invalidation overtook', async () => {
    const { cache, load, setStock } = setup();
    const inFlight = cache.get();
    setStock(7);
    cache.invalidate();
    await inFlight;
    expect(JSON.parse((await cache.get()).body)).toEqual([tool(7)]);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('never caches with a zero age', async () => {
    const { cache, load } = setup(0);
    await cache.get();
    await cache.get();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
