// Contract prices in the catalog, on PostgreSQL: 10,000 products, 1,000 companies each
// holding a price list of 1,000 entries (a million in all; a third fixed breaks, the rest a percentage
// off). One shop; a visitor and a contract buyer (a member of one of the companies, signed in) load the
// same catalog pages in alternating rounds: the first page (newest first) and the first page by price,
// which for the buyer is sorted by their own prices. Prints each p95 and the buyer's ratio to the
// visitor's (target: within 1.3x), with the spread over the rounds.
import autocannon from 'autocannon';
import pg from 'pg';
import { figure } from './report.mjs';
import { fillCatalog } from './catalog-scale.mjs';
import { median, seconds, signedInCustomers, spread, startShop, waitFor } from './support.mjs';

const PRODUCTS = 10_000;
const COMPANIES = 1000;
const ENTRIES = 1000;
const PAGES = { first: '/api/catalog', byPrice: '/api/catalog?sort=price_asc' };
const ROUNDS = 3;

/** 1,000 companies, a list each of 1,000 SKUs (every tenth product, shifted per list), held by priority. */
async function fillPriceLists(pool) {
  await pool.query(
    `insert into companies (name) select 'Bench Company ' || k from generate_series(0, $1 - 1) as k`,
    [COMPANIES],
  );
  await pool.query(
    `insert into price_lists (name) select 'Bench List ' || lpad(k::text, 4, '0') from generate_series(0, $1 - 1) as k`,
    [COMPANIES],
  );
  await pool.query(
    `with numbered as (select sku, price_cents, row_number() over (order by sku) - 1 as n from products),
          lists as (select id, row_number() over (order by name) - 1 as k from price_lists)
     insert into price_list_entries (price_list_id, sku, price_tiers, percent_off_basis_points, position)
     select l.id, p.sku,
            case when p.n % 3 = 0 then jsonb_build_array(jsonb_build_object(
              'minQuantity', 100, 'priceCents', greatest(1, p.price_cents * 85 / 100))) end,
            case when p.n % 3 <> 0 then 500 + ((p.n + l.k) % 2000)::int end,
            (p.n / 10)::int
     from lists l join numbered p on (p.n + l.k) % ($1::int / $2::int) = 0`,
    [PRODUCTS, ENTRIES],
  );
  await pool.query(
    `with c as (select id, row_number() over (order by name) as k from companies),
          l as (select id, row_number() over (order by name) as k from price_lists)
     insert into company_price_lists (company_id, price_list_id, priority)
     select c.id, l.id, 1 from c join l using (k)`,
  );
  await pool.query('vacuum analyze price_list_entries');
  const [{ n }] = (await pool.query('select count(*)::int as n from price_list_entries')).rows;
  return n;
}

/** Loads one page for `seconds` as one client (cookie or none): p95 of every response and req/s. */
function loadRound(url, cookie) {
  const latencies = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        headers: { 'accept-encoding': 'br, gzip', ...(cookie ? { cookie } : {}) },
        connections: 20,
        duration: seconds,
      },
      (error, result) => {
        if (error) return reject(error);
        if (result.non2xx || result.errors) return reject(new Error(`${url}: ${result.non2xx} non-2xx`));
        latencies.sort((a, b) => a - b);
        resolve({ p95: latencies[Math.floor(latencies.length * 0.95)], rate: result.requests.average });
      },
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
}

export async function benchContractPrices({ databaseUrl }) {
  const port = 4475;
  const url = `http://127.0.0.1:${port}`;
  const shop = startShop(port, {
    DATABASE_URL: databaseUrl,
    DATA_DIR: 'memory://',
    SEED_DEMO: 'false',
    TRUST_PROXY: '1',
    PUBLIC_URL: url,
  });
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  // An idle connection closed as the bench's database is dropped is no failure of the bench.
  pool.on('error', () => undefined);
  try {
    await waitFor(`${url}/api/healthz`);
    await fillCatalog(databaseUrl, PRODUCTS);
    const entries = await fillPriceLists(pool);
    const { userIds, cookies } = await signedInCustomers(url, pool, 1);
    await pool.query(
      `insert into company_members (company_id, user_id, roles)
       select id, $1, '{admin}' from companies where name = 'Bench Company 0'`,
      [userIds[0]],
    );
    const buyer = cookies[0];

    // The buyer really sees their own prices: some differ from the visitor's on the first page by price.
    const [visitorPage, buyerPage] = await Promise.all(
      [undefined, buyer].map(async (cookie) =>
        (await fetch(`${url}${PAGES.byPrice}`, { headers: cookie ? { cookie } : {} })).json(),
      ),
    );
    const contract = buyerPage.items.filter((tool) => tool.priceSource === 'contract').length;
    if (contract === 0 || JSON.stringify(visitorPage) === JSON.stringify(buyerPage)) {
      throw new Error('the contract buyer was not shown their own prices');
    }

    const results = { first: { visitor: [], buyer: [] }, byPrice: { visitor: [], buyer: [] } };
    for (const [page, path] of Object.entries(PAGES)) {
      // Warm both, then alternate.
      await loadRound(`${url}${path}`, undefined);
      await loadRound(`${url}${path}`, buyer);
      for (let round = 0; round < ROUNDS; round += 1) {
        results[page].visitor.push(await loadRound(`${url}${path}`, undefined));
        results[page].buyer.push(await loadRound(`${url}${path}`, buyer));
      }
    }
    const ratios = {};
    for (const page of Object.keys(PAGES)) {
      const p95s = (who) => results[page][who].map((r) => r.p95);
      const rates = (who) => results[page][who].map((r) => r.rate);
      const ratio = median(p95s('buyer')) / median(p95s('visitor'));
      ratios[page] = ratio;
      figure(
        'contract',
        `contract buyer's p95 ÷ a visitor's, ${page === 'first' ? 'first catalog page' : 'catalog by price'}`,
        ratio,
        {
          atMost: 1.3,
          note: `${median(p95s('buyer')).toFixed(1)} ms (${spread(p95s('buyer'))}) vs ${median(p95s('visitor')).toFixed(1)} ms (${spread(p95s('visitor'))})`,
        },
      );
      console.log(
        `contract ${page === 'first' ? 'first catalog page ' : 'catalog by price   '} ` +
          `(${PRODUCTS} products, ${COMPANIES} companies × ${ENTRIES} entries = ${entries}): ` +
          `visitor p95 ${median(p95s('visitor')).toFixed(1)} ms (${spread(p95s('visitor'))}, ${median(rates('visitor')).toFixed(0)} req/s), ` +
          `contract buyer p95 ${median(p95s('buyer')).toFixed(1)} ms (${spread(p95s('buyer'))}, ${median(rates('buyer')).toFixed(0)} req/s): ` +
          `${ratio.toFixed(2)}x (target ≤ 1.3x; ${contract} of the buyer's first ${buyerPage.items.length} by price at contract prices)`,
      );
    }
    return ratios;
  } finally {
    await pool.end();
    const exited = new Promise((resolve) => shop.once('exit', resolve));
    shop.kill('SIGTERM');
    await exited;
  }
}
