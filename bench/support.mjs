// Shared pieces of the benchmark suite: starting the built server, waiting for it, loading with autocannon.
import { spawn } from 'node:child_process';
import http from 'node:http';
import autocannon from 'autocannon';
import { existsSync, readFileSync, statSync } from 'node:fs';
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
    stdio: ['ignore', 'ignore', 'inherit'],
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

/** The home page's JavaScript as the server sends it (raw, brotli, gzip), from the built index.html. */
export function homePageScript() {
  const dir = 'dist/client';
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]);
  const size = (file) => statSync(join(dir, file)).size;
  // What the server sends: the pre-compressed copy when there is one, else the file itself.
  const sent = (file, suffix) => (existsSync(join(dir, file + suffix)) ? size(file + suffix) : size(file));
  const total = (suffix) => files.reduce((sum, file) => sum + (suffix ? sent(file, suffix) : size(file)), 0);
  console.log(
    `js       home page: ${files.length} files, ${(total('') / 1024).toFixed(1)} KiB raw, ` +
      `${(total('.br') / 1024).toFixed(1)} KiB brotli, ${(total('.gz') / 1024).toFixed(1)} KiB gzip`,
  );
}
