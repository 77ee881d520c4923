// Memory soak: the built server, started by `npm start`'s command (package.json: its malloc settings and V8 flags),
// with a catalog of about 10,000 products, under modest mixed traffic for a set time, its resident memory
// (VmRSS of /proc/<pid>/status) read every 30 s. The traffic is what shoppers send: the home page, catalog
// browsing and search (/api/catalog with varied q, category, sort and price filters, following cursors),
// product pages (/api/buyNow/:id and the server-rendered /tools/:id), the server-rendered /shop, the
// reviews, and signed-in customers placing and cancelling orders; now and then a new customer signs up
// and leaves a review, or an existing one signs in again. Browsers' revalidations (If-None-Match) are
// mixed in. Each visit comes from one of 20,000 shoppers' addresses (X-Forwarded-For, TRUST_PROXY=1),
// customers from addresses of their own. It prints a row per minute and a summary: RSS at the start
// (seeded and loaded, before any traffic), after the warm-up (minute 3), in the middle and at the end,
// min and max after the warm-up, its trend after the warm-up (least squares), requests served, and every
// answer that is not 2xx/3xx (a 5xx is a finding: its first URLs are listed).
//
//   npm run build                                    # once; the soak builds nothing
//   node bench/soak.mjs --db postgres --minutes 30   # a new database on BENCH_DATABASE_URL's server
//   node bench/soak.mjs --db embedded --minutes 30   # PGlite in a new temporary DATA_DIR (the default)
//   options: --concurrency 8 (requests in flight), --seed 1 (the traffic's random choices)
//
// The catalog goes in through the admin's CSV import (POST /api/admin/products/import, as bench/admin.mjs
// loads it): the one way into both databases while the server runs, since the embedded one is the
// server's own. Its rows follow bench/catalog-scale.mjs's realistic naming (types, series, materials),
// whose generator is not exported. The admin is an ADMIN_EMAILS address confirmed through the link in
// the mail the shop writes to DATA_DIR/outbox (no SMTP_URL). Customers are not confirmed: each holds at
// most one unpaid order, which it cancels before placing the next. Everything made (the server, the
// DATA_DIR, the PostgreSQL database) is removed at the end, also on Ctrl-C.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { describeMemory } from './memory-map.mjs';
import { figure, part, printTable } from './report.mjs';
import { waitFor } from './support.mjs';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'embedded' },
    minutes: { type: 'string', default: '30' },
    concurrency: { type: 'string', default: '8' },
    seed: { type: 'string', default: '1' },
  },
});
const MINUTES = Number(args.minutes);
const CONCURRENCY = Number(args.concurrency);
const SEED = Number(args.seed);
if (!['embedded', 'postgres'].includes(args.db)) throw new Error('--db is embedded or postgres');
if (!Number.isInteger(MINUTES) || MINUTES < 1) throw new Error('--minutes is a whole number from 1');
if (!Number.isInteger(CONCURRENCY) || CONCURRENCY < 1) throw new Error('--concurrency is a whole number');

/** The command `npm start` runs (package.json), with its memory settings: the soak measures that. */
const START = JSON.parse(readFileSync('package.json', 'utf8')).scripts.start;
if (!/\bexec node\b/.test(START))
  throw new Error("npm start's script must exec node (the soak reads its pid)");

const SAMPLE_MS = 30_000;
/** Issue 66's budgets for the soak's peak resident memory, by database. */
const BUDGET_MIB = { postgres: 250, embedded: 350 };
const WARM_UP_MINUTE = Math.min(3, MINUTES);
const PRODUCTS = 10_000;
const CUSTOMERS = CONCURRENCY;
/** The least time between two sign-ups or sign-ins (argon2 is the costliest request the shop has). */
const ACCOUNT_EVERY_MS = 15_000;
/** How many addresses the anonymous shoppers come from (each visit from one of them, at random). */
const ADDRESSES = 20_000;
/** A signed-in browser reads its session again after this long (client/lib/session-store.ts). */
const SESSION_STALE_MS = 5 * 60_000;
const server = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** The shop's /metrics, read for the V8 heap's part of the memory (bench/memory-map.mjs). */
const METRICS_TOKEN = randomBytes(16).toString('hex');

// --- The server and its memory ---

const KIB = /(\w+):\s+(\d+) kB/g;
/** The process's memory as /proc/<pid>/status has it, in MiB (VmRSS, RssAnon, RssFile, VmHWM...). */
function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Object.fromEntries([...status.matchAll(KIB)].map(([, name, kib]) => [name, Number(kib) / 1024]));
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** The newest change under dist/: a build during the soak would change the server under it. */
function newestBuild(dir = 'dist') {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestBuild(path) : statSync(path).mtimeMs);
  }
  return newest;
}

