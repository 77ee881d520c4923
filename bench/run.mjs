// `npm run bench`: the benchmark suite (DESIGN §7). Each ratio is measured side by side in one run on
// PostgreSQL, in a database the suite creates and drops (BENCH_DATABASE_URL names the server).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { benchAdmin } from './admin.mjs';
import { benchCatalog } from './catalog.mjs';
import { benchCart } from './cart.mjs';
import { benchCatalogScale } from './catalog-scale.mjs';
import { benchMillion } from './million.mjs';
import { benchColdStart } from './cold-start.mjs';
import { benchContractPrices } from './contract-prices.mjs';
import { benchCxmlFlood } from './cxml-flood.mjs';
import { benchDurableCommits } from './durable-commits.mjs';
import { benchOrders } from './orders.mjs';
import { part, printTable } from './report.mjs';
import { homePageScript, withDemoShop } from './support.mjs';

const server = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function onServer(statement) {
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const prefix = `toolshop_bench_${randomBytes(4).toString('hex')}`;
const created = [];
/** A new database on the server for one part of the suite; all are dropped at the end. */
async function createDatabase(suffix) {
  const name = `${prefix}_${suffix}`;
  await onServer(`create database ${name}`);
  created.push(name);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
}

// Every figure depends on the runtime: the report says which it ran on.
console.log(`bench on Node.js ${process.version} (${process.platform} ${process.arch})`);
const started = performance.now();
const only = process.argv[2];
/** Runs the part `name` when the command asks for it (every part without an argument). */
const run = (name, bench, ...aliases) =>
  !only || only === name || aliases.includes(only) ? part(name, bench) : undefined;
let problems = 0;
try {
  await run('catalog', async () => benchCatalog({ databaseUrl: await createDatabase('catalog') }));
  await run('scale', () => benchCatalogScale({ createDatabase }));
  // A manufacturer's catalog at a million SKUs beside one of 10,000 (DESIGN §11): alone as `million`
  // at a million SKUs; in the whole run at BENCH_MILLION_SKUS, 100,000 unless set, so that it finishes.
  await run(
    'million',
    () =>
      benchMillion({
        createDatabase,
        skus: Number(process.env.BENCH_MILLION_SKUS ?? (only === 'million' ? 1_000_000 : 100_000)),
      }),
    'scale',
  );
  await run('orders', async () => benchOrders({ databaseUrl: await createDatabase('orders') }));
  // BENCH_CART_DATABASE runs the checkouts on a kept catalog (the million bench's: the ratio at scale).
  await run('cart', async () =>
    benchCart({ databaseUrl: process.env.BENCH_CART_DATABASE ?? (await createDatabase('cart')) }),
  );
  await run('contract', async () => benchContractPrices({ databaseUrl: await createDatabase('contract') }));
  await run('admin', async () => benchAdmin({ databaseUrl: await createDatabase('admin') }));
  await run('start', () => benchColdStart());
  // What flushing every commit to the disk costs the embedded database's checkout (issue 64).
  await run('durable', () => benchDurableCommits());
  await run('js', () => withDemoShop(4470, homePageScript));
  // The health check while four clients post hostile cXML (also `npm run bench:cxml`).
  await run('cxml', () => benchCxmlFlood());
} finally {
  // BENCH_KEEP_DATABASES=1 leaves them to look into (EXPLAIN a slow query); drop them by hand after.
  if (process.env.BENCH_KEEP_DATABASES) console.log(`kept databases: ${created.join(', ')}`);
  else for (const name of created) await onServer(`drop database if exists ${name} with (force)`);
  problems = printTable((performance.now() - started) / 1000);
}
// A figure past its target, or a part that failed, is the run's answer too.
process.exitCode = problems > 0 ? 1 : 0;
