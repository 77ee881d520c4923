import { createHash } from 'node:crypto';
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
  // Replaced by functions: in a replacement string `$&`, `$'` and the like would paste parts of the
  // page into the text of a product or a review.
  return indexHtml
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>${extraHead}`)
    .replace(
      /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${escapeHtml(description)}" />`,
    );
}

/**
 * The app's loader on server-rendered pages. Such a page shows whole without its script, so the script
 * is asked for once the page has loaded and its first paint is on the screen: on a slow network it does
 * not share the bandwidth with the stylesheet and the pictures in view, nor the main thread with the
 * first paint. All of its chunks and the entry are fetched at once; the chunks run one at a time (Vite
 * lists them in the order they depend on each other: the bundler's runtime, React, React Router, the
 * rest; vite.config.ts) with a pause between, then the entry, so that a phone is never busy for long
 * without answering a tap. Until the app has run (<html data-app="ready">), the page shows but does not
 * answer clicks on buttons; links work. A chunk that fails to load stops nothing here: the entry's own
 * import reports it.
 */
export const BOOT_SCRIPT = `(function () {
  var me = document.currentScript;
  var entry = me.dataset.entry;
  var preload = (me.dataset.preload || '').split(' ').filter(Boolean);
  function start() {
    preload.concat(entry).forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var queue = preload.slice();
    function next() {
      var href = queue.shift();
      if (href) return import(href).then(pause, pause);
      var script = document.createElement('script');
      script.type = 'module';
      script.crossOrigin = '';
      script.src = entry;
      document.head.appendChild(script);
    }
    function pause() {
      setTimeout(next, 0);
    }
    next();
  }
  var started = false;
  function startOnce() {
    if (started) return;
    started = true;
    setTimeout(start, 0);
  }
  // A picture that is slow to come (a review's avatar from elsewhere), or a page opened in a
  // background tab, which does not paint, does not hold the app back.
  setTimeout(startOnce, 3000);
  // Painted means on the screen: the first contentful paint's entry comes once its frame is shown,
  // which on a busy machine can be well after the load event and the next animation frame.
  var loaded = document.readyState === 'complete';
  // A browser without paint timing starts the app on load alone.
  var entryTypes = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
  var painted = entryTypes.indexOf('paint') < 0;
  function whenLoadedAndPainted() {
    if (loaded && painted) startOnce();
  }
  if (!painted) {
    try {
      new PerformanceObserver(function (list, observer) {
        if (list.getEntriesByName('first-contentful-paint').length === 0) return;
        observer.disconnect();
        painted = true;
        whenLoadedAndPainted();
      }).observe({ type: 'paint', buffered: true });
    } catch (observerRefused) {
      painted = true;
    }
  }
  if (!loaded) {
    addEventListener(
      'load',
      function () {
        loaded = true;
        whenLoadedAndPainted();
      },
      { once: true },
    );
  }
  whenLoadedAndPainted();
})();
`;

/** Where the loader is served: named by its content, so it is cached for good. */
export const BOOT_SCRIPT_PATH = `/boot-${createHash('sha1').update(BOOT_SCRIPT).digest('hex').slice(0, 10)}.js`;

/**
 * index.html for pages the server renders: the stylesheet (which the first paint waits for) first, and
 * the app's module script and its preloads replaced by the loader above, which asks for them after the
 * first paint.
 */
export function serverRenderedShell(indexHtml: string): string {
  const styles = indexHtml.match(/<link rel="stylesheet"[^>]*>\s*/g) ?? [];
  const entry = /<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>\s*/.exec(indexHtml);
  const preloads = [...indexHtml.matchAll(/<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>\s*/g)];
  if (!entry) return indexHtml;
  const removed = [...styles, entry[0], ...preloads.map((match) => match[0])].reduce(
    (html, tag) => html.replace(tag, ''),
    indexHtml,
  );
  const loader = `<script src="${BOOT_SCRIPT_PATH}" defer data-entry="${entry[1]}" data-preload="${preloads.map((match) => match[1]).join(' ')}"></script>`;
  return removed.replace(
    /<title>[^<]*<\/title>/,
    (title) => `${title}${styles.map((style) => style.trim()).join('')}${loader}`,
  );
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
    () =>
      `<div id="root">${page.html}</div><script type="application/json" id="${SERVER_DATA_ID}">${scriptJson(page.data)}</script>`,
  );
}
