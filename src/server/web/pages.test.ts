import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPageRenderer } from '../../client/entry-server';
import { createTestApp } from '../test/test-app';
import { BOOT_SCRIPT, BOOT_SCRIPT_PATH, serverRenderedShell } from './page-document';
import type { PageRendererModule } from './pages';

const INDEX = `<!doctype html><html lang="en"><head><meta name="description" content="x" /><title>Shop</title></head><body><div id="root"></div></body></html>`;

/** Runs `use` against a shop whose built page is INDEX and whose renderer is `renderer`. */
async function withShop(
  renderer: PageRendererModule | null,
  use: (ctx: Awaited<ReturnType<typeof createTestApp>>) => Promise<void>,
) {
  const clientDir = mkdtempSync(join(tmpdir(), 'toolshop-pages-'));
  writeFileSync(join(clientDir, 'index.html'), INDEX);
  const ctx = await createTestApp({ clientDir, loadPageRenderer: async () => renderer });
  try {
    await use(ctx);
  } finally {
    await ctx.app.close();
    rmSync(clientDir, { recursive: true, force: true });
  }
}

describe('a page the server cannot render whole', () => {
  it('is not rendered when one of its reads fails, so the browser renders it and shows the failure', async () => {
    const calls: string[] = [];
    const loadPage = createPageRenderer(async (url) => {
      calls.push(url);
      return url.startsWith('/api/review')
        ? new Response(JSON.stringify({ error: { code: 'INTERNAL', message: 'down' } }), { status: 500 })
        : new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } });
    });
    expect(await loadPage(new URL('http://shop.test/'))).toBeNull();
    // Each read is asked once: the browser retries, not the server.
    expect(calls.filter((url) => url.startsWith('/api/review'))).toHaveLength(1);
  });

  it('sends the shell when the page itself fails to render', async () => {
    const throwing: PageRendererModule = {
      createPageRenderer: () => async () => ({
        status: 200,
        data: { router: { loaderData: {} }, queries: { queries: [] } },
        render: () => {
          throw new Error('a component threw');
        },
      }),
    };
    await withShop(throwing, async ({ app }) => {
      const home = await app.inject({ method: 'GET', url: '/' });
      expect(home.statusCode).toBe(200);
      expect(home.body).toBe(INDEX);
      expect(home.headers.etag).toBeUndefined();
    });
  });

  it('sends the shell with the status the path has, and nothing cached, when the renderer fails', async () => {
    const failing: PageRendererModule = {
      createPageRenderer: () => () => Promise.reject(new Error('the renderer broke')),
    };
    await withShop(failing, async ({ app }) => {
      const home = await app.inject({ method: 'GET', url: '/' });
      expect(home.statusCode).toBe(200);
      expect(home.body).toBe(INDEX);
      expect(home.headers.etag).toBeUndefined();
      const missing = await app.inject({ method: 'GET', url: '/nowhere' });
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
    expect(serverRenderedShell(built)).toBe(
      `<head><title>Shop</title><link rel="stylesheet" crossorigin href="/assets/index-4.css"><script src="${BOOT_SCRIPT_PATH}" defer data-entry="/assets/index-1.js" data-preload="/assets/react-2.js /assets/query-3.js"></script>\n    </head>`,
    );
  });

  it('serves the loader for good under a name of its content', async () => {
    await withShop(null, async ({ app }) => {
      const response = await app.inject({ method: 'GET', url: BOOT_SCRIPT_PATH });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.body).toBe(BOOT_SCRIPT);
    });
  });
});
