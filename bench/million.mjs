// A manufacturer's catalog at a million SKUs (DESIGN §11): two shops on PostgreSQL, each
// loaded by SQL with the same generator: a small one (10,000 SKUs in 500 families, 100 companies,
// 100,000 order lines) and a large one (1,000,000 SKUs in 50,000 families with specifications, 10,000
// companies, 10,000,000 order lines). Side by side, in alternating rounds, it measures what a buyer
// and the shop's admin wait for: the catalog with a search, two specification filters and facet counts
// (each request a new question: no cache answers it), a product page and its family, a quick order of
// 500 pasted rows, the admin dashboard, and each process's memory. BENCH_MILLION_SKUS sizes the large one
// (`npm run bench -- million`: a million; the whole `npm run bench`: 100,000, so that it finishes);
// BENCH_MILLION_DATABASES=<small url>,<large url> measures two databases a run kept (BENCH_KEEP_DATABASES=1)
// without loading them again.
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { figure } from './report.mjs';
import { adminCookie, signedInCustomers, startShop, waitFor } from './support.mjs';

const VARIANTS = 20;
const CATEGORIES = 20;
const shopsOf = (large) => [
  { name: 'small', skus: 10_000, companies: 100, orderLines: 100_000, port: 4480 },
  {
    name: 'large',
    skus: large,
    companies: Math.min(10_000, large / 100),
    orderLines: large * 10,
    port: 4481,
  },
];
const TYPES = [
  'Cordless Drill',
  'Impact Driver',
  'Hammer Drill',
  'Angle Grinder',
  'Circular Saw',
  'Drill Bit Set',
];
const SERIES = ['Pro', 'Compact', 'Heavy Duty', 'Site', 'Titan', 'Precision', 'Classic', 'XL'];
const MATERIALS = ['steel', 'aluminium', 'composite', 'magnesium', 'titanium', 'carbide'];
const ATTRIBUTES = [
  { key: 'voltage', name: 'Voltage', type: 'number', unit: 'V' },
  { key: 'chuck', name: 'Chuck', type: 'enum', values: ['6 mm', '10 mm', '13 mm'] },
  { key: 'brushless', name: 'Brushless', type: 'boolean' },
  { key: 'material', name: 'Housing', type: 'enum', values: MATERIALS },
];

const sqlList = (values) => `array[${values.map((value) => `'${value}'`).join(', ')}]`;

/**
 * The catalog, companies and orders, written by PostgreSQL itself (generate_series), 100,000 rows a
 * statement: product n is variant n % 20 of family n / 20 (4 voltages × 5 sizes), in category family % 20.
 */
async function fill(pool, spec) {
  await fillCatalog(pool, spec);
  await fillOrders(pool, spec);
  for (const table of [
    'products',
    'product_families',
    'orders',
    'order_lines',
    'companies',
    'search_words',
  ]) {
    await pool.query(`vacuum analyze ${table}`);
  }
}