async function onServer(statement) {
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * The server's log (pino, JSON lines on stdout) and stderr, read as they come: the mails it writes to
 * the outbox folder are counted, every other warning or error kept (the first ones are printed).
 */
function watchLog(shop) {
  const log = { mails: 0, byMessage: new Map(), first: [], stdout: [], stderr: [] };
  let pending = '';
  shop.stdout.setEncoding('utf8');
  shop.stdout.on('data', (chunk) => {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop();
    for (const line of lines) {
      if (!line.trim()) continue;
      let entry;
      try {
        entry = JSON.parse(line);
      } catch {
        // The start's own lines (console.info), not the log's.
        if (log.stdout.length < 10) log.stdout.push(line.slice(0, 600));
        continue;
      }
      if (/mail written to the outbox folder/.test(entry.msg ?? '')) {
        log.mails += 1;
        continue;
      }
      const key = `${entry.level} ${entry.msg}`;
      log.byMessage.set(key, (log.byMessage.get(key) ?? 0) + 1);
      if (log.first.length < 10) log.first.push(line.slice(0, 600));
    }
  });
  shop.stderr.setEncoding('utf8');
  shop.stderr.on('data', (chunk) => {
    for (const line of chunk.split('\n').filter(Boolean)) {
      if (log.stderr.length < 20) log.stderr.push(line.slice(0, 600));
    }
  });
  return log;
}

// --- Requests, counted ---

const started = { traffic: 0 };
const totals = {
  requests: 0,
  byStatus: new Map(),
  samples: new Map(),
  errors: 0,
  errorSamples: [],
  visits: new Map(),
  orders: { placed: 0, cancelled: 0 },
};
/** Per minute of traffic: requests, their times, answers that are not 2xx/3xx. */
const minutes = Array.from({ length: MINUTES }, () => ({
  requests: 0,
  times: [],
  c4xx: 0,
  c5xx: 0,
  errors: 0,
}));
const minuteNow = () =>
  Math.min(MINUTES - 1, Math.max(0, Math.floor((Date.now() - started.traffic) / 60_000)));

/** Validators the shopper's browser keeps (most recent 500 URLs), sent back as If-None-Match. */
const etags = new Map();

let baseUrl;
async function request(
  path,
  { method = 'GET', body, cookie, address, headers = {}, revalidate = false } = {},
) {
  const sent = { ...headers };
  if (cookie) sent.cookie = cookie;
  // The shopper's own address (TRUST_PROXY=1: as a reverse proxy would say it).
  if (address) sent['x-forwarded-for'] = address;
  if (method !== 'GET') sent.origin = baseUrl;
  if (body !== undefined && !sent['content-type']) sent['content-type'] = 'application/json';
  if (revalidate && etags.has(path)) sent['if-none-match'] = etags.get(path);
  const at = performance.now();
  const minute = started.traffic ? minutes[minuteNow()] : null;
  let response;
  let text;
  try {
    response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: sent,
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      redirect: 'manual',
    });
    text = await response.text();
  } catch (error) {
    totals.errors += 1;
    if (minute) minute.errors += 1;
    if (totals.errorSamples.length < 5)
      totals.errorSamples.push(`${method} ${path}: ${error.cause ?? error}`);
    return { status: 0, ok: false, text: '', headers: new Headers() };
  }
  const { status } = response;
  totals.requests += 1;
  totals.byStatus.set(status, (totals.byStatus.get(status) ?? 0) + 1);
  if (minute) {
    minute.requests += 1;
    minute.times.push(performance.now() - at);
    if (status >= 400 && status < 500) minute.c4xx += 1;
    if (status >= 500) minute.c5xx += 1;
  }
  if (status >= 400) {
    const samples = totals.samples.get(status) ?? [];
    if (samples.length < 5) samples.push(`${method} ${path} -> ${text.slice(0, 200).replace(/\s+/g, ' ')}`);
    totals.samples.set(status, samples);
  }
  const etag = response.headers.get('etag');
  if (etag && method === 'GET') {
    etags.delete(path);
    etags.set(path, etag);
    if (etags.size > 500) etags.delete(etags.keys().next().value);
  }
  return { status, ok: status >= 200 && status < 400, text, headers: response.headers };
}

const json = (answer) => (answer.status === 200 || answer.status === 201 ? JSON.parse(answer.text) : null);
const cookiesOf = (answer) =>
  answer.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');

// --- The catalog: bench/catalog-scale.mjs's products, as the admin's CSV ---

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

function catalogCsv(size) {
  const lines = ['sku,name,category,description,image,min_order,available,price_tiers,featured'];
  const dollars = (cents) => (cents / 100).toFixed(2);
  for (let i = 0; i < size; i += 1) {
    const [type, slug] = TYPES[i % TYPES.length];
    const series = SERIES[Math.floor(i / TYPES.length) % SERIES.length];
    const price = 300 + ((i * 7919) % 20_000);
    const category = slug.replace(
      /(^|-)(\w)/g,
      (_, dash, letter) => `${dash ? ' ' : ''}${letter.toUpperCase()}`,
    );
    const tiers = `100:${dollars(price)}|500:${dollars(Math.round(price * 0.94))}|1000:${dollars(Math.round(price * 0.88))}`;
    lines.push(
      [
        `FT-${type.slice(0, 3).toUpperCase()}-${String(i).padStart(5, '0')}`,
        `${type} ${series} ${100 + (i % 900)}`,
        category,
        `"${series} ${type.toLowerCase()} in ${MATERIALS[i % MATERIALS.length]}, made for daily site work; batch ${i}."`,
        '/images/tools/claw-hammer.svg',
        100,
        5000,
        tiers,
        i % 500 === 0 ? 'yes' : 'no',
      ].join(','),
    );
  }
  return lines.join('\n');
}

