import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertReview, insertTool } from '../test/factories';
import { createTestApp, renderFromSource } from '../test/test-app';
import { eq } from 'drizzle-orm';
import { countProducts } from '../records/products.repository';
import { products } from '../db/schema';
import { sitemapParts } from './sitemap';

// The built index.html's shape: the server fills its head and #root for product pages.
const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="The shop's own description." />
    <title>Forgeline Tools: bulk tools from the manufacturer</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

let clientDir: string;
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let tool: Awaited<ReturnType<typeof insertTool>>;

beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'toolshop-seo-'));
  writeFileSync(join(clientDir, 'index.html'), INDEX);
  ctx = await createTestApp({
    clientDir,
    sitemapMaxUrls: 5,
    env: { PUBLIC_URL: 'https://shop.example' },
    loadPageRenderer: renderFromSource,
  });
  tool = await insertTool(ctx.db, {
    sku: 'SEO-100',
    name: 'Torque Wrench <Pro> & "Co"',
    description: 'Calibrated to ±4 %.</script><script>alert(1)</script>',
    imageUrl: '/images/tools/claw-hammer.svg',
    minOrder: 100,
    available: 5000,
    priceTiers: [
      { minQuantity: 100, priceCents: 2450 },
      { minQuantity: 1000, priceCents: 2100 },
    ],
    category: 'Wrenches',
  });
});
afterAll(async () => {
  await ctx.app.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers });

/** What the server rendered inside #root. */
function rootOf(html: string): string {
  return (
    html.match(/<div id="root">(.*)<\/div><script type="application\/json" id="server-data">/s)?.[1] ?? ''
  );
}

/** The data a server-rendered page carries for the browser. */
function serverData(html: string) {
  const json = html.match(/<script type="application\/json" id="server-data">(.*?)<\/script>/s)?.[1];
  return JSON.parse(json ?? 'null') as {
    queries: { queries: { queryKey: unknown[]; state: { data: unknown } }[] };
    router: { loaderData: Record<string, unknown> };
  };
}

/** The reviews the home page's loader read, as its HTML carries them for the browser. */
function homeReviews(html: string): { name: string }[] {
  const home = Object.values(serverData(html).router.loaderData).find(
    (data): data is { reviews: { data: { name: string }[] } } =>
      typeof data === 'object' && data !== null && 'reviews' in data,
  );
  return home?.reviews.data ?? [];
}

/** The JSON-LD blocks of a page, parsed. */
function jsonLd(html: string): unknown[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (match) => JSON.parse(match[1] ?? 'null') as unknown,
  );
}