/** The categories, families and SKUs. */
export async function fillCatalog(pool, { skus }) {
  const families = skus / VARIANTS;
  await pool.query(
    `insert into categories (slug, name, attributes)
     select 'tools-' || lpad(c::text, 2, '0'), 'Tools ' || c, $1::jsonb from generate_series(0, ${CATEGORIES - 1}) as c`,
    [JSON.stringify(ATTRIBUTES)],
  );
  await pool.query(
    `insert into product_families (id, name, description, image_url, category_id, options)
     select ('00000000-0000-4000-8000-' || lpad(to_hex(f), 12, '0'))::uuid,
            (${sqlList(TYPES)})[1 + f % ${TYPES.length}] || ' ' || (${sqlList(SERIES)})[1 + (f / ${TYPES.length}) % ${SERIES.length}] || ' ' || f,
            'A manufacturer''s tool in twenty variants, family ' || f, '/images/tools/cordless-drill.svg',
            (select id from categories where slug = 'tools-' || lpad((f % ${CATEGORIES})::text, 2, '0')),
            '[{"name":"Voltage","values":["12 V","18 V","24 V","36 V"]},{"name":"Size","values":["S1","S2","S3","S4","S5"]}]'::jsonb
     from generate_series(0, $1 - 1) as f`,
    [families],
  );
  const categoryIds = (await pool.query(`select slug, id from categories order by slug`)).rows.map(
    (row) => row.id,
  );
  for (let from = 0; from < skus; from += 100_000) {
    const to = Math.min(skus, from + 100_000) - 1;
    await pool.query(
      `insert into products (sku, name, image_url, description, category_id, min_order, available, price_cents,
                             price_tiers, specs, unit, order_multiple, family_id, options, created_at)
       select 'M-' || lpad(n::text, 7, '0'),
              f.name || ', ' || (12 + 6 * (v % 4) + case when v % 4 = 3 then 6 else 0 end) || ' V, S' || (1 + v / 4),
              '/images/tools/cordless-drill.svg',
              'Variant ' || v || ' of ' || f.name || ' in ' || (${sqlList(MATERIALS)})[1 + n % 6] || ', for daily site work',
              ($2::uuid[])[1 + (n / ${VARIANTS}) % ${CATEGORIES}],
              100, 500 + n % 5000, 1000 + (n::bigint * 7919) % 20000,
              jsonb_build_array(jsonb_build_object('minQuantity', 100, 'priceCents', 1000 + (n::bigint * 7919) % 20000),
                                jsonb_build_object('minQuantity', 500, 'priceCents', 900 + (n::bigint * 7919) % 20000)),
              jsonb_build_object('voltage', 12 + 6 * (v % 4) + case when v % 4 = 3 then 6 else 0 end,
                                 'chuck', (array['6 mm', '10 mm', '13 mm'])[1 + (n / ${VARIANTS} + v) % 3],
                                 'brushless', n % 3 = 0,
                                 'material', (${sqlList(MATERIALS)})[1 + n % 6]),
              'EA', case when n % 10 = 0 then 50 else 1 end, f.id,
              jsonb_build_object('Voltage', (array['12 V', '18 V', '24 V', '36 V'])[1 + v % 4], 'Size', 'S' || (1 + v / 4)),
              timestamptz '2026-01-01' + n * interval '1 second'
       from generate_series($1::int, $3::int) as n
       cross join lateral (select n % ${VARIANTS} as v) as variant
       join product_families f on f.id = ('00000000-0000-4000-8000-' || lpad(to_hex(n / ${VARIANTS}), 12, '0'))::uuid`,
      [from, categoryIds, to],
    );
  }
}

/**
 * The companies and their orders over the last year, 10 lines each, each line a SKU of the catalog
 * spread evenly. The dashboard's rollup triggers are off while they load and the rollups are rebuilt
 * once after (rebuild_sales_rollups, migration 0053): a year of orders at once is not how they come.
 */
export async function fillOrders(pool, { skus, companies, orderLines }) {
  await pool.query(`insert into companies (name) select 'Company ' || c from generate_series(1, $1) as c`, [
    companies,
  ]);
  const triggers = ['orders_sales_rollups', 'orders_sales_rollups_deleted'];
  for (const trigger of triggers) await pool.query(`alter table orders disable trigger ${trigger}`);
  await pool.query(`alter table order_lines disable trigger order_lines_sales_rollups`);
  const companyIds = (await pool.query(`select id from companies`)).rows.map((row) => row.id);
  const orders = orderLines / 10;
  for (let from = 0; from < orders; from += 50_000) {
    const to = Math.min(orders, from + 50_000) - 1;
    await pool.query(
      `with o as materialized (
         select gen_random_uuid() as id, n,
                now() - (n % 365) * interval '1 day' - (n % 1440) * interval '1 minute' as placed,
                (array['paid','paid','shipped','shipped','unpaid','cancelled','expired','paid','shipped','shipped'])[1 + n % 10] as s
         from generate_series($1::int, $2::int) as n
       ), placed as (
         insert into orders (id, company_id, buyer_name, email, address, phone, quantity, amount_cents, subtotal_cents, status,
                             paid_at, shipped_at, hold_expires_at, created_at)
         select o.id, ($3::uuid[])[1 + o.n % cardinality($3::uuid[])], 'Bench Buyer',
                'buyer' || (o.n % 5000) || '@example.com', '1 Road', '5550100', 1000, 1000000, 1000000, o.s::order_status,
                case when o.s in ('paid', 'shipped') then o.placed + interval '2 hours' end,
                case when o.s = 'shipped' then o.placed + interval '1 day' end,
                o.placed + interval '48 hours', o.placed
         from o
         returning id, created_at
       )
       insert into order_lines (order_id, line_number, product_id, sku, name, quantity, unit_price_cents, amount_cents, price_source, unit,
                                shipped_quantity)
       select o.id, l, p.id, p.sku, p.name, 100, 1000, 100000, 'tier', 'EA', case when o.s = 'shipped' then 100 else 0 end
       from o cross join generate_series(1, 10) as l
       join products p on p.sku = 'M-' || lpad(((o.n::bigint * 7 + l * 104729) % $4)::text, 7, '0')`,
      [from, to, companyIds, skus],
    );
  }
  for (const trigger of triggers) await pool.query(`alter table orders enable trigger ${trigger}`);
  await pool.query(`alter table order_lines enable trigger order_lines_sales_rollups`);
  await pool.query(`select rebuild_sales_rollups()`);
}

