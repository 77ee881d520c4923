// The catalog at 10, 1,000 and 10,000 products (DESIGN §9): three shops, each on a PostgreSQL database
// of its own, loaded side by side in alternating rounds. For GET /api/tool and a first GET /api/catalog
// page it prints p95 latency and its ratio to 10 products, and the SQL statements per request: counted
// on the wire by a proxy between each shop and PostgreSQL (every Execute and simple Query message), on
// the first request (nothing cached) and under load. Then distinct, uncached searches one at a time.
import { createConnection, createServer } from 'node:net';
import autocannon from 'autocannon';
import pg from 'pg';
import { median, rawGet, seconds, startShop, waitFor } from './support.mjs';

const SIZES = [10, 1000, 10_000];
const headers = { 'accept-encoding': 'br, gzip' };
const CATALOG = '/api/catalog';
const HOME = '/api/tool';

/**
 * A TCP proxy that counts the statements a client sends PostgreSQL: after the startup message, every
 * frontend message is a type byte and a length; 'E' (Execute) and 'Q' (simple Query) run a statement.
 */
async function countingProxy(target) {
  let statements = 0;
  const server = createServer((client) => {
    const upstream = createConnection(target);
    // Without this, Nagle's algorithm and delayed ACKs hold some replies ~40 ms: the proxy's, not the shop's.
    client.setNoDelay(true);
    upstream.setNoDelay(true);
    let buffer = Buffer.alloc(0);
    let started = false;
    client.on('data', (chunk) => {
      upstream.write(chunk);
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        if (!started) {
          if (buffer.length < 4) break;
          const length = buffer.readInt32BE(0);
          if (buffer.length < length) break;
          buffer = buffer.subarray(length);
          started = true;
          continue;
        }
        if (buffer.length < 5) break;
        const length = buffer.readInt32BE(1);
        if (buffer.length < 1 + length) break;
        const type = String.fromCharCode(buffer[0]);
        if (type === 'E' || type === 'Q') statements += 1;
        buffer = buffer.subarray(1 + length);
      }
    });
    upstream.on('data', (chunk) => client.write(chunk));
    for (const [a, b] of [
      [client, upstream],
      [upstream, client],
    ]) {
      a.on('close', () => b.destroy());
      a.on('error', () => b.destroy());
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: server.address().port, count: () => statements, close: () => server.close() };
}

const TYPES = [
  ['Claw Hammer', 'hand-tools'],
  ['Sledge Hammer', 'hand-tools'],
  ['Ball Pein Hammer', 'hand-tools'],
  ['Torque Wrench', 'wrenches'],
  ['Combination Wrench', 'wrenches'],
  ['Pipe Wrench', 'wrenches'],
  ['Socket Set', 'wrenches'],
  ['Cordless Drill', 'power-tools'],
  ['Hammer Drill', 'power-tools'],
  ['Impact Driver', 'power-tools'],
  ['Angle Grinder', 'power-tools'],
  ['Circular Saw', 'power-tools'],
  ['Jigsaw', 'power-tools'],
  ['Tape Measure', 'measuring'],
  ['Spirit Level', 'measuring'],
  ['Laser Distance Meter', 'measuring'],
  ['Locking Pliers', 'pliers'],
  ['Needle Nose Pliers', 'pliers'],
  ['Cable Cutter', 'pliers'],
  ['Safety Helmet', 'safety'],
  ['Work Gloves', 'safety'],
  ['Ear Defenders', 'safety'],
];
const SERIES = ['Pro', 'Heavy Duty', 'Compact', 'XL', 'Classic', 'Titan', 'Site', 'Precision'];
const MATERIALS = ['chrome vanadium', 'drop-forged steel', 'fibreglass', 'aluminium', 'HDPE', 'carbon steel'];

/** `n` realistic products, `from` onwards: name, SKU, category, description and three price breaks. */
function products(from, n) {
  const rows = { sku: [], name: [], description: [], category: [], price: [], tiers: [], created: [] };
  for (let i = from; i < from + n; i += 1) {
    const [type, category] = TYPES[i % TYPES.length];
    const series = SERIES[Math.floor(i / TYPES.length) % SERIES.length];
    const price = 300 + ((i * 7919) % 20_000);
    rows.sku.push(`FT-${type.slice(0, 3).toUpperCase()}-${String(i).padStart(5, '0')}`);
    rows.name.push(`${type} ${series} ${100 + (i % 900)}`);
    rows.description.push(
      `${series} ${type.toLowerCase()} in ${MATERIALS[i % MATERIALS.length]}, made for daily site work; batch ${i}.`,
    );
    rows.category.push(category);
    rows.price.push(price);
    rows.tiers.push(
      JSON.stringify([
        { minQuantity: 100, priceCents: price },
        { minQuantity: 500, priceCents: Math.round(price * 0.94) },
        { minQuantity: 1000, priceCents: Math.round(price * 0.88) },
      ]),
    );
    rows.created.push(new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString());
  }
  return rows;
}

/** `size` generated products (and their categories) in a new shop's database, vacuumed as a live one is. */
export async function fillCatalog(databaseUrl, size) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (const [, slug] of TYPES) {
      await client.query(
        `insert into categories (slug, name) values ($1, initcap(replace($1, '-', ' '))) on conflict do nothing`,
        [slug],
      );
    }
    for (let from = 0; from < size; from += 5000) {
      const rows = products(from, Math.min(5000, size - from));
      await client.query(
        `insert into products (sku, name, image_url, description, category_id, min_order, available, price_cents, price_tiers, created_at)
         select sku, name, '/images/tools/claw-hammer.svg', description, (select id from categories where slug = category),
                100, 5000, price, tiers::jsonb, created::timestamptz
         from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::text[], $7::text[])
           as t(sku, name, description, category, price, tiers, created)`,
        [rows.sku, rows.name, rows.description, rows.category, rows.price, rows.tiers, rows.created],
      );
    }
    // As autovacuum leaves a live catalog: statistics taken and the GIN indexes' pending lists merged
    // (a search through a freshly bulk-loaded, unvacuumed index is a few times slower).
    await client.query('vacuum analyze products');
    await client.query('vacuum analyze search_words');
  } finally {
    await client.end();
  }
}

