import type { Tool } from '../../shared/api/catalog.schemas';
import { quantityBounds, stockLevel } from '../../shared/domain/order-quantity';
import { SERVER_DATA_ID } from '../../shared/page-routes';

/**
 * A server-rendered page's HTML (DESIGN §9): the app's index.html with the page's title and description
 * in its head (for a product also its canonical address, Open Graph tags and JSON-LD), the page's markup
 * inside #root, and the data the browser takes the page over with.
 */

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** JSON inside <script>: nothing in it can close the element. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

export interface DocumentContext {
  publicUrl: string;
  shopName: string;
  /** ORDER_MIN_UNITS: a product's smallest order is the larger of it and its own minimum. */
  floor: number;
}

const absolute = (publicUrl: string, url: string) => new URL(url, publicUrl).toString();

/** schema.org Product with an AggregateOffer of its price breaks (Google's product rich results). */
export function productJsonLd(tool: Tool, { publicUrl, floor }: DocumentContext) {
  const url = absolute(publicUrl, `/tools/${tool._id}`);
  const prices = tool.priceTiers.map((tier) => tier.price);
  const orderable = stockLevel(quantityBounds(tool, floor)) !== 'below-minimum';
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: tool.name,
    sku: tool.sku,
    description: tool.dis,
    image: absolute(publicUrl, tool.img),
    category: tool.category.name,
    url,
    offers: {
      '@type': 'AggregateOffer',
      priceCurrency: 'USD',
      lowPrice: Math.min(...prices).toFixed(2),
      highPrice: Math.max(...prices).toFixed(2),
      offerCount: tool.priceTiers.length,
      availability: orderable ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      offers: tool.priceTiers.map((tier) => ({
        '@type': 'Offer',
        price: tier.price.toFixed(2),
        priceCurrency: 'USD',
        url,
        eligibleQuantity: { '@type': 'QuantitativeValue', minValue: tier.minQuantity, unitCode: 'C62' },
      })),
    },
  };
}

/** The head's title and description replaced, and `extraHead` added right after the title. */
export function withHead(
  indexHtml: string,
  { title, description, extraHead = '' }: { title: string; description: string; extraHead?: string },
): string {
  return indexHtml
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>${extraHead}`)
    .replace(
      /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
      `<meta name="description" content="${escapeHtml(description)}" />`,
    );
}

/**
 * index.html for pages the server renders: the page shows without its script, so the stylesheet (which
 * the first paint waits for) comes before the scripts, and the scripts are fetched at low priority, after
 * the stylesheet and the pictures in view rather than sharing a slow network with them.
 */
export function serverRenderedShell(indexHtml: string): string {
  const styles = indexHtml.match(/<link rel="stylesheet"[^>]*>\s*/g) ?? [];
  const withoutStyles = styles.reduce((html, style) => html.replace(style, ''), indexHtml);
  return withoutStyles
    .replace(/(<title>[^<]*<\/title>)/, `$1${styles.map((style) => style.trim()).join('')}`)
    .replace(/<script type="module"/g, '<script type="module" fetchpriority="low"')
    .replace(/<link rel="modulepreload"/g, '<link rel="modulepreload" fetchpriority="low"');
}

/** A product page's head: canonical address, its picture preloaded, Open Graph tags and JSON-LD. */
export function productHead(tool: Tool, context: DocumentContext): string {
  const url = absolute(context.publicUrl, `/tools/${tool._id}`);
  const image = absolute(context.publicUrl, tool.img);
  return [
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<link rel="preload" as="image" href="${escapeHtml(tool.img)}" fetchpriority="high" />`,
    `<meta property="og:type" content="product" />`,
    `<meta property="og:title" content="${escapeHtml(`${tool.name} (${tool.sku})`)}" />`,
    `<meta property="og:description" content="${escapeHtml(tool.dis)}" />`,
    `<meta property="og:image" content="${escapeHtml(image)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta property="og:site_name" content="${escapeHtml(context.shopName)}" />`,
    `<script type="application/ld+json">${scriptJson(productJsonLd(tool, context))}</script>`,
  ].join('');
}

/** The whole HTML of a server-rendered page: index.html with its head, the app's markup and its data. */
export function pageDocument(
  indexHtml: string,
  page: { html: string; title: string; description: string; extraHead: string; data: unknown },
): string {
  return withHead(indexHtml, page).replace(
    /<div id="root"><\/div>/,
    `<div id="root">${page.html}</div><script type="application/json" id="${SERVER_DATA_ID}">${scriptJson(page.data)}</script>`,
  );
}
