import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';

const INDEX = '<!doctype html><title>shop</title><div id="root"></div>';
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(2000))});`;
let clientDir: string;
let ctx: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'toolshop-client-'));
  mkdirSync(join(clientDir, 'assets'));
  writeFileSync(join(clientDir, 'index.html'), INDEX);
  writeFileSync(join(clientDir, 'assets', 'index-abc123.js'), SCRIPT);
  writeFileSync(join(clientDir, 'assets', 'index-abc123.js.br'), brotliCompressSync(SCRIPT));
  const map = '{"version":3,"sources":["secret.ts"]}';
  writeFileSync(join(clientDir, 'assets', 'index-abc123.js.map'), map);
  // Builds before this change left compressed copies of the maps beside them.
  writeFileSync(join(clientDir, 'assets', 'index-abc123.js.map.br'), brotliCompressSync(map));
  writeFileSync(join(clientDir, 'assets', 'index-abc123.js.map.gz'), gzipSync(map));
  ctx = await createTestApp({ clientDir });
});
afterAll(async () => {
  await ctx.app.close();
  rmSync(clientDir, { recursive: true, force: true });
});

describe('serving the pages', () => {
  it.each(['.map', '.map.br', '.map.gz'])(
    'does not serve source maps (%s), compressed or not',
    async (ending) => {
      for (const encoding of ['br', 'gzip', 'identity']) {
        const response = await ctx.app.inject({
          method: 'GET',
          url: `/assets/index-abc123.js${ending}`,
          headers: { 'accept-encoding': encoding },
        });
        expect(response.statusCode).toBe(404);
        expect(response.rawPayload.includes('secret')).toBe(false);
      }
    },
  );

  it.each(['/', '/home', '/dashboard/myOrder', '/buyNow/5f0c4a3e-8a1b-4c2d-9e3f-0a1b2c3d4e5f'])(
    'answers the app for %s so a reload of a deep link works',
    async (url) => {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(INDEX);
    },
  );

  it('serves hashed assets pre-compressed with immutable caching', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toBe('accept-encoding');
    const plain = await ctx.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    expect(plain.headers.vary).toBe('accept-encoding');
  });

  it('answers 404 for a missing file instead of the app', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/assets/gone-123.js' });
    expect(response.statusCode).toBe(404);
  });

  it('serves the shop images', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/images/logo.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/image\/svg\+xml/);
  });
});

describe('without a built client', () => {
  it('explains how to build the pages', async () => {
    const bare = await createTestApp();
    try {
      const response = await bare.app.inject({ method: 'GET', url: '/shop' });
      expect(response.statusCode).toBe(503);
      expect(response.body).toContain('npm run build');
    } finally {
      await bare.app.close();
    }
  });
});