/** Loads one URL for `duration` seconds; answers req/s, p95 of every response, and statements per request. */
function loadRound(shop, path, duration = seconds) {
  const latencies = [];
  const before = shop.proxy.count();
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url: `${shop.url}${path}`, headers, connections: 20, duration },
      (error, result) => {
        if (error) return reject(error);
        if (result.non2xx || result.errors) return reject(new Error(`${path}: ${result.non2xx} non-2xx`));
        latencies.sort((a, b) => a - b);
        resolve({
          rate: result.requests.average,
          p95: latencies[Math.floor(latencies.length * 0.95)],
          statements: (shop.proxy.count() - before) / Math.max(1, latencies.length),
        });
      },
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
}

/** Statements one request costs, counted alone; the least of three tries, so a background sweep cannot add to it. */
async function statementsOf(shop, paths) {
  const counts = [];
  for (const path of paths) {
    const before = shop.proxy.count();
    const response = await fetch(`${shop.url}${path}`);
    if (!response.ok) throw new Error(`${path}: ${response.status}`);
    await response.arrayBuffer();
    counts.push(shop.proxy.count() - before);
  }
  return Math.min(...counts);
}

const QUERIES = [
  'hamer',
  'torqe wrench',
  'cordless dril',
  'angle grinder pro',
  'FT-SOC-00',
  'spirit levl',
  'helmet',
  'gloves xl',
  'pliers',
  'chrome vanadium',
];

/** Distinct searches, one at a time (each a cache miss): p50 and p95 of the whole HTTP answer. */
async function searchLatency(shop) {
  const times = [];
  for (let i = 0; i < 120; i += 1) {
    const q = encodeURIComponent(QUERIES[i % QUERIES.length]);
    // A limit of its own makes every request a new question to the database, as a new search is.
    const path = `${CATALOG}?q=${q}&limit=${1 + (i % 60)}&sort=${i % 2 ? 'relevance' : 'price_asc'}`;
    const started = performance.now();
    // The bytes as sent (node:http, no decompression on our side): the server's time, not ours.
    const response = await rawGet(`${shop.url}${path}`, headers);
    if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(times.length / 2)], p95: times[Math.floor(times.length * 0.95)] };
}