/** The time of one request (its whole answer read), failing on anything but a 200. */
async function timed(url, init) {
  const started = performance.now();
  const response = await fetch(url, init);
  const body = await response.text();
  if (response.status !== 200) throw new Error(`${url}: ${response.status} ${body.slice(0, 300)}`);
  return { ms: performance.now() - started, body };
}

const p95 = (times) => [...times].sort((a, b) => a - b)[Math.floor(times.length * 0.95)] ?? 0;
const QUERIES = ['drill', 'impact driver', 'grinder', 'saw', 'bit set', 'hammer drill'];

/** One round of every measurement on one shop; `round` makes each catalog question new. */
async function measureRound(shop, round) {
  const { url, skus } = shop;
  const catalog = [];
  for (let i = 0; i < 40; i += 1) {
    const k = round * 40 + i;
    const category = `tools-${String(k % CATEGORIES).padStart(2, '0')}`;
    const q = encodeURIComponent(QUERIES[k % QUERIES.length]);
    // Two specification filters; the limit makes each request a question no cache has answered.
    const path = `/api/catalog?category=${category}&q=${q}&spec.voltage=18&spec.chuck=13%20mm&limit=${1 + (k % 48)}`;
    const { ms, body } = await timed(`${url}${path}`);
    if (!JSON.parse(body).facets) throw new Error(`${path}: no facets`);
    catalog.push(ms);
  }
  const product = [];
  const family = [];
  for (let i = 0; i < 40; i += 1) {
    const n = (round * 7919 + i * 104_729) % skus;
    const id = shop.ids[n % shop.ids.length];
    product.push((await timed(`${url}/api/buyNow/${id.product}`)).ms);
    family.push((await timed(`${url}/api/families/${id.family}`)).ms);
  }
  const quick = [];
  for (let i = 0; i < 8; i += 1) {
    const rows = ['SKU\tQuantity'];
    for (let r = 0; r < 500; r += 1) {
      const n = ((round * 8 + i) * 500 + r * 15_485_863) % skus;
      rows.push(`M-${String(n).padStart(7, '0')}\t${n % 10 === 0 ? 100 : 150}`);
    }
    const { ms, body } = await timed(`${url}/api/cart/quick-add`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url, cookie: shop.buyer },
      body: JSON.stringify({ text: rows.join('\n'), dryRun: true }),
    });
    if (JSON.parse(body).rows.length !== 500) throw new Error('quick-add did not answer 500 rows');
    quick.push(ms);
  }
  // The dashboard may pass the database's statement timeout (a 503): its time and answer are the figure.
  const dashboard = [];
  for (let i = 0; i < 3; i += 1) {
    const started = performance.now();
    const response = await fetch(`${url}/api/admin/dashboard`, { headers: { cookie: shop.admin } });
    await response.text();
    if (response.status !== 200) shop.dashboardFailures = (shop.dashboardFailures ?? 0) + 1;
    dashboard.push(performance.now() - started);
  }
  return { catalog, product, family, quick, dashboard };
}