// --- Accounts ---

const password = () => `soak-${randomBytes(12).toString('hex')}`;

async function signUp(email, pass, name, address) {
  const answer = await request('/api/auth/sign-up/email', {
    method: 'POST',
    address,
    body: { name, email, password: pass },
  });
  if (answer.status !== 200) throw new Error(`sign-up: ${answer.status} ${answer.text.slice(0, 300)}`);
  return cookiesOf(answer);
}

/** The confirmation link in the newest mail to `email` in the outbox folder (quoted-printable undone). */
async function confirmationLink(outbox, email) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const files = existsSync(outbox)
      ? readdirSync(outbox).filter((file) => file.endsWith(`-${email}.eml`))
      : [];
    for (const file of files.sort().reverse()) {
      const raw = readFileSync(join(outbox, file), 'utf8');
      const decoded = raw
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)))
        .replace(/&amp;/g, '&');
      const link = /https?:\/\/[^\s"<>]*\/verify-email\?token=[^\s"<>]+/.exec(decoded)?.[0];
      if (link) return link;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no confirmation mail to ${email} in ${outbox}`);
}

/** The admin: an ADMIN_EMAILS address, signed up and confirmed (which makes it admin). */
async function adminCookie(outbox, email) {
  const pass = password();
  const cookie = await signUp(email, pass, 'Soak Admin');
  const link = new URL(await confirmationLink(outbox, email));
  const confirmed = await request(`${link.pathname}${link.search}`, { cookie });
  if (confirmed.status !== 302 || /error=/.test(confirmed.headers.get('location') ?? ''))
    throw new Error(`confirming the admin: ${confirmed.status} ${confirmed.headers.get('location')}`);
  const signedIn = await request('/api/auth/sign-in/email', {
    method: 'POST',
    body: { email, password: pass },
  });
  if (signedIn.status !== 200) throw new Error(`admin sign-in: ${signedIn.status} ${signedIn.text}`);
  return cookiesOf(signedIn);
}

/**
 * COMPANIES companies, each made by a buyer who confirmed their address, holding a price list of
 * CONTRACT_ENTRIES of the catalog's SKUs (a percentage off, a few fixed breaks), with an API key of
 * its own (catalog:read, orders:read).
 */
async function companiesOfBuyers(state, admin, outbox) {
  const skus = [];
  const params = new URLSearchParams({ sort: 'name', limit: '60' });
  while (skus.length < CONTRACT_ENTRIES * COMPANIES) {
    const page = json(await request(`/api/catalog?${params}`));
    skus.push(...page.items.map((tool) => tool.sku));
    if (!page.nextCursor) break;
    params.set('cursor', page.nextCursor);
  }
  for (let n = 0; n < COMPANIES; n += 1) {
    const email = `soak-buyer-${n}-${randomBytes(3).toString('hex')}@example.com`;
    const pass = password();
    const address = `10.251.0.${n + 1}`;
    let cookie = await signUp(email, pass, `Soak Buyer ${n}`, address);
    const link = new URL(await confirmationLink(outbox, email));
    await request(`${link.pathname}${link.search}`, { cookie, address });
    const signedIn = await request('/api/auth/sign-in/email', {
      method: 'POST',
      address,
      body: { email, password: pass },
    });
    if (signedIn.status !== 200) throw new Error(`buyer sign-in: ${signedIn.status} ${signedIn.text}`);
    cookie = cookiesOf(signedIn);
    const made = await request('/api/companies', {
      method: 'POST',
      cookie,
      address,
      body: { name: `Soak Company ${n}` },
    });
    const company = json(made);
    if (!company?.insertedId)
      throw new Error(`the soak buyer could not make a company: ${made.status} ${made.text}`);
    const entries = skus
      .slice(n * CONTRACT_ENTRIES, (n + 1) * CONTRACT_ENTRIES)
      .map((sku, k) =>
        k % 10 === 0
          ? { sku, priceTiers: [{ minQuantity: 100, price: 2 + (k % 50) }] }
          : { sku, percentOff: 5 + (k % 20) },
      );
    const list = json(
      await request('/api/admin/price-lists', {
        method: 'POST',
        cookie: admin,
        body: { name: `Soak contract ${n}`, entries },
      }),
    );
    if (!list?.insertedId) throw new Error('the soak could not make a price list');
    const held = await request(`/api/admin/companies/${company.insertedId}/price-lists`, {
      method: 'PUT',
      cookie: admin,
      body: [{ priceListId: list.insertedId, priority: 1 }],
    });
    if (held.status !== 200) throw new Error(`holding the price list: ${held.status} ${held.text}`);
    const key = json(
      await request('/api/company/api-keys', {
        method: 'POST',
        cookie,
        address,
        body: { name: 'Soak ERP', scopes: ['catalog:read', 'orders:read'] },
      }),
    );
    if (!key?.key) throw new Error('the soak buyer could not make an API key');
    state.buyers.push({ cookie, address });
    state.keys.push({ key: key.key, email });
  }
}

// --- Traffic ---

/** mulberry32: the same choices on every run with the same --seed. */
function randomSource(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  next.int = (n) => Math.floor(next() * n);
  next.pick = (list) => list[next.int(list.length)];
  next.chance = (p) => next() < p;
  return next;
}

const WORDS = [
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
  ...TYPES.map(([type]) => type.toLowerCase()),
  ...SERIES.map((series) => series.toLowerCase()),
  ...MATERIALS,
  'site work',
  'batch',
  'precision level',
  'titan drill',
  'heavy duty hammer',
];
const SORTS = ['name', 'price_asc', 'price_desc', 'newest'];

/** A shopper's search: a word from the list, sometimes with a typo, a number or a second word. */
function searchText(random) {
  let q = random.pick(WORDS);
  if (random.chance(0.3)) {
    const at = 1 + random.int(Math.max(1, q.length - 1));
    q = q.slice(0, at) + q.slice(at + 1);
  }
  if (random.chance(0.25)) q += ` ${100 + random.int(900)}`;
  if (random.chance(0.15)) q += ` ${random.pick(WORDS)}`;
  return q;
}

function catalogQuery(random, shop) {
  const params = new URLSearchParams();
  if (random.chance(0.5)) params.set('q', searchText(random));
  if (random.chance(0.4)) params.set('category', random.pick(shop.categories));
  const sort = params.has('q') && random.chance(0.5) ? 'relevance' : random.pick(SORTS);
  params.set('sort', sort);
  if (random.chance(0.15)) {
    const low = random.int(100);
    params.set('minPrice', String(low));
    params.set('maxPrice', String(low + 10 + random.int(150)));
  }
  if (random.chance(0.1)) params.set('inStock', 'true');
  return params;
}

/**
 * A page as a browser loads it: the server-rendered document (revalidated now and then), then the
 * session, which the page's header reads once per visit (client/lib/session-store.ts).
 */
async function pageLoad(v, path, { revalidate = v.random.chance(0.3) } = {}) {
  await v.get(path, { revalidate });
  await v.get('/api/auth/get-session', { cookie: v.cookie });
}

/** Pages through /api/catalog as the shop page's infinite scroll does: 1 to 4 pages, now and then 12. */
async function browse(v) {
  const params = catalogQuery(v.random, v.shop);
  params.set('limit', v.random.chance(0.8) ? '24' : String(1 + v.random.int(60)));
  const pages = v.random.chance(0.1) ? 12 : 1 + v.random.int(4);
  for (let page = 0; page < pages; page += 1) {
    const revalidate = page === 0 && v.random.chance(0.3);
    const answer = json(await v.get(`/api/catalog?${params}`, { revalidate }));
    if (!answer?.nextCursor) break;
    params.set('cursor', answer.nextCursor);
  }
}

/** The server-rendered shop page, with a search or a category or neither. */
async function shopPage(v) {
  const params = catalogQuery(v.random, v.shop);
  params.delete('sort');
  if (v.random.chance(0.5)) params.delete('q');
  await pageLoad(v, `/shop${params.size ? `?${params}` : ''}`);
}

/** A product: its server-rendered page, or its data as the app asks for it while already open. */
async function productPage(v) {
  const id = v.random.pick(v.shop.ids);
  if (v.random.chance(0.5)) await pageLoad(v, `/tools/${id}`);
  else await v.get(`/api/buyNow/${id}`);
  if (v.random.chance(0.3)) await v.get('/api/review?limit=6', { revalidate: true });
}

async function homePage(v) {
  await pageLoad(v, v.random.chance(0.9) ? '/' : '/home', { revalidate: v.random.chance(0.4) });
  if (v.random.chance(0.5)) {
    await v.get('/api/tool', { revalidate: true });
    await v.get('/api/review?limit=6', { revalidate: true });
    await v.get('/api/categories', { revalidate: true });
  }
}

async function reviews(v) {
  if (v.random.chance(0.5)) await v.get('/api/review', { revalidate: v.random.chance(0.5) });
  else await v.get(`/api/review?limit=${1 + v.random.int(100)}`);
}

async function otherPages(v) {
  const path = v.random.pick(['/blogs', '/portfolio', '/sitemap.xml', '/robots.txt', '/api/categories']);
  if (path === '/blogs' || path === '/portfolio') await pageLoad(v, path);
  else await v.get(path);
}

/** The whole catalog in one answer (spec GET /tools): large at 10,000 products, so seldom. */
async function everyProduct(v) {
  await v.get('/api/tools');
}

/**
 * A customer's visit: looks at a product, orders its least quantity or more, looks at the order and
 * cancels it. Its browser reads the session as the app does: again once the last read is 5 minutes old.
 */
async function order(v) {
  const customer = v.shop.idle.pop();
  if (!customer) return browse(v);
  const as = { cookie: customer.cookie, address: customer.address };
  try {
    if (Date.now() - customer.sessionReadAt >= SESSION_STALE_MS) {
      await request('/api/auth/get-session', as);
      customer.sessionReadAt = Date.now();
    }
    const tool = json(await request(`/api/buyNow/${v.random.pick(v.shop.ids)}`, as));
    // The first price break is at the least an order may take (the product's, or the shop's floor).
    const least = tool?.priceTiers[0]?.minQuantity ?? tool?.min_order;
    if (!tool || tool.available < least + 400) return;
    const placed = json(
      await request('/api/purchase', {
        ...as,
        method: 'POST',
        body: {
          toolId: tool._id,
          name: customer.name,
          address: '1 Soak Road\nTestville',
          number: '5550100',
          quantity: least + (v.random.chance(0.5) ? 0 : v.random.int(400)),
        },
      }),
    );
    if (!placed) return;
    totals.orders.placed += 1;
    await request(`/api/purchase/${placed.insertedId}`, as);
    if (v.random.chance(0.5)) await request(`/api/purchase?email=${encodeURIComponent(customer.email)}`, as);
    if (v.random.chance(0.3)) await request(`/api/users/${encodeURIComponent(customer.email)}`, as);
    const cancelled = await request(`/api/purchase/${placed.insertedId}`, { ...as, method: 'DELETE' });
    if (cancelled.status === 200) totals.orders.cancelled += 1;
  } finally {
    v.shop.idle.push(customer);
  }
}

/** At most every ACCOUNT_EVERY_MS: a new customer signs up and reviews, or a customer signs in again. */
async function account(v) {
  const { shop, random } = v;
  if (Date.now() - shop.lastAccount < ACCOUNT_EVERY_MS) return browse(v);
  shop.lastAccount = Date.now();
  shop.accounts += 1;
  if (shop.accounts % 2 === 1) {
    const name = `New Customer ${shop.accounts}`;
    const email = `soak-new-${shop.accounts}-${randomBytes(3).toString('hex')}@example.com`;
    const cookie = await signUp(email, password(), name, v.address);
    await v.get('/api/addreview', {
      method: 'POST',
      cookie,
      body: {
        name,
        img: 'https://example.com/avatar.png',
        customer_review: `Ordered ${searchText(random)} for the site; arrived on time.`,
        rating: 1 + random.int(5),
      },
    });
    return;
  }
  const customer = shop.idle.pop();
  if (!customer) return;
  try {
    const answer = await request('/api/auth/sign-in/email', {
      method: 'POST',
      address: customer.address,
      body: { email: customer.email, password: customer.password },
    });
    if (answer.status !== 200) return;
    customer.cookie = cookiesOf(answer);
    await request('/api/auth/get-session', { cookie: customer.cookie, address: customer.address });
    customer.sessionReadAt = Date.now();
  } finally {
    shop.idle.push(customer);
  }
}

/** Where the companies' buyers deliver: Pittsburgh (the demo's zones tax and ship it). */
const SHIP_TO = {
  line1: '1200 Foundry Road',
  city: 'Pittsburgh',
  region: 'PA',
  postalCode: '15201',
  country: 'US',
};
/** Companies with a price list each, a confirmed buyer and an API key each (the roles besides shoppers). */
const COMPANIES = 3;
const CONTRACT_ENTRIES = 1000;

/** Runs `work` as one of the companies' buyers, each in one visit at a time; browses if all are busy. */
async function asBuyer(v, work) {
  const buyer = v.shop.buyers.pop();
  if (!buyer) return browse(v);
  try {
    await work({ cookie: buyer.cookie, address: buyer.address }, buyer);
  } finally {
    v.shop.buyers.push(buyer);
  }
}

/**
 * A company's buyer (a price list of 1,000 contract prices): browses at their prices, puts a product
 * in the cart, looks at it, checks a quick order's rows and takes the line out again; now and then
 * checks out by card and cancels.
 */
async function companyBuyer(v) {
  await asBuyer(v, async (as) => {
    const params = catalogQuery(v.random, v.shop);
    params.set('limit', '24');
    const page = json(await request(`/api/catalog?${params}`, as));
    const tool = page?.items[0] ?? json(await request(`/api/buyNow/${v.random.pick(v.shop.ids)}`, as));
    if (!tool) return;
    const least = tool.priceTiers?.[0]?.minQuantity ?? tool.min_order;
    await request(`/api/cart/lines/${tool._id}`, { ...as, method: 'PUT', body: { quantity: least } });
    await request('/api/cart', as);
    if (v.random.chance(0.3)) {
      const rows = Array.from({ length: 5 }, () => `${v.random.pick(v.shop.skus)}\t${least}`);
      rows.push(`NO-SUCH-${v.random.int(1000)}\t100`);
      await request('/api/cart/quick-add', {
        ...as,
        method: 'POST',
        body: { text: rows.join('\n'), dryRun: true },
      });
    }
    if (v.random.chance(0.2)) {
      const placed = json(
        await request('/api/cart/checkout', {
          ...as,
          method: 'POST',
          body: { name: 'Soak Buyer', number: '5550100', shipTo: SHIP_TO },
        }),
      );
      if (placed?.insertedId) {
        totals.orders.placed += 1;
        const cancelled = await request(`/api/purchase/${placed.insertedId}`, { ...as, method: 'DELETE' });
        if (cancelled.status === 200) totals.orders.cancelled += 1;
        return;
      }
    }
    await request(`/api/cart/lines/${tool._id}`, { ...as, method: 'DELETE' });
  });
}

/** The company's system with its API key: the catalog at the contract's prices, and the orders. */
async function apiClient(v) {
  const key = v.random.pick(v.shop.keys);
  const headers = { authorization: `Bearer ${key.key}` };
  const params = catalogQuery(v.random, v.shop);
  params.set('limit', '50');
  await v.get(`/api/catalog?${params}`, { headers });
  await v.get(`/api/purchase?email=${encodeURIComponent(key.email)}`, { headers });
}

/** The shop's admin: the dashboard, the orders, the audit log, companies and documents. */
async function shopAdmin(v) {
  const as = { cookie: v.shop.admin };
  await request('/api/admin/dashboard', as);
  const path = v.random.pick([
    '/api/admin/orders',
    '/api/admin/orders?status=cancelled',
    '/api/admin/audit',
    '/api/admin/companies',
    '/api/admin/credit-notes',
    '/api/admin/price-lists',
    `/api/admin/orders?q=${encodeURIComponent(searchText(v.random))}`,
  ]);
  await request(path, as);
  if (v.random.chance(0.05)) await request('/api/admin/orders.csv', as);
}

/** What a visit does, and how often (weights out of 100). */
const MIX = [
  [browse, 28],
  [productPage, 22],
  [homePage, 11],
  [shopPage, 7],
  [order, 11],
  [companyBuyer, 8],
  [apiClient, 3],
  [shopAdmin, 2],
  [reviews, 4],
  [otherPages, 3],
  [account, 0.7],
  [everyProduct, 0.3],
];
const MIX_TOTAL = MIX.reduce((sum, [, weight]) => sum + weight, 0);

/** One of the shoppers' addresses (10.x.y.z), the same ones on every run with the same --seed. */
const shopperAddress = (random) => {
  const n = random.int(ADDRESSES);
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

/** One of CONCURRENCY visitors: one visit after the other, each from a shopper's address, until stopped. */
async function visitor(n, shop, stop) {
  const random = randomSource(SEED * 1000 + n);
  while (!stop.now) {
    let roll = random() * MIX_TOTAL;
    const [visit] = MIX.find(([, weight]) => (roll -= weight) < 0) ?? MIX[0];
    totals.visits.set(visit.name, (totals.visits.get(visit.name) ?? 0) + 1);
    const address = shopperAddress(random);
    const v = { random, shop, address, get: (path, options) => request(path, { address, ...options }) };
    try {
      await visit(v);
    } catch (error) {
      totals.errors += 1;
      if (totals.errorSamples.length < 5) totals.errorSamples.push(`${visit.name}: ${error.message}`);
    }
  }
}

// --- The run ---

const mib = (value) => (value === undefined ? '-' : value.toFixed(1));
const percentile = (values, p) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
};

async function soak() {
  if (!existsSync('dist/server/main.js')) {
    console.log('soak     dist/server/main.js is missing: run `npm run build` first');
    process.exit(1);
  }
  const buildAtStart = newestBuild();
  const dataDir = mkdtempSync(join(tmpdir(), 'toolshop-soak-'));
  const database = args.db === 'postgres' ? `toolshop_soak_${process.pid}` : null;
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  const adminEmail = `soak-admin-${randomBytes(3).toString('hex')}@example.com`;
  let shop;
  let exited = null;
  const stop = { now: false };
  let wake = () => undefined;
  const interrupt = () => {
    console.log('soak     interrupted: stopping and cleaning up');
    stop.now = true;
    wake();
  };
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);
  const sleep = (ms) =>
    new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  try {
    let databaseUrl;
    if (database) {
      await onServer(`create database ${database}`);
      const url = new URL(server);
      url.pathname = `/${database}`;
      databaseUrl = url.toString();
    }
    // `npm start`'s own command, by the shell npm would give it: its `exec` makes the server this pid.
    shop = spawn('sh', ['-c', START], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        PUBLIC_URL: baseUrl,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_SCALE: '1000',
        SEED_DEMO: 'true',
        DATA_DIR: dataDir,
        PAYMENTS_TEST_MODE: 'true',
        ADMIN_EMAILS: adminEmail,
        // Shoppers come from many addresses, as behind a reverse proxy (X-Forwarded-For).
        TRUST_PROXY: '1',
        METRICS_TOKEN,
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: '' }),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const log = watchLog(shop);
    shop.on('exit', (code, signal) => {
      exited = { code, signal };
      if (!stop.now) {
        console.log(`soak     the server stopped (code ${code}, signal ${signal})`);
        stop.now = true;
        wake();
      }
    });
    const launched = performance.now();
    await waitFor(`${baseUrl}/api/readyz`, 120_000);
    const ready = memoryOf(shop.pid);
    console.log(
      `soak     ${args.db} database${database ? ` ${database}` : ''}, DATA_DIR ${dataDir}, port ${port}, ` +
        `pid ${shop.pid}: ready after ${((performance.now() - launched) / 1000).toFixed(1)} s, RSS ${mib(ready.VmRSS)} MiB`,
    );
    const where = async (label) => {
      const parts = await describeMemory(shop.pid, baseUrl, METRICS_TOKEN);
      console.log(`soak     ${label}: peak so far ${mib(memoryOf(shop.pid).VmHWM)} MiB; ${parts}`);
    };
    await where('ready');

    // The catalog, through the admin's import; then the customers, and every product's id.
    const admin = await adminCookie(join(dataDir, 'outbox'), adminEmail);
    const importing = performance.now();
    const imported = await request('/api/admin/products/import?commit=true', {
      method: 'POST',
      cookie: admin,
      headers: { 'content-type': 'text/csv' },
      body: catalogCsv(PRODUCTS),
    });
    const report = json(imported);
    if (!report?.committed || report.errors.length > 0)
      throw new Error(`import: ${imported.status} ${imported.text.slice(0, 500)}`);
    const afterImport = memoryOf(shop.pid);
    const state = {
      ids: [],
      skus: [],
      categories: [],
      idle: [],
      buyers: [],
      keys: [],
      admin: '',
      lastAccount: 0,
      accounts: 0,
    };
    for (let n = 0; n < CUSTOMERS; n += 1) {
      const customer = {
        name: `Soak Customer ${n}`,
        email: `soak-customer-${n}-${randomBytes(3).toString('hex')}@example.com`,
        password: password(),
        address: `10.250.0.${n + 1}`,
        sessionReadAt: 0,
      };
      customer.cookie = await signUp(customer.email, customer.password, customer.name, customer.address);
      state.idle.push(customer);
    }
    state.categories = json(await request('/api/categories')).map((category) => category.slug);
    state.admin = admin;
    await companiesOfBuyers(state, admin, join(dataDir, 'outbox'));
    // The ids the way a crawler finds them: the catalog's pages, newest first.
    const params = new URLSearchParams({ sort: 'newest', limit: '60' });
    for (;;) {
      const page = json(await request(`/api/catalog?${params}`));
      state.ids.push(...page.items.map((tool) => tool._id));
      state.skus.push(...page.items.map((tool) => tool.sku));
      if (!page.nextCursor) break;
      params.set('cursor', page.nextCursor);
    }
    console.log(
      `soak     imported ${report.created} products in ${((performance.now() - importing) / 1000).toFixed(1)} s ` +
        `(RSS ${mib(afterImport.VmRSS)} MiB after); catalog of ${state.ids.length} in ` +
        `${state.categories.length} categories, ${CUSTOMERS} customers; ${totals.requests} requests to set up`,
    );
    await where('imported');
    etags.clear();
    totals.requests = 0;
    totals.byStatus.clear();
    totals.samples.clear();

    // The traffic, with the memory read every 30 s.
    await sleep(5000);
    const samples = [{ at: 0, ...memoryOf(shop.pid) }];
    console.log(
      `soak     ${MINUTES} minutes of traffic, ${CONCURRENCY} visitors at once; RSS at start ${mib(samples[0].VmRSS)} MiB ` +
        `(anon ${mib(samples[0].RssAnon)}, file ${mib(samples[0].RssFile)})`,
    );
    console.log(
      'soak     minute   RSS MiB  anon MiB  (min-max in the minute)  requests   req/s  p50 ms  p95 ms  4xx  5xx  errors',
    );
    started.traffic = Date.now();
    const visitors = Array.from({ length: CONCURRENCY }, (_, n) => visitor(n, state, stop));
    for (let tick = 1; tick <= MINUTES * 2 && !stop.now; tick += 1) {
      await sleep(started.traffic + tick * SAMPLE_MS - Date.now());
      if (stop.now) break;
      samples.push({ at: tick * 30, ...memoryOf(shop.pid) });
      if (tick % 2 === 0) {
        const m = tick / 2;
        const row = minutes[m - 1];
        const inMinute = samples.filter((sample) => sample.at > (m - 1) * 60 && sample.at <= m * 60);
        const rss = inMinute.map((sample) => sample.VmRSS);
        console.log(
          `soak     ${String(m).padStart(6)}  ${mib(samples.at(-1).VmRSS).padStart(8)}  ${mib(samples.at(-1).RssAnon).padStart(8)}` +
            `  (${mib(Math.min(...rss))}-${mib(Math.max(...rss))})`.padEnd(25) +
            `${String(row.requests).padStart(9)}  ${(row.requests / 60).toFixed(1).padStart(6)}` +
            `  ${percentile(row.times, 0.5).toFixed(1).padStart(6)}  ${percentile(row.times, 0.95).toFixed(1).padStart(6)}` +
            `  ${String(row.c4xx).padStart(3)}  ${String(row.c5xx).padStart(3)}  ${String(row.errors).padStart(6)}`,
        );
        await where(`minute ${m}`);
      }
    }
    stop.now = true;
    await Promise.all(visitors);
    const final = exited ? null : memoryOf(shop.pid);

    // The summary.
    const at = (minute) => samples.find((sample) => sample.at === minute * 60)?.VmRSS;
    const middle = Math.ceil(MINUTES / 2);
    const after = samples.filter((sample) => sample.at >= WARM_UP_MINUTE * 60);
    const rssAfter = after.map((sample) => sample.VmRSS);
    // Least squares over the samples after the warm-up: how fast the memory still grows.
    let slope = NaN;
    if (after.length >= 3) {
      const meanT = after.reduce((sum, s) => sum + s.at, 0) / after.length;
      const meanR = after.reduce((sum, s) => sum + s.VmRSS, 0) / after.length;
      const num = after.reduce((sum, s) => sum + (s.at - meanT) * (s.VmRSS - meanR), 0);
      const den = after.reduce((sum, s) => sum + (s.at - meanT) ** 2, 0);
      slope = (num / den) * 600;
    }
    // Idle: seeded, the catalog imported, before any traffic; steady: the median after the warm-up;
    // peak: the most it ever held (VmHWM), against issue 66's budget for the database.
    const idle = samples[0].VmRSS;
    const steady = rssAfter.length ? percentile(rssAfter, 0.5) : NaN;
    const peak = final ? final.VmHWM : NaN;
    const budget = BUDGET_MIB[args.db];
    figure('soak', `${args.db}: RSS idle (before traffic)`, idle, { unit: ' MiB' });
    figure('soak', `${args.db}: RSS steady (median after the warm-up)`, steady, { unit: ' MiB' });
    figure('soak', `${args.db}: RSS peak (VmHWM)`, peak, {
      unit: ' MiB',
      atMost: budget,
      note: `${MINUTES} min, ${CONCURRENCY} visitors, every role; Node ${process.versions.node}`,
    });
    const bad = [...totals.byStatus]
      .filter(([status]) => status < 200 || status >= 400)
      .sort(([a], [b]) => a - b);
    console.log(
      `soak     ${args.db}: RSS start ${mib(samples[0].VmRSS)} MiB, warm-up (min ${WARM_UP_MINUTE}) ${mib(at(WARM_UP_MINUTE))}, ` +
        `middle (min ${middle}) ${mib(at(middle))}, end (min ${MINUTES}) ${mib(at(MINUTES))}; after warm-up min ` +
        `${rssAfter.length ? mib(Math.min(...rssAfter)) : '-'}, max ${rssAfter.length ? mib(Math.max(...rssAfter)) : '-'}, ` +
        `trend ${Number.isNaN(slope) ? '-' : `${slope >= 0 ? '+' : ''}${slope.toFixed(1)}`} MiB/10 min; ` +
        `peak (VmHWM) ${final ? mib(final.VmHWM) : '-'} MiB; ${totals.requests} requests ` +
        `(${(totals.requests / ((Date.now() - started.traffic) / 1000)).toFixed(0)}/s); ` +
        `not 2xx/3xx: ${bad.length ? bad.map(([status, count]) => `${status} x${count}`).join(', ') : 'none'}` +
        `${totals.errors ? `; ${totals.errors} failed requests or visits` : ''}`,
    );
    for (const [status] of bad) {
      for (const sample of totals.samples.get(status) ?? [])
        console.log(`soak     ${status >= 500 ? 'FINDING ' : ''}${status}: ${sample}`);
    }
    for (const sample of totals.errorSamples) console.log(`soak     error: ${sample}`);
    console.log(
      `soak     visits: ${[...totals.visits].map(([name, count]) => `${name} ${count}`).join(', ')}; ` +
        `orders placed ${totals.orders.placed}, cancelled ${totals.orders.cancelled}; ` +
        `${state.accounts} sign-ups or sign-ins`,
    );
    console.log(`soak     the server's log: ${log.mails} mails written to the outbox folder`);
    for (const [message, count] of log.byMessage)
      console.log(`soak     log x${count}: ${message.slice(0, 300)}`);
    for (const line of log.first) console.log(`soak     log: ${line}`);
    for (const line of log.stdout) console.log(`soak     stdout: ${line}`);
    for (const line of log.stderr) console.log(`soak     stderr: ${line}`);
    if (exited)
      console.log(`soak     FINDING: the server exited during the soak (${JSON.stringify(exited)})`);
    if (newestBuild() !== buildAtStart)
      console.log(
        'soak     note: dist/ changed during the soak (a build ran): the server loaded parts of two builds',
      );
  } finally {
    if (shop && !exited) {
      const gone = new Promise((resolve) => shop.once('exit', resolve));
      shop.kill('SIGTERM');
      const timer = setTimeout(() => shop.kill('SIGKILL'), 15_000);
      await gone;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
    if (database) await onServer(`drop database if exists ${database} with (force)`);
    process.removeListener('SIGINT', interrupt);
    process.removeListener('SIGTERM', interrupt);
  }
}

const began = performance.now();
await part(`soak ${args.db}`, soak);
if (printTable((performance.now() - began) / 1000) > 0) process.exitCode = 1;
