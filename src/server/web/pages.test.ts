import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPageRenderer } from '../../client/entry-server';
import { createTestApp } from '../test/test-app';
import { BOOT_SCRIPT, BOOT_SCRIPT_PATH, serverRenderedShell } from './page-document';

const INDEX = `<!doctype html><html lang="en"><head><meta name="description" content="x" /><title>Shop</title></head><body><div id="root"></div></body></html>`;

describe('a page the server cannot render whole', () => {
  it('is not rendered when one of its reads fails, so the browser renders it and shows the failure', async () => {
    const calls: string[] = [];
    const loadPage = createPageRenderer(async (url) => {
      calls.push(url);
      return url === '/api/review'
        ? new Response(JSON.stringify({ error: { code: 'INTERNAL', message: 'down' } }), { status: 500 })
        : new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } });
    });
    expect(await loadPage(new URL('http://shop.test/'))).toBeNull();
    // Each read is asked once: the browser retries, not the server.
    expect(calls.filter((url) => url === '/api/review')).toHaveLength(1);
  });

  describe('when the renderer fails', () => {
    let clientDir: string;
    let ctx: Awaited<ReturnType<typeof createTestApp>>;
    beforeAll(async () => {
      clientDir = mkdtempSync(join(tmpdir(), 'toolshop-pages-'));
      writeFileSync(join(clientDir, 'index.html'), INDEX);
      ctx = await createTestApp({
        clientDir,
        loadPageRenderer: async () => ({
          createPageRenderer: () => () => Promise.reject(new Error('the renderer broke')),
        }),
      });
    });
    afterAll(async () => {
      await ctx.app.close();
      rmSync(clientDir, { recursive: true, force: true });
    });

    it('sends the shell when the page itself fails to render', async () => {
      const clientDir2 = mkdtempSync(join(tmpdir(), 'toolshop-pages-'));
      writeFileSync(join(clientDir2, 'index.html'), INDEX);
      const broken = await createTestApp({
        clientDir: clientDir2,
        loadPageRenderer: async () => ({
          createPageRenderer: () => async () => ({
            status: 200,
            data: { router: { loaderData: {} }, queries: { queries: [] } },
            render: () => {
              throw new Error('a component threw');
            },
          }),
        }),
      });
      try {
        const home = await broken.app.inject({ method: 'GET', url: '/' });
        expect(home.statusCode).toBe(200);
        expect(home.body).toBe(INDEX);
        expect(home.headers.etag).toBeUndefined();
      } finally {
        await broken.app.close();
        rmSync(clientDir2, { recursive: true, force: true });
      }
    });

    it('sends the shell with the status the path has, and nothing cached', async () => {
      const home = await ctx.app.inject({ method: 'GET', url: '/' });
      expect(home.statusCode).toBe(200);
      expect(home.body).toBe(INDEX);
      expect(home.headers.etag).toBeUndefined();
      const missing = await ctx.app.inject({ method: 'GET', url: '/nowhere' });
      expect(missing.statusCode).toBe(404);
      expect(missing.body).toBe(INDEX);
    });
  });
});

describe("a server-rendered page's head", () => {
  it('has the stylesheet first, and a loader that asks for the app once the page has painted', () => {
    const built = `<head><title>Shop</title>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-2.js">
    <link rel="modulepreload" crossorigin href="/assets/query-3.js">
    <link rel="stylesheet" crossorigin href="/assets/index-4.css">
  </head>`;
    const shell = serverRenderedShell(built);
    expect(shell).toBe(
      `<head><title>Shop</title><link rel="stylesheet" crossorigin href="/assets/index-4.css"><script src="${BOOT_SCRIPT_PATH}" defer data-entry="/assets/index-1.js" data-preload="/assets/react-2.js /assets/query-3.js"></script>\n    </head>`,
    );
  });

  it('serves the loader for good under a name of its content', async () => {
    const clientDir = mkdtempSync(join(tmpdir(), 'toolshop-boot-'));
    writeFileSync(join(clientDir, 'index.html'), INDEX);
    const ctx = await createTestApp({ clientDir });
    try {
      const response = await ctx.app.inject({ method: 'GET', url: BOOT_SCRIPT_PATH });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.body).toBe(BOOT_SCRIPT);
    } finally {
      await ctx.app.close();
      rmSync(clientDir, { recursive: true, force: true });
    }
  });
});