describe('a product page for search engines (/tools/{id})', () => {
  it('has the product, its title, canonical address, Open Graph tags and JSON-LD in the HTML', async () => {
    const response = await get(`/tools/${tool.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = response.body;
    // Without any script: the page as React renders it, with the name, SKU, category, stock, price
    // breaks and a Buy Now link.
    const root = rootOf(html);
    expect(root).toContain('<h1 class="h2">Torque Wrench &lt;Pro&gt; &amp; &quot;Co&quot;</h1>');
    expect(root).toContain('<dt>SKU</dt><dd><span class="font-monospace">SEO-100</span></dd>');
    expect(root).toContain('<a href="/shop?category=wrenches" data-discover="true">Wrenches</a>');
    expect(root).toContain('<span class="badge text-bg-success">In stock</span>');
    expect(root).toContain('<tr><td>100–999</td><td>$24.50</td><td>—</td></tr>');
    expect(root).toContain('<tr><td>1,000+</td><td>$21.00</td><td>14%</td></tr>');
    expect(root).toContain(`href="/buyNow/${tool.id}"`);
    // The browser takes the page over with the product the server read, without asking again.
    expect(serverData(html).queries.queries.map((query) => query.queryKey)).toContainEqual([
      'tools',
      tool.id,
    ]);
    expect(html).toContain(
      '<title>Torque Wrench &#60;Pro&#62; &#38; &#34;Co&#34; (SEO-100) · Forgeline Tools</title>',
    );
    expect(html).toContain(`<link rel="canonical" href="https://shop.example/tools/${tool.id}" />`);
    expect(html).toContain('<meta property="og:type" content="product" />');
    expect(html).toContain(
      '<meta property="og:image" content="https://shop.example/images/tools/claw-hammer.svg" />',
    );
    // The description's markup stays text: nothing closes the JSON-LD or opens a script.
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(jsonLd(html)).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: 'Torque Wrench <Pro> & "Co"',
        sku: 'SEO-100',
        description: 'Calibrated to ±4 %.</script><script>alert(1)</script>',
        image: 'https://shop.example/images/tools/claw-hammer.svg',
        category: 'Wrenches',
        url: `https://shop.example/tools/${tool.id}`,
        offers: {
          '@type': 'AggregateOffer',
          priceCurrency: 'USD',
          lowPrice: '21.00',
          highPrice: '24.50',
          offerCount: 2,
          availability: 'https://schema.org/InStock',
          offers: [
            {
              '@type': 'Offer',
              price: '24.50',
              priceCurrency: 'USD',
              url: `https://shop.example/tools/${tool.id}`,
              eligibleQuantity: { '@type': 'QuantitativeValue', minValue: 100, unitCode: 'C62' },
            },
            {
              '@type': 'Offer',
              price: '21.00',
              priceCurrency: 'USD',
              url: `https://shop.example/tools/${tool.id}`,
              eligibleQuantity: { '@type': 'QuantitativeValue', minValue: 1000, unitCode: 'C62' },
            },
          ],
        },
      },
    ]);
  });

  it('is cacheable: an ETag per version, 304 when unchanged, a new one after an edit', async () => {
    const first = await get(`/tools/${tool.id}`);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect((await get(`/tools/${tool.id}`, { 'if-none-match': etag })).statusCode).toBe(304);
    await ctx.db.update(products).set({ available: 4000 }).where(eq(products.id, tool.id));
    const edited = await get(`/tools/${tool.id}`, { 'if-none-match': etag });
    expect(edited.statusCode).toBe(200);
    expect(edited.headers.etag).not.toBe(etag);
    expect(rootOf(edited.body)).toContain('<span>4,000<!-- --> units</span>');
  });

  it('answers 404 with the not-found page for an unknown or malformed id', async () => {
    for (const id of ['5f0c4a3e-8a1b-4c2d-9e3f-0a1b2c3d4e5f', 'not-an-id']) {
      const response = await get(`/tools/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain('<title>Page not found · Forgeline Tools</title>');
      expect(rootOf(response.body)).toContain('alt="Page not found (404)"');
      expect(jsonLd(response.body)).toEqual([]);
    }
  });
});

describe('status of the pages', () => {
  it.each(['/', '/home', '/shop', '/blogs', '/portfolio', '/login', '/dashboard', '/dashboard/myOrder'])(
    '%s is a page (200)',
    async (url) => {
      expect((await get(url)).statusCode).toBe(200);
    },
  );

  it.each(['/nowhere', '/shop/extra', '/tools', '/dashboardx'])(
    '%s answers 404 with the not-found page',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(rootOf(response.body)).toContain('<h1 class="visually-hidden">Page not found</h1>');
    },
  );

  it('a path that looks like another site (//elsewhere.example/shop) is a path with no page', async () => {
    const response = await get('//elsewhere.example/shop');
    expect(response.statusCode).toBe(404);
    expect(rootOf(response.body)).toContain('<h1 class="visually-hidden">Page not found</h1>');
  });

  it('keeps one rendered not-found page, and one home page whatever its query', async () => {
    const etagOf = async (url: string) => String((await get(url)).headers.etag);
    expect(await etagOf('/nowhere')).toBe(await etagOf('/somewhere/else'));
    expect(await etagOf('/?utm_source=mail')).toBe(await etagOf('/'));
    expect(await etagOf('/shop?q=vise')).not.toBe(await etagOf('/shop'));
  });

  it.each(['/login', '/register', '/dashboard', '/dashboard/myOrder', '/buyNow/x'])(
    '%s (signed in or signing in) is the shell, rendered in the browser',
    async (url) => {
      expect((await get(url)).body).toBe(INDEX);
    },
  );
});

describe('the public pages, rendered with their data', () => {
  it('the home page has its products and reviews, and asks for its first carousel picture at once', async () => {
    await insertReview(ctx.db, { name: 'Rita Reviewer', text: 'Arrived on the pallet as promised.' });
    for (const url of ['/', '/home']) {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      // Right after the title: before the stylesheet and the scripts.
      expect(response.body).toContain(
        '</title><link rel="preload" as="image" href="/images/carousel/slide-1.svg" fetchpriority="high" />',
      );
      const root = rootOf(response.body);
      expect(root).toContain('World Leader in Tools');
      expect(root).toContain('Torque Wrench &lt;Pro&gt; &amp; &quot;Co&quot;');
      expect(root).toContain('Arrived on the pallet as promised.');
      expect(response.body).toContain('<title>Forgeline Tools: bulk tools from the manufacturer</title>');
    }
  });

  it("keeps a review's text as text, whatever it holds (no `$'` or `$&` pasted into the page)", async () => {
    const text = 'Paid $` then $\' and $& and $$ for <b>50</b> & saved "20%"';
    await insertReview(ctx.db, { name: 'Dollar Dan', text });
    const html = (await get('/')).body;
    expect(html.match(/<div id="root">/g)).toHaveLength(1);
    expect(html.match(/id="server-data"/g)).toHaveLength(1);
    expect(rootOf(html)).toContain(
      'Paid $` then $&#x27; and $&amp; and $$ for &lt;b&gt;50&lt;/b&gt; &amp; saved &quot;20%&quot;',
    );
    expect(JSON.stringify(homeReviews(html))).toContain(JSON.stringify(text).slice(1, -1));
  });

  it('carries the six reviews it shows, however many there are', async () => {
    for (let n = 0; n < 9; n += 1) {
      await insertReview(ctx.db, { name: `Many ${n}`, createdAt: new Date(Date.now() + (n + 1) * 60_000) });
    }
    const html = (await get('/')).body;
    const names = homeReviews(html).map((review) => review.name);
    expect(names).toEqual(['Many 8', 'Many 7', 'Many 6', 'Many 5', 'Many 4', 'Many 3']);
    expect(rootOf(html)).not.toContain('Many 2');
  });

  it('/shop renders the search its address asks for', async () => {
    await insertTool(ctx.db, { name: 'Bench Vise 6in', sku: 'VISE-6' });
    const all = rootOf((await get('/shop')).body);
    expect(all).toContain('Bench Vise 6in');
    expect(all).toContain('Torque Wrench');
    const searched = await get('/shop?q=vise');
    expect(searched.body).toContain('<title>Search “vise” · Shop · Forgeline Tools</title>');
    const root = rootOf(searched.body);
    expect(root).toContain('Bench Vise 6in');
    expect(root).not.toContain('Torque Wrench');
    expect(root).toMatch(/Showing <!-- -->1<!-- --> of <!-- -->1<!-- --> <!-- -->product/);
  });

  it.each([
    ['/portfolio', 'Portfolio · Forgeline Tools'],
    ['/blogs', 'Blogs · Forgeline Tools'],
  ])('%s has its own title and content', async (url, title) => {
    const response = await get(url);
    expect(response.body).toContain(`<title>${title}</title>`);
    expect(rootOf(response.body)).toContain('<h1');
  });

  it('is revalidated by an ETag of the page and its data: 304 until the catalog changes', async () => {
    const first = await get('/shop');
    const etag = String(first.headers.etag);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect((await get('/shop', { 'if-none-match': etag })).statusCode).toBe(304);
    expect((await get('/shop?q=vise')).headers.etag).not.toBe(etag);
    await insertTool(ctx.db, { name: 'Pipe Clamp' });
    const changed = await get('/shop', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(rootOf(changed.body)).toContain('Pipe Clamp');
  });
});

describe('robots.txt and the sitemap', () => {
  it('robots.txt lets the public pages be read and points at the sitemap', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Disallow: /dashboard');
    // An invitation link carries its token: never crawled.
    expect(response.body).toContain('Disallow: /invitations/');
    expect(response.body).toContain('Sitemap: https://shop.example/sitemap.xml');
  });

  it('lists every public page and product, split into an index of parts beyond the limit', async () => {
    // 4 public pages and the products the tests above made; with parts of 5 addresses, more than one.
    const products = await countProducts(ctx.db);
    expect(sitemapParts(4 + products, 5)).toBe(Math.ceil((4 + products) / 5));
    expect(products).toBeGreaterThan(1);
    const index = await get('/sitemap.xml');
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const parts = [...index.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(parts).toEqual(
      Array.from(
        { length: sitemapParts(4 + products, 5) },
        (_, n) => `https://shop.example/sitemaps/${n + 1}.xml`,
      ),
    );

    const urls: string[] = [];
    for (const part of parts) {
      const response = await get(new URL(part ?? '').pathname);
      expect(response.statusCode).toBe(200);
      expect(response.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset')).toBe(true);
      urls.push(...[...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? ''));
    }
    expect(urls.slice(0, 4)).toEqual([
      'https://shop.example/',
      'https://shop.example/shop',
      'https://shop.example/portfolio',
      'https://shop.example/blogs',
    ]);
    expect(urls.slice(4)).toHaveLength(products);
    expect(urls).toContain(`https://shop.example/tools/${tool.id}`);
    expect(new Set(urls).size).toBe(urls.length);
    expect((await get(`/sitemaps/${parts.length + 1}.xml`)).statusCode).toBe(404);
    expect((await get('/sitemaps/x.xml')).statusCode).toBe(404);
  });
});
