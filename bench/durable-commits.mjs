// What durable commits cost the embedded database's checkout (issue 64). Since December 2026 a commit
// is on the disk before the shop answers (fsync on, db/pglite-durability.ts); before, PGlite never
// flushed, and a commit that answered could be lost with the disk or the power. Two built servers on
// fresh embedded databases, side by side in one run, rounds alternating A B A B: one in a folder on
// this machine's disk, one on tmpfs (/dev/shm), where a flush reaches no disk and costs nothing: the
// same code and statements, so the difference is the flushes, and the tmpfs figure is what a checkout
// cost when nothing was flushed. 20 customers each place an order by the spec's call and pay it by
// the test card, again and again (a checkout: four requests, two commits that flush).
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connections, median, seconds, spread, startShop, waitFor } from './support.mjs';

const CARD = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2034, cvc: '123' };

/** A customer signed up at `url`: a function that sends a request with their session. */
async function customer(url, n) {
  const account = {
    name: `Bench ${n}`,
    email: `bench-${randomUUID().slice(0, 8)}@example.com`,
    password: `bench-${randomUUID()}`,
  };
  const signedUp = await fetch(`${url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify(account),
  });
  if (!signedUp.ok) throw new Error(`sign-up: ${signedUp.status} ${await signedUp.text()}`);
  const cookie = signedUp.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  return async (method, path, body) => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', origin: url, cookie },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
}

/** One checkout: the order, the payment intent, the test card, the payment. */
async function checkout(call, toolId) {
  const { insertedId } = await call('POST', '/api/purchase', {
    toolId,
    name: 'Bench',
    address: '1 Road',
    number: '5550100',
    quantity: 100,
  });
  const { clientSecret } = await call('POST', '/api/create-payment-intent', { orderId: insertedId });
  const { transactionId } = await call('POST', '/api/payments/test/confirm', { clientSecret, ...CARD });
  await call('PATCH', `/api/purchase/${insertedId}`, { payment: { transactionId } });
}

async function round(shop) {
  const latencies = [];
  const deadline = Date.now() + seconds * 1000;
  await Promise.all(
    shop.customers.map(async (call) => {
      while (Date.now() < deadline) {
        const started = performance.now();
        await checkout(call, shop.toolId);
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { rate: latencies.length / seconds, p99: latencies[Math.floor(latencies.length * 0.99)] ?? 0 };
}

/** Runs the built admin command on the shop's folder (the shop stopped: it holds the folder's lock). */
function admin(dataDir, args) {
  const result = spawnSync('node', ['dist/server/admin.js', ...args], {
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`admin ${args.join(' ')}: ${result.stderr}`);
}

async function stop(shop) {
  shop.kill('SIGTERM');
  await new Promise((resolve) => shop.on('exit', resolve));
}

/**
 * A shop on a new embedded database in `folder`, with a product stocked for every checkout of the run
 * (the demo catalog's stock runs out in seconds): an admin signs up, is granted the role by the admin
 * command while the shop is stopped, and adds it. Then the customers sign up.
 */
async function startOn(folder, port, running) {
  const url = `http://127.0.0.1:${port}`;
  const env = { DATA_DIR: join(folder, 'data'), SEED_DEMO: 'false', PUBLIC_URL: url };
  let shop = startShop(port, env);
  running.add(shop);
  await waitFor(`${url}/api/readyz`);
  const owner = {
    name: 'Bench Owner',
    email: `owner-${randomUUID().slice(0, 8)}@example.com`,
    password: `bench-${randomUUID()}`,
  };
  const auth = (path, body) =>
    fetch(`${url}/api/auth/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify(body),
    });
  if (!(await auth('sign-up/email', owner)).ok) throw new Error('the owner could not sign up');
  await stop(shop);
  running.delete(shop);
  admin(env.DATA_DIR, ['grant', owner.email]);
  shop = startShop(port, env);
  running.add(shop);
  await waitFor(`${url}/api/readyz`);
  const signedIn = await auth('sign-in/email', { email: owner.email, password: owner.password });
  const cookie = signedIn.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  const added = await fetch(`${url}/api/addproduct`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url, cookie },
    body: JSON.stringify({
      sku: 'BENCH-DURABLE',
      category: 'Bench',
      name: 'Bench Drill',
      img: '/images/tools/cordless-drill.svg',
      dis: 'For the bench',
      min_order: 100,
      available: 10_000_000,
      price: 64.5,
    }),
  });
  if (added.status !== 201) throw new Error(`adding the product: ${added.status} ${await added.text()}`);
  const { insertedId } = await added.json();
  const customers = [];
  for (let n = 0; n < connections; n += 1) customers.push(await customer(url, n));
  return { url, process: shop, customers, toolId: insertedId };
}

export async function benchDurableCommits() {
  if (!existsSync('/dev/shm')) {
    console.log('durable  skipped: no /dev/shm for the control');
    return;
  }
  const folders = {
    disk: mkdtempSync(join(tmpdir(), 'toolshop-durable-')),
    tmpfs: mkdtempSync('/dev/shm/toolshop-durable-'),
  };
  const shops = {};
  const running = new Set();
  try {
    shops.disk = await startOn(folders.disk, 4495, running);
    shops.tmpfs = await startOn(folders.tmpfs, 4496, running);
    await round(shops.disk); // warm-up (JIT, caches)
    await round(shops.tmpfs);
    const rounds = { disk: [], tmpfs: [] };
    for (let n = 0; n < 2; n += 1) {
      rounds.disk.push(await round(shops.disk));
      rounds.tmpfs.push(await round(shops.tmpfs));
    }
    const rate = (side) => median(rounds[side].map((r) => r.rate));
    const p99 = (side) => median(rounds[side].map((r) => r.p99));
    console.log(
      `durable  embedded checkout (order + card payment), ${connections} customers: flushed to disk ${rate('disk').toFixed(1)}/s ` +
        `(${spread(rounds.disk.map((r) => r.rate))}, p99 ${p99('disk').toFixed(0)} ms); unflushed as before December ` +
        `(tmpfs) ${rate('tmpfs').toFixed(1)}/s (${spread(rounds.tmpfs.map((r) => r.rate))}, p99 ${p99('tmpfs').toFixed(0)} ms); ` +
        `durable commits cost ${((1 - rate('disk') / rate('tmpfs')) * 100).toFixed(0)} % of the rate, ` +
        `${(p99('disk') - p99('tmpfs')).toFixed(0)} ms of the p99`,
    );
  } finally {
    for (const shop of running) await stop(shop);
    for (const folder of Object.values(folders)) rmSync(folder, { recursive: true, force: true });
  }
}
