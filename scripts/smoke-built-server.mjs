// The built shop as production runs it (`npm run build`, then `npm start`): one fresh process on a new
// embedded database with the demo catalog, asked first for every public page (the home page, the shop,
// every product the sitemap lists, the sign-in pages, a path no page has), then for the API a company's
// ERP integrator and an operator read: /api/docs, /api/healthz, /api/readyz and /metrics. The order
// matters: the page renderer (dist/ssr) is loaded by the first page, and once broke the API's
// documentation for every later caller (`Duplicate schema id "Tool"`), which no test saw because each
// built a fresh app or asked for the documents first. Exits 0 when every answer is right; prints each.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const STARTUP_MS = 120_000;

async function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const port = await freePort();
const dataDir = mkdtempSync(join(tmpdir(), 'toolshop-smoke-'));
const metricsToken = 'smoke-test-metrics-token-0123456789';
const child = spawn('npm', ['start', '--silent'], {
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    METRICS_TOKEN: metricsToken,
  },
  stdio: ['ignore', 'pipe', 'pipe'],
  detached: true,
});
let output = '';
child.stdout.on('data', (chunk) => (output += chunk));
child.stderr.on('data', (chunk) => (output += chunk));

const results = [];
function expectThat(label, ok, detail = '') {
  results.push({ label, ok });
  console.log(`${ok ? '  ok  ' : '  FAIL'} ${label}${ok || !detail ? '' : `: ${detail}`}`);
}

async function stop() {
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    // already gone
  }
  await new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
      resolve();
    }, 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  rmSync(dataDir, { recursive: true, force: true });
}

try {
  const deadline = Date.now() + STARTUP_MS;
  while (!/Tool shop is running at/.test(output)) {
    if (child.exitCode !== null) throw new Error(`npm start exited ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) throw new Error(`npm start did not say it was running:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const base = `http://127.0.0.1:${port}`;
  const get = (path, headers = {}) => fetch(`${base}${path}`, { headers, redirect: 'manual' });

  // Pages first, each server-rendered with its data.
  const sitemap = await (await get('/sitemap.xml')).text();
  const products = [...sitemap.matchAll(/<loc>[^<]*?(\/tools\/[^<]+)<\/loc>/g)].map((match) => match[1]);
  expectThat(`the sitemap lists the demo's products (${products.length})`, products.length >= 10);
  const pages = ['/', '/home', '/shop', '/portfolio', '/blogs', '/compare', ...products];
  for (const path of pages) {
    const response = await get(path, { accept: 'text/html' });
    const html = await response.text();
    expectThat(
      `GET ${path}: 200, rendered with its data`,
      response.status === 200 && html.includes('id="server-data"'),
      `${response.status} ${html.slice(0, 200)}`,
    );
  }
  for (const path of ['/login', '/register', '/cart']) {
    const response = await get(path, { accept: 'text/html' });
    expectThat(`GET ${path}: 200`, response.status === 200, String(response.status));
  }
  const missing = await get('/no-such-page', { accept: 'text/html' });
  expectThat(
    'GET /no-such-page: 404 with the not-found page',
    missing.status === 404,
    String(missing.status),
  );

  // Then the API, after the page renderer has been loaded.
  const docs = await get('/api/docs');
  const document = docs.status === 200 ? await docs.json() : await docs.text();
  expectThat(
    'GET /api/docs: 200, an OpenAPI document naming the shared schemas',
    docs.status === 200 && Boolean(document.openapi) && Boolean(document.components?.schemas?.Tool),
    `${docs.status} ${typeof document === 'string' ? document.slice(0, 300) : ''}`,
  );
  for (const path of ['/api/healthz', '/api/readyz']) {
    const response = await get(path);
    expectThat(`GET ${path}: 200`, response.status === 200, `${response.status} ${await response.text()}`);
  }
  const metrics = await get('/metrics', { authorization: `Bearer ${metricsToken}` });
  const text = await metrics.text();
  expectThat(
    'GET /metrics: 200, Prometheus text counting the requests above',
    metrics.status === 200 && /http_requests_total|# TYPE/.test(text),
    `${metrics.status} ${text.slice(0, 200)}`,
  );
  expectThat('the server logged no error', !/"level":(50|60)/.test(output), output.slice(-2000));
} catch (error) {
  expectThat('the built server started and answered', false, error.message);
} finally {
  await stop();
}

const failed = results.filter((result) => !result.ok).length;
console.log(`\nsmoke test of the built server: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
