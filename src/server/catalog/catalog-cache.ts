import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Tool } from '../../shared/api/catalog.schemas';

export interface SerializedCatalog {
  /** The JSON answer of GET /api/tool, serialized once per fill. */
  body: string;
  etag: string;
  /** The same bytes, and compressed once per fill (never per request): what the route sends. */
  raw: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** Small lists get brotli's best; a big catalog a quicker level, since a fill should not stall. */
function compress(raw: Buffer): { br: Buffer; gzip: Buffer } {
  const quality = raw.length < 256 * 1024 ? 11 : 5;
  return {
    br: brotliCompressSync(raw, {
      params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
    }),
    gzip: gzipSync(raw, { level: quality === 11 ? 9 : 6 }),
  };
}

export interface CatalogCacheOptions {
  /**
   * How long a fill is served before the database is asked again. Writes in this process invalidate at
   * once; the age bounds how stale another process sharing the PostgreSQL can be.
   */
  maxAgeMs: number;
  now?: () => number;
  /** Told after each local invalidation: tells the other instances (catalog-changes.ts). */
  onInvalidate?: () => void;
}

/**
 * The product list is read on every home page view and changes rarely, so it is kept serialized in
 * memory with its ETag. Concurrent misses share one database read.
 */
export function createCatalogCache(
  load: () => Promise<Tool[]>,
  { maxAgeMs, now = Date.now, onInvalidate }: CatalogCacheOptions,
) {
  let entry: { value: SerializedCatalog; filledAt: number } | undefined;
  let pending: Promise<SerializedCatalog> | undefined;
  let generation = 0;

  function drop() {
    generation += 1;
    entry = undefined;
    pending = undefined;
  }

  async function fill(): Promise<SerializedCatalog> {
    const started = generation;
    const body = JSON.stringify(await load());
    const raw = Buffer.from(body);
    const value = {
      body,
      raw,
      ...compress(raw),
      etag: `"${createHash('sha1').update(raw).digest('base64url')}"`,
    };
    // A write that landed while we were reading makes this result stale: serve it once, do not keep it.
    if (started === generation) entry = { value, filledAt: now() };
    return value;
  }

  return {
    async get(): Promise<SerializedCatalog> {
      if (entry && now() - entry.filledAt < maxAgeMs) return entry.value;
      pending ??= fill().finally(() => {
        pending = undefined;
      });
      return pending;
    },

    /** Call after any write that changes what the product list shows (products, stock). */
    invalidate() {
      drop();
      onInvalidate?.();
    },

    /** Another instance changed the catalog: drop this copy without telling anyone. */
    peerChanged: drop,
  };
}

export type CatalogCache = ReturnType<typeof createCatalogCache>;
