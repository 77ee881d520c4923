// Shared pieces of the benchmark suite: starting the built server, waiting for it, loading with autocannon.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import autocannon from 'autocannon';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const connections = 20;
export const seconds = Number(process.env.BENCH_SECONDS ?? 8);

/** The built server as its own process, with the environment the bench needs. */
export function startShop(port, env) {
  return spawn('node', ['dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      PAYMENTS_TEST_MODE: 'true',
      RATE_LIMIT_SCALE: '100000',
      MAX_UNPAID_ORDERS: '1000000',
      ...env,
    },
    stdio: ['ignore', process.env.BENCH_LOG_LEVEL ? 'inherit' : 'ignore', 'inherit'],
  });
}

export async function waitFor(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** The exact bytes and headers a browser asking for brotli gets (fetch would decompress them). */
export function rawGet(url, headers) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

export function load(options) {
  return new Promise((resolve, reject) => {
    autocannon({ connections, pipelining: 1, duration: seconds, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
export const spread = (values) => `${Math.min(...values).toFixed(0)}-${Math.max(...values).toFixed(0)}`;

/**
 * A server-rendered page's loader (web/page-document.ts): its address, the app's entry and the chunks
 * it starts; null on a page the browser renders, which names its scripts itself.
 */
export function pageLoader(html) {
  const loader = /<script src="([^"]+)" defer data-entry="([^"]+)" data-preload="([^"]*)"/.exec(html);
  return loader ? { src: loader[1], entry: loader[2], chunks: loader[3].split(' ').filter(Boolean) } : null;
}

/**
 * The home page's script as the server sends it to a browser that takes brotli: the page's own script
 * tags (on a server-rendered page, the loader and the chunks it starts) fetched from the running shop
 * at `baseUrl`, bodies and headers counted apart. Scripts a page loads later, on a click, are not in it;
 * `npm run bench:web` also prints what Lighthouse saw the browser fetch.
 */
export async function homePageScript(baseUrl) {
  const html = (await rawGet(`${baseUrl}/`, {})).body.toString('utf8');
  const loader = pageLoader(html);
  const files = loader
    ? [loader.src, loader.entry, ...loader.chunks]
    : [...html.matchAll(/<(?:script[^>]*\ssrc|link rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g)].map(
        (match) => match[1],
      );
  let raw = 0;
  let brotli = 0;
  let headers = 0;
  for (const file of files) {
    const sent = await rawGet(`${baseUrl}${file}`, { 'accept-encoding': 'br' });
    if (sent.status !== 200) throw new Error(`${file} answered ${sent.status}`);
    const plain = await rawGet(`${baseUrl}${file}`, {});
    raw += plain.body.length;
    brotli += sent.body.length;
    headers += Object.entries(sent.headers).reduce(
      (sum, [name, value]) => sum + name.length + String(value).length + 4,
      17,
    );
  }
  const kib = (bytes) => (bytes / 1024).toFixed(1);
  console.log(
    `js       home page: ${files.length} files, ${kib(brotli)} KiB brotli (${kib(brotli + headers)} KiB with ` +
      `their headers), ${kib(raw)} KiB raw`,
  );
}

/** The built shop on a new embedded database with the demo catalog, for `fn(baseUrl)`; removed after. */
export async function withDemoShop(port, fn) {
  const dataDir = mkdtempSync(join(tmpdir(), 'toolshop-bench-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const shop = startShop(port, { DATA_DIR: dataDir, SEED_DEMO: 'true', PUBLIC_URL: baseUrl });
  try {
    await waitFor(`${baseUrl}/api/readyz`);
    return await fn(baseUrl);
  } finally {
    shop.kill('SIGTERM');
    await new Promise((resolve) => shop.on('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * `n` customers of the shop at `url`, signed up through its API with their addresses confirmed (as if
 * the mailed links were followed), each with a fresh session: their ids and session cookies.
 */
export async function signedInCustomers(url, pool, n) {
  const accounts = [];
  for (let i = 0; i < n; i += 1) {
    const account = {
      name: `Bench ${i}`,
      email: `bench-${randomUUID().slice(0, 8)}@example.com`,
      password: `bench-${randomUUID()}`,
    };
    const response = await fetch(`${url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url, 'x-forwarded-for': `10.9.0.${i}` },
      body: JSON.stringify(account),
    });
    if (!response.ok) throw new Error(`sign-up: ${response.status} ${await response.text()}`);
    accounts.push({ ...account, id: (await response.json()).user.id });
  }
  const userIds = accounts.map((account) => account.id);
  await pool.query('update users set email_verified = true where id = any($1)', [userIds]);
  const cookies = [];
  for (const [i, account] of accounts.entries()) {
    const response = await fetch(`${url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url, 'x-forwarded-for': `10.9.1.${i}` },
      body: JSON.stringify({ email: account.email, password: account.password }),
    });
    if (!response.ok) throw new Error(`sign-in: ${response.status} ${await response.text()}`);
    cookies.push(
      response.headers
        .getSetCookie()
        .map((cookie) => cookie.split(';')[0])
        .join('; '),
    );
  }
  return { userIds, cookies };
}

/** An admin's session cookie for the shop at `url`: signed up through its API, made admin in the database, signed in. */
export async function adminCookie(url, pool) {
  const account = {
    name: 'Bench Admin',
    email: `admin-${randomUUID().slice(0, 8)}@example.com`,
    password: `bench-${randomUUID()}`,
  };
  const auth = (path, body) =>
    fetch(`${url}/api/auth/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify(body),
    });
  const signedUp = await auth('sign-up/email', account);
  if (!signedUp.ok) throw new Error(`sign-up: ${signedUp.status} ${await signedUp.text()}`);
  await pool.query(`update users set role = 'admin', email_verified = true where email = $1`, [
    account.email,
  ]);
  const signedIn = await auth('sign-in/email', { email: account.email, password: account.password });
  if (!signedIn.ok) throw new Error(`sign-in: ${signedIn.status}`);
  return signedIn.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}