export async function benchCatalogScale({ createDatabase }) {
  const shops = [];
  try {
    for (const [index, size] of SIZES.entries()) {
      const databaseUrl = await createDatabase(`scale_${size}`);
      const target = new URL(databaseUrl);
      const proxy = await countingProxy({ host: target.hostname, port: Number(target.port || 5432) });
      const viaProxy = new URL(databaseUrl);
      viaProxy.hostname = '127.0.0.1';
      viaProxy.port = String(proxy.port);
      const port = 4430 + index;
      const url = `http://127.0.0.1:${port}`;
      const process = startShop(port, {
        DATABASE_URL: viaProxy.toString(),
        DATA_DIR: 'memory://',
        SEED_DEMO: 'false',
      });
      shops.push({ size, url, proxy, process });
      await waitFor(`${url}/api/healthz`);
      await fillCatalog(databaseUrl, size);
    }

    const results = new Map(shops.map((shop) => [shop.size, { home: [], page: [] }]));
    for (const shop of shops) {
      const result = results.get(shop.size);
      // Nothing is cached yet: the first request of each kind costs what a cache miss costs.
      result.coldHome = await statementsOf(shop, [HOME]);
      result.coldPage = await statementsOf(shop, [CATALOG]);
      result.missPage = await statementsOf(shop, [
        `${CATALOG}?limit=23`,
        `${CATALOG}?limit=22`,
        `${CATALOG}?limit=21`,
      ]);
      result.bytes = (await (await fetch(`${shop.url}${CATALOG}`)).arrayBuffer()).byteLength;
      result.search = await searchLatency(shop);
      await loadRound(shop, HOME, 2);
      await loadRound(shop, CATALOG, 2);
    }
    for (let round = 0; round < 3; round += 1) {
      for (const shop of shops) {
        const result = results.get(shop.size);
        result.home.push(await loadRound(shop, HOME));
        result.page.push(await loadRound(shop, CATALOG));
      }
    }

    const p95 = (size, kind) => median(results.get(size)[kind].map((r) => r.p95));
    const rate = (size, kind) => median(results.get(size)[kind].map((r) => r.rate));
    const perRequest = (size, kind) => median(results.get(size)[kind].map((r) => r.statements));
    for (const size of SIZES) {
      const r = results.get(size);
      console.log(
        `scale    ${String(size).padStart(6)} products: GET /api/tool p95 ${p95(size, 'home').toFixed(1)} ms ` +
          `(${rate(size, 'home').toFixed(0)} req/s, ${(p95(size, 'home') / p95(10, 'home')).toFixed(2)}x of 10), ` +
          `first /api/catalog page p95 ${p95(size, 'page').toFixed(1)} ms (${rate(size, 'page').toFixed(0)} req/s, ` +
          `${(p95(size, 'page') / p95(10, 'page')).toFixed(2)}x of 10, ${r.bytes} bytes)`,
      );
      console.log(
        `         statements: home ${r.coldHome} when not cached, ${perRequest(size, 'home').toFixed(3)}/request under load; ` +
          `catalog page ${r.coldPage} when not cached (${r.missPage} once its count is), ${perRequest(size, 'page').toFixed(3)}/request under load; ` +
          `uncached searches p50 ${r.search.p50.toFixed(1)} ms, p95 ${r.search.p95.toFixed(1)} ms`,
      );
    }
    return {
      homeRatio: p95(10_000, 'home') / p95(10, 'home'),
      pageRatio: p95(10_000, 'page') / p95(10, 'page'),
    };
  } finally {
    // Each shop has exited before its database is dropped.
    await Promise.all(
      shops.map(async (shop) => {
        const exited = new Promise((resolve) => shop.process.once('exit', resolve));
        shop.process.kill('SIGTERM');
        await exited;
        shop.proxy.close();
      }),
    );
  }
}