/** The shop process's resident memory now, in MiB (Linux). */
function rssMiB(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

export async function benchMillion({ createDatabase, skus: LARGE = 1_000_000 }) {
  const SHOPS = shopsOf(LARGE);
  const shops = [];
  const kept = process.env.BENCH_MILLION_DATABASES?.split(',');
  try {
    for (const [index, spec] of SHOPS.entries()) {
      const databaseUrl = kept?.[index] ?? (await createDatabase(`million_${spec.name}`));
      const url = `http://127.0.0.1:${spec.port}`;
      const process = startShop(spec.port, {
        DATABASE_URL: databaseUrl,
        DATA_DIR: 'memory://',
        SEED_DEMO: 'false',
        TRUST_PROXY: '1',
        PUBLIC_URL: url,
      });
      const pool = new pg.Pool({ connectionString: databaseUrl, max: 3 });
      pool.on('error', () => undefined);
      shops.push({ ...spec, url, process, pool });
      await waitFor(`${url}/api/readyz`, 120_000);
      const started = performance.now();
      if (!kept) await fill(pool, spec);
      const filled = (performance.now() - started) / 1000;
      const ids = (
        await pool.query(
          `select id as product, family_id as family from products tablesample system (1) limit 2000`,
        )
      ).rows;
      const { cookies } = await signedInCustomers(url, pool, 1);
      Object.assign(shops.at(-1), { ids, buyer: cookies[0], admin: await adminCookie(url, pool), filled });
      // A kept database says what it holds (it may have been loaded smaller, or without orders).
      const held = kept
        ? (
            await pool.query(
              `select (select count(*) from products)::int as skus, (select count(*) from product_families)::int as families,
                      (select count(*) from companies)::int as companies, (select count(*) from order_lines)::int as lines`,
            )
          ).rows[0]
        : {
            skus: spec.skus,
            families: spec.skus / VARIANTS,
            companies: spec.companies,
            lines: spec.orderLines,
          };
      console.log(
        `million  ${spec.name}: ${held.skus.toLocaleString('en')} SKUs, ${held.families.toLocaleString('en')} families, ` +
          `${held.companies.toLocaleString('en')} companies, ${held.lines.toLocaleString('en')} order lines ${kept ? 'kept from an earlier run' : `loaded in ${filled.toFixed(0)} s`}`,
      );
    }
    // A warm-up round each, then three rounds alternating between the shops.
    for (const shop of shops) await measureRound(shop, 100);
    const results = new Map(shops.map((shop) => [shop.name, []]));
    for (let round = 0; round < 3; round += 1) {
      for (const shop of shops) results.get(shop.name).push(await measureRound(shop, round));
    }
    const figures = new Map();
    for (const shop of shops) {
      const rounds = results.get(shop.name);
      const all = (kind) => rounds.flatMap((round) => round[kind]);
      figures.set(shop.name, {
        catalog: p95(all('catalog')),
        product: p95(all('product')),
        family: p95(all('family')),
        quick: p95(all('quick')),
        dashboard: Math.max(...all('dashboard')),
        rss: rssMiB(shop.process.pid),
      });
    }
    const small = figures.get('small');
    const large = figures.get('large');
    const line = (label, key, target) =>
      console.log(
        `million  ${label}: ${large[key].toFixed(0)} ms at ${LARGE.toLocaleString('en')} SKUs, ${small[key].toFixed(0)} ms at 10,000 ` +
          `(${(large[key] / small[key]).toFixed(2)}x); ${target}`,
      );
    line('catalog, search + 2 spec filters + facets, p95', 'catalog', 'target p95 ≤ 150 ms and ≤ 1.5x');
    line('product page GET /api/buyNow/{id}, p95', 'product', 'target p95 ≤ 50 ms');
    line('its family GET /api/families/{id}, p95', 'family', 'target p95 ≤ 50 ms');
    line('quick-add of 500 rows, p95', 'quick', 'target p95 ≤ 200 ms');
    line('admin dashboard, slowest of 9', 'dashboard', 'target ≤ 300 ms');
    const at = `at ${LARGE.toLocaleString('en')} SKUs`;
    const vsSmall = (key) => `${small[key].toFixed(0)} ms at 10,000`;
    figure('million', `search + 2 spec filters + facets ${at}, p95`, large.catalog, {
      unit: ' ms',
      atMost: 50,
      note: vsSmall('catalog'),
    });
    figure('million', `the same ÷ at 10,000 SKUs`, large.catalog / small.catalog, { atMost: 1.5 });
    figure('million', `product page ${at}, p95`, large.product, {
      unit: ' ms',
      atMost: 50,
      note: vsSmall('product'),
    });
    figure('million', `its family ${at}, p95`, large.family, {
      unit: ' ms',
      atMost: 50,
      note: vsSmall('family'),
    });
    figure('million', `quick-add of 500 rows ${at}, p95`, large.quick, {
      unit: ' ms',
      atMost: 200,
      note: vsSmall('quick'),
    });
    figure('million', `admin dashboard ${at}, slowest of 9`, large.dashboard, { unit: ' ms', atMost: 300 });
    figure('million', `memory (RSS) ${at} after the rounds`, large.rss, { unit: ' MiB', atMost: 400 });
    for (const shop of shops) {
      if (shop.dashboardFailures) {
        console.log(
          `million  the dashboard at ${shop.skus.toLocaleString('en')} SKUs failed ${shop.dashboardFailures} times (its database statement timed out)`,
        );
      }
    }
    console.log(
      `million  memory (RSS) after the rounds: ${large.rss.toFixed(0)} MiB at ${LARGE.toLocaleString('en')} SKUs, ` +
        `${small.rss.toFixed(0)} MiB at 10,000; target < 400 MB`,
    );
    return { small, large };
  } finally {
    await Promise.all(
      shops.map(async (shop) => {
        const exited = new Promise((resolve) => shop.process.once('exit', resolve));
        shop.process.kill('SIGTERM');
        await exited;
        await shop.pool.end();
      }),
    );
  }
}
