// Loads GET /api/tool on the real server (built app, real database) and on a bare Fastify route that
// answers the identical bytes from memory, with the same autocannon settings, and prints the ratio.
// Also reports how much compressed JavaScript the home page loads. Run with `npm run bench`.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';

const REAL_PORT = 4410;
const BARE_PORT = 4411;
const settings = { connections: 20, pipelining: 1, duration: Number(process.env.BENCH_SECONDS ?? 10) };

async function waitFor(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

function load(url, duration) {
  return new Promise((resolve, reject) => {
    autocannon({ url, ...settings, duration }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

async function measure(label, url) {
  await load(url, 2); // warm-up: JIT, connection pools, caches
  const result = await load(url, settings.duration);
  if (result.non2xx || result.errors)
    throw new Error(`${label}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { label, rps: result.requests.average, p99: result.latency.p99 };
}

function homePageScriptBytes() {
  const dir = 'dist/client';
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]);
  const size = (file) => statSync(join(dir, file)).size;
  // Files under the build's 1 KiB threshold are not pre-compressed: they are sent as they are.
  const sent = (file, suffix) => (existsSync(join(dir, file + suffix)) ? size(file + suffix) : size(file));
  return {
    files,
    raw: files.reduce((sum, file) => sum + size(file), 0),
    brotli: files.reduce((sum, file) => sum + sent(file, '.br'), 0),
    gzip: files.reduce((sum, file) => sum + sent(file, '.gz'), 0),
  };
}

const server = spawn('node', ['dist/server/main.js'], {
  env: {
    ...process.env,
    PORT: String(REAL_PORT),
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    PAYMENTS_TEST_MODE: 'true',
    SEED_DEMO: 'true',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const bare = Fastify();
try {
  const realUrl = `http://127.0.0.1:${REAL_PORT}/api/tool`;
  await waitFor(realUrl);
  const sample = await fetch(realUrl);
  const bytes = Buffer.from(await sample.arrayBuffer());
  const contentType = sample.headers.get('content-type');
  bare.get('/api/tool', (_request, reply) => reply.type(contentType).send(bytes));
  await bare.listen({ port: BARE_PORT, host: '127.0.0.1' });
  const bareUrl = `http://127.0.0.1:${BARE_PORT}/api/tool`;

  console.log(
    `GET /api/tool: ${bytes.length} bytes, autocannon ${settings.connections} connections, ${settings.duration} s each\n`,
  );
  const real = await measure('real server', realUrl);
  const baseline = await measure('bare Fastify', bareUrl);
  for (const row of [real, baseline]) {
    console.log(
      `${row.label.padEnd(14)} ${row.rps.toFixed(0).padStart(7)} req/s   p99 ${String(row.p99).padStart(4)} ms`,
    );
  }
  console.log(`\nratio real/bare: ${(real.rps / baseline.rps).toFixed(2)}`);

  const js = homePageScriptBytes();
  console.log(
    `home page JavaScript: ${js.files.length} files, ${(js.raw / 1024).toFixed(1)} KiB raw, ` +
      `${(js.brotli / 1024).toFixed(1)} KiB brotli, ${(js.gzip / 1024).toFixed(1)} KiB gzip`,
  );
} finally {
  server.kill('SIGTERM');
  await bare.close();
}
