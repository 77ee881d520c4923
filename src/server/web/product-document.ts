import type { Tool } from '../../shared/api/catalog.schemas';
import { quantityBounds, stockLevel } from '../../shared/domain/order-quantity';
import { formatDollars } from '../../shared/money';
import { formatUnits } from '../../shared/numbers';

/**
 * A product's public page as the server sends it (/tools/{id}, DESIGN §9): the app's index.html with
 * the product's title, description, canonical address, Open Graph tags and JSON-LD in its head, and
 * the product itself in plain HTML inside #root, so a search engine or a browser without JavaScript
 * reads the page; the app then renders over it.
 */

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** JSON inside <script>: nothing in it can close the element. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

const STOCK_WORDS = {
  'in-stock': 'In stock',
  low: 'Low stock',
  'below-minimum': 'Below minimum order',
} as const;

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

/** The head's title and description replaced, and `extraHead` added before </head>. */
export function withHead(
  indexHtml: string,
  { title, description, extraHead = '' }: { title: string; description: string; extraHead?: string },
): string {
  return indexHtml
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
    .replace(
      /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
      `<meta name="description" content="${escapeHtml(description)}" />`,
    )
    .replace('</head>', `${extraHead}</head>`);
}

function productMarkup(tool: Tool, floor: number): string {
  const level = stockLevel(quantityBounds(tool, floor));
  const rows = tool.priceTiers
    .map(
      (tier) =>
        `<tr><td>${escapeHtml(formatUnits(tier.minQuantity))}+ units</td><td>${escapeHtml(formatDollars(tier.price))} per unit</td></tr>`,
    )
    .join('');
  const category = `/shop?category=${encodeURIComponent(tool.category.slug)}`;
  return `<main class="container py-5"><div class="row g-4 g-lg-5"><div class="col-lg-6"><img src="${escapeHtml(tool.img)}" alt="${escapeHtml(tool.name)}" class="img-fluid rounded-3 shadow-sm w-100" width="600" height="450" fetchpriority="high" /></div><div class="col-lg-6"><p class="small mb-2"><a href="/shop">Shop</a> › <a href="${escapeHtml(category)}">${escapeHtml(tool.category.name)}</a></p><h1 class="h2">${escapeHtml(tool.name)}</h1><p class="font-monospace small text-secondary">SKU ${escapeHtml(tool.sku)}</p><p>${escapeHtml(tool.dis)}</p><p><strong>${STOCK_WORDS[level]}</strong>, ${escapeHtml(formatUnits(tool.available))} units available; smallest order ${escapeHtml(formatUnits(quantityBounds(tool, floor).lower))} units.</p><table class="table table-sm"><caption>Price per unit by quantity</caption><tbody>${rows}</tbody></table><a class="btn btn-warning btn-lg fw-semibold" href="/buyNow/${escapeHtml(tool._id)}">Buy Now</a></div></div></main>`;
}

/** The whole HTML of a product's public page. */
export function productDocument(indexHtml: string, tool: Tool, context: DocumentContext): string {
  const url = absolute(context.publicUrl, `/tools/${tool._id}`);
  const title = `${tool.name} (${tool.sku}) · ${context.shopName}`;
  const image = absolute(context.publicUrl, tool.img);
  const extraHead = [
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
  return withHead(indexHtml, { title, description: tool.dis, extraHead }).replace(
    /<div id="root"><\/div>/,
    `<div id="root">${productMarkup(tool, context.floor)}</div>`,
  );
}
