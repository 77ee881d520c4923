import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Tool } from '../../shared/api/catalog.schemas';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export interface SerializedAnswer {
  etag: string;
  /** The same bytes, and compressed once per fill (never per request): what the route sends. */
  raw: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/**
 * The bytes in a buffer of their own. A cached answer lives for minutes, and on Node 24 the buffers
 * it is made of are slices of bigger ones: a string's bytes of the 64 KiB pool that Buffer.from shares
 * (Buffer.poolSize), a compressor's output of its 64 KiB chunk. Kept as they come, each answer held
 * three such slabs, 192 KiB for a page of 23 KB: the soak's catalog caches held 39 MiB where they
 * counted 16 (issue 66). Buffer.alloc is never pooled.
 */
function owned(bytes: Buffer): Buffer {
  // A large answer's bytes are usually their own already: no second copy of megabytes.
  if (bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.length) return bytes;
  const own = Buffer.alloc(bytes.length);
  bytes.copy(own);
  return own;
}

/**
 * Brotli at quality 5 and gzip at 6: within a tenth of their best sizes for JSON like this, at a
 * small fraction of the time (quality 11 took ~50 ms for a 60-product page, paid by the one request
 * that missed the cache). Both run on libuv's threads, never on the event loop.
 */
async function serialize(value: unknown): Promise<SerializedAnswer> {
  const raw = Buffer.from(JSON.stringify(value));
  const [br, gz] = await Promise.all([
    brotli(raw, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
    }),
    gzipAsync(raw, { level: 6 }),
  ]);
  return {
    raw: owned(raw),
    br: owned(br),
    gzip: owned(gz),
    etag: `"${createHash('sha1').update(raw).digest('base64url')}"`,
  };
}

/**
 * Sends a cached answer's bytes, compressed once per fill in the encoding the client takes (the
 * compress plugin leaves an encoded answer alone); the route's schema still documents it.
 */
export function sendCached(request: FastifyRequest, reply: FastifyReply, cached: SerializedAnswer) {
  const accepts = request.headers['accept-encoding'] ?? '';
  const [encoding, bytes] = accepts.includes('br')
    ? ['br', cached.br]
    : accepts.includes('gzip')
      ? ['gzip', cached.gzip]
      : [null, cached.raw];
  reply.header('etag', cached.etag).header('vary', 'accept-encoding').type('application/json; charset=utf-8');
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(bytes);
}

/** What a fill read: the answer, and the products inside it whose stock an order may change. */
export interface CatalogFill<T> {
  value: T;
  tools: Tool[];
  /**
   * Whether stock decides which products the answer holds or counts (an in-stock filter): such an
   * answer is dropped when stock moves, where the others have the moved product's stock updated.
   */
  stockSensitive?: boolean;
}

interface Entry {
  value: unknown;
  /** The products inside `value` by id: an order's stock update is a lookup, not a scan. */
  tools: Map<string, Tool>;
  stockSensitive: boolean;
  filledAt: number;
  /** Serialized and compressed on first use after each fill or stock update, once. */
  serialized?: Promise<SerializedAnswer>;
  /** The serialized bytes (raw, brotli, gzip) once known. */
  bytes?: number;
}

/**
 * What an entry holds, in bytes, near enough to bound memory: its parsed value is estimated from the
 * products it shows (about 1.5 KB each as objects, measured), plus its serialized bytes once made.
 */
function entryBytes(entry: Entry): number {
  return 1024 + entry.tools.size * 1536 + (entry.bytes ?? 0);
}

/** What changed, as told to the other instances on one PostgreSQL (catalog-changes.ts). */
export type CatalogChange = { productIds: string[] } | 'everything';

export interface CatalogCacheOptions {
  /**
   * How long a fill is served before the database is asked again. Writes in this process update or
   * drop entries at once; the age bounds how stale another process sharing the PostgreSQL can be.
   */
  maxAgeMs: number;
  /** How many answers are kept (the least recently used goes first). */
  maxEntries?: number;
  /**
   * How many bytes the kept answers may take together, as counted by `entryBytes`; an answer larger
   * than a third of it is served but not kept (the full list of a 10,000-product catalog, ~21 MB, is
   * kept under the default).
   */
  maxBytes?: number;
  now?: () => number;
  /** Told after each local change: tells the other instances (catalog-changes.ts). */
  onChange?: (change: CatalogChange) => void;
  /**
   * A cache of answers made from this one's (contract buyers'): every change here is made
   * there too, so it never shows a stock level or a product this one has dropped.
   */
  derived?: Pick<CatalogCache, 'stockChanged' | 'invalidate' | 'peerChanged'>;
}

/**
 * The catalog's answers (home grid, catalog pages, counts, categories), kept in memory by key with
 * their serialized and compressed bytes, so that a request costs no SQL and no compression however
 * large the catalog. Concurrent misses of one key share one database read. An order updates the
 * ordered product's stock in every answer that shows it instead of dropping them (DESIGN §9).
 */
