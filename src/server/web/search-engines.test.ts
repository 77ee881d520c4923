import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTool } from '../test/factories';
import { createTestApp } from '../test/test-app';
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
  ctx = await createTestApp({ clientDir, sitemapMaxUrls: 5, env: { PUBLIC_URL: 'https://shop.example' } });
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
    // Without any script: the name, SKU, price breaks and a Buy Now link are in the page.
    expect(html).toContain('<h1 class="h2">Torque Wrench &#60;Pro&#62; &#38; &#34;Co&#34;</h1>');
    expect(html).toContain('SKU SEO-100');
    expect(html).toContain('100+ units</td><td>$24.50 per unit');
    expect(html).toContain('1,000+ units</td><td>$21.00 per unit');
    expect(html).toContain(`href="/buyNow/${tool.id}"`);
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
    const other = await insertTool(ctx.db, { name: 'Another' });
    expect((await get(`/tools/${other.id}`)).headers.etag).not.toBe(etag);
  });

  it('answers 404 with the app (its not-found page) for an unknown or malformed id', async () => {
    for (const id of ['5f0c4a3e-8a1b-4c2d-9e3f-0a1b2c3d4e5f', 'not-an-id']) {
      const response = await get(`/tools/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.body).toBe(INDEX);
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
      expect(response.body).toBe(INDEX);
    },
  );
});

describe('the home page', () => {
  it('asks for its first carousel picture in the HTML, before any script runs', async () => {
    for (const url of ['/', '/home']) {
      expect((await get(url)).body).toContain(
        '<link rel="preload" as="image" href="/images/carousel/slide-1.svg" fetchpriority="high" /></head>',
      );
    }
    expect((await get('/shop')).body).toBe(INDEX);
  });
});

describe('robots.txt and the sitemap', () => {
  it('robots.txt lets the public pages be read and points at the sitemap', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Disallow: /dashboard');
    expect(response.body).toContain('Sitemap: https://shop.example/sitemap.xml');
  });

  it('lists every public page and product, split into an index of parts beyond the limit', async () => {
    // 4 public pages and 2 products so far; with parts of 5 addresses that is an index of two.
    const products = 2;
    expect(sitemapParts(4 + products, 5)).toBe(2);
    const index = await get('/sitemap.xml');
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const parts = [...index.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(parts).toEqual(['https://shop.example/sitemaps/1.xml', 'https://shop.example/sitemaps/2.xml']);

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
    expect((await get('/sitemaps/3.xml')).statusCode).toBe(404);
    expect((await get('/sitemaps/x.xml')).statusCode).toBe(404);
  });
});
