import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Tool } from '../../shared/api/catalog.schemas';
import { isPagePath, isServerRenderedPath } from '../../shared/page-routes';
import {
  BOOT_SCRIPT,
  type DocumentContext,
  pageDocument,
  productHead,
  serverRenderedShell,
} from './page-document';

/** Answers one of the pages' API reads in-process. */
type ApiFetch = (url: string) => Promise<Response>;

/** A page whose data the renderer has read (src/client/entry-server.tsx has the whole shape). */
interface LoadedPage {
  status: number;
  data: {
    router: { loaderData: unknown };
    queries: { queries: { queryHash: string; state: { data: unknown } }[] };
  };
  product?: Tool;
  render: () => { html: string; meta: { title: string; description: string } };
}

/** The server renderer's module (src/client/entry-server.tsx, built into dist/ssr by `vite build --ssr`). */
export interface PageRendererModule {
  createPageRenderer: (fetchApi: ApiFetch) => (url: URL) => Promise<LoadedPage | null>;
}

export interface PageOptions extends DocumentContext {
  /** The built index.html. */
  indexHtml: string;
  /** The home page's largest picture, preloaded with the HTML (LCP). */
  heroImage: string | null;
  /** Loads the renderer on the first page asked for; null when it is not built. */
  loadRenderer: () => Promise<PageRendererModule | null>;
}

// Rendered pages kept by their address and data: the catalog's pages repeat far more than they change.
// At most 200 of them and 8 MB (the markup counted at two bytes a character, as a string may take).
const KEPT_PAGES = 200;
const KEPT_BYTES = 8 * 1024 * 1024;

type RenderedPage = { html: string; meta: { title: string; description: string } };

/**
 * Sends the app's pages (DESIGN §9). The public ones are rendered here with their data, each with an
 * ETag of its address, its data and the build: a browser revalidating an unchanged page gets 304, and a
 * page asked again with the same data is sent from memory without rendering. The other pages, and any
 * page the renderer cannot render whole (a read failed), get the app's shell, which renders in the browser.
 */
export function createPageSender(app: FastifyInstance, options: PageOptions) {
  const { indexHtml, heroImage, loadRenderer } = options;
  // What the HTML depends on besides the page's data: the build, the loader, and the shop's settings.
  const build = createHash('sha1')
    .update(
      JSON.stringify([indexHtml, BOOT_SCRIPT, heroImage, options.publicUrl, options.shopName, options.floor]),
    )
    .digest('base64url')
    .slice(0, 10);
  const shell = serverRenderedShell(indexHtml);
  const kept = new LRUCache<string, RenderedPage>({
    max: KEPT_PAGES,
    maxSize: KEPT_BYTES,
    sizeCalculation: (page) =>
      2 * (page.html.length + page.meta.title.length + page.meta.description.length) + 64,
  });
  let renderer: Promise<((url: URL) => Promise<LoadedPage | null>) | null> | undefined;

  // The pages read the public API in-process, as a visitor without cookies would.
  const fetchApi: ApiFetch = async (url) => {
    const answer = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
    const empty = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(empty ? null : answer.body, {
      status: answer.statusCode,
      headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
    });
  };
  const loadPage = () => {
    renderer ??= loadRenderer()
      .then((module) => module?.createPageRenderer(fetchApi) ?? null)
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'the page renderer could not load; this page renders in the browser');
        // The next page asked for tries again.
        renderer = undefined;
        return null;
      });
    return renderer;
  };

  const sendShell = (reply: FastifyReply, status: number) =>
    reply.status(status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);

  const documentOf = (
    url: URL,
    page: LoadedPage,
    { html, meta }: { html: string; meta: { title: string; description: string } },
  ) => {
    const preload = (image: string) =>
      `<link rel="preload" as="image" href="${image.replace(/"/g, '%22')}" fetchpriority="high" />`;
    const isHome = url.pathname === '/' || url.pathname === '/home';
    const extraHead = page.product
      ? productHead(page.product, options)
      : isHome && heroImage
        ? preload(heroImage)
        : '';
    return pageDocument(shell, { html, ...meta, extraHead, data: page.data });
  };

  const renderFailed = (request: FastifyRequest, error: unknown) =>
    request.log.error({ err: error }, 'a page could not be rendered on the server; sending the shell');

  return async function sendPage(request: FastifyRequest, reply: FastifyReply) {
    // The path as asked, on our own origin (a path like //elsewhere.example/shop stays a path).
    const [path = '/', search = ''] = request.url.split('?', 2);
    const url = new URL(options.publicUrl);
    url.pathname = path;
    url.search = search;
    const status = isPagePath(url.pathname) ? 200 : 404;
    if (!isServerRenderedPath(url.pathname)) return sendShell(reply, status);
    const load = await loadPage();
    let page: LoadedPage | null = null;
    try {
      page = load && (await load(url));
    } catch (error) {
      renderFailed(request, error);
    }
    if (!page) return sendShell(reply, status);

    // Every path with no page shows the same page, and only the shop's query changes what it shows:
    // other addresses and queries (a scanner's, a campaign's) do not each take a rendered page.
    const address =
      status === 404 ? 'not-found' : url.pathname === '/shop' ? `${url.pathname}${url.search}` : url.pathname;
    const dataKey = JSON.stringify([
      page.status,
      page.data.router.loaderData,
      page.data.queries.queries.map((query) => [query.queryHash, query.state.data]),
      // The footer's year.
      new Date().getUTCFullYear(),
    ]);
    const key = createHash('sha1').update(`${build}\n${address}\n${dataKey}`).digest('base64url');
    const etag = `"${key}"`;
    if (request.headers['if-none-match'] === etag) {
      return reply.status(304).header('etag', etag).header('cache-control', 'no-cache').send();
    }

    // The markup is kept (the most recently used pages); the data goes out as read now, so the browser
    // counts it as fresh.
    let rendered = kept.get(key);
    if (rendered === undefined) {
      try {
        const fresh = page.render();
        // React's markup is a rope of many small strings (a soak found 358,000 of them kept): one
        // flat copy holds the same text in a fraction of the memory.
        rendered = { html: Buffer.from(fresh.html).toString(), meta: fresh.meta };
      } catch (error) {
        renderFailed(request, error);
        return sendShell(reply, status);
      }
      kept.set(key, rendered);
    }
    return reply
      .status(page.status)
      .header('etag', etag)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(documentOf(url, page, rendered));
  };
}