export function createCatalogCache({
  maxAgeMs,
  maxEntries = 256,
  maxBytes = 96 * 1024 * 1024,
  now = Date.now,
  onChange,
  derived,
}: CatalogCacheOptions) {
  const entries = new LRUCache<string, Entry>({
    max: maxEntries,
    maxSize: maxBytes,
    maxEntrySize: Math.floor(maxBytes / 3),
    sizeCalculation: entryBytes,
  });
  const pending = new Map<string, Promise<Entry>>();
  // Bumped by every change: a fill that a change overtook is served once but not kept.
  let generation = 0;

  function changed() {
    generation += 1;
    pending.clear();
  }

  async function fill(key: string, load: () => Promise<CatalogFill<unknown>>): Promise<Entry> {
    const started = generation;
    const { value, tools, stockSensitive = false } = await load();
    const entry: Entry = {
      value,
      tools: new Map(tools.map((tool) => [tool._id, tool])),
      stockSensitive,
      filledAt: now(),
    };
    if (started === generation) entries.set(key, entry);
    return entry;
  }

  async function entryFor(key: string, load: () => Promise<CatalogFill<unknown>>): Promise<Entry> {
    const entry = entries.get(key);
    if (entry && now() - entry.filledAt < maxAgeMs) return entry;
    let filling = pending.get(key);
    if (!filling) {
      filling = fill(key, load).finally(() => {
        if (pending.get(key) === filling) pending.delete(key);
      });
      pending.set(key, filling);
    }
    return filling;
  }

  /** Drops the entries showing any of these products, and every stock-sensitive one. */
  function dropShowing(ids: Set<string>) {
    for (const [key, entry] of [...entries.entries()]) {
      if (entry.stockSensitive || [...ids].some((id) => entry.tools.has(id))) entries.delete(key);
    }
  }

  return {
    /** A cached answer's bytes, loading it on a miss. */
    async answer<T>(key: string, load: () => Promise<CatalogFill<T>>): Promise<SerializedAnswer> {
      const entry = await entryFor(key, load);
      // Kept in a local: a stock change while this one compresses clears `entry.serialized`, and the
      // bytes asked for here are still this answer's.
      let serialized = entry.serialized;
      if (!serialized) {
        const made = serialize(entry.value);
        serialized = made;
        entry.serialized = made;
        // Counted again with its bytes, now that they are known (a larger one may push others out).
        const bytes = await made;
        if (entry.serialized === made) {
          entry.bytes = bytes.raw.length + bytes.br.length + bytes.gzip.length;
          if (entries.peek(key) === entry) entries.set(key, entry);
        }
      }
      return serialized;
    },

    /** What the kept answers take, as the bound counts it (for tests and the bench). */
    get bytes() {
      return entries.calculatedSize;
    },

    /** A cached value (a count, a list) the caller reads rather than sends. */
    async value<T>(key: string, load: () => Promise<CatalogFill<T>>): Promise<T> {
      return (await entryFor(key, load)).value as T;
    },

    /**
     * Orders, cancellations and expiries moved these products' stock: every answer showing one gets
     * the new figure (and is serialized again when next asked), stock-sensitive answers are dropped.
     */
    stockChanged(levels: { id: string; available: number }[]) {
      if (levels.length === 0) return;
      changed();
      derived?.stockChanged(levels);
      for (const [key, entry] of [...entries.entries()]) {
        if (entry.stockSensitive) {
          entries.delete(key);
          continue;
        }
        for (const { id, available } of levels) {
          const tool = entry.tools.get(id);
          if (tool && tool.available !== available) {
            tool.available = available;
            entry.serialized = undefined;
            entry.bytes = undefined;
          }
        }
      }
      onChange?.({ productIds: levels.map((level) => level.id) });
    },

    /** Products were added, edited or deleted: every answer may be wrong. */
    invalidate() {
      changed();
      entries.clear();
      derived?.invalidate();
      onChange?.('everything');
    },

    /** Another instance changed the catalog: drop what it touched, without telling anyone. */
    peerChanged(change: CatalogChange) {
      changed();
      derived?.peerChanged(change);
      if (change === 'everything') entries.clear();
      else dropShowing(new Set(change.productIds));
    },
  };
}

export type CatalogCache = ReturnType<typeof createCatalogCache>;

/**
 * The visitors' catalog cache with the contract buyers' beside it: the buyers' answers are
 * kept apart, a quarter of the bytes and twice the entries, so that many companies browsing never
 * push the visitors' answers out; every change to the catalog reaches both.
 */
export function createCatalogCaches(options: CatalogCacheOptions) {
  const maxBytes = options.maxBytes ?? 96 * 1024 * 1024;
  const buyerCache = createCatalogCache({
    maxAgeMs: options.maxAgeMs,
    maxEntries: 2 * (options.maxEntries ?? 256),
    maxBytes: Math.floor(maxBytes / 4),
    now: options.now,
  });
  return { catalogCache: createCatalogCache({ ...options, derived: buyerCache }), buyerCache };
}
