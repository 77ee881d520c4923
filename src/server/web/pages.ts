import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Tool } from '../../shared/api/catalog.schemas';
import { isPagePath, isServerRenderedPath } from '../../shared/page-routes';
import { type DocumentContext, pageDocument, productHead, serverRenderedShell } from './page-document';

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
const KEPT_PAGES = 200;

/**
 * Sends the app's pages (DESIGN §9). The public ones are rendered here with their data, each with an
 * ETag of its address, its data and the build: a browser revalidating an unchanged page gets 304, and a
 * page asked again with the same data is sent from memory without rendering. The other pages, and any
 * page the renderer cannot render whole (a read failed), get the app's shell, which renders in the browser.
 */
export function createPageSender(app: FastifyInstance, options: PageOptions) {
  const { indexHtml, heroImage, loadRenderer } = options;
  const build = createHash('sha1').update(indexHtml).digest('base64url').slice(0, 10);
  const shell = serverRenderedShell(indexHtml);
  const kept = new Map<string, { html: string; meta: { title: string; description: string } }>();
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
        app.log.error({ err: error }, 'the page renderer could not load; pages render in the browser');
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

  return async function sendPage(request: FastifyRequest, reply: FastifyReply) {
    const url = new URL(request.url, options.publicUrl);
    const status = isPagePath(url.pathname) ? 200 : 404;
    if (!isServerRenderedPath(url.pathname)) return sendShell(reply, status);
    const load = await loadPage();
    let page: LoadedPage | null = null;
    try {
      page = load && (await load(url));
    } catch (error) {
      request.log.error({ err: error }, 'a page could not be rendered on the server; sending the shell');
    }
    if (!page) return sendShell(reply, status);

    const dataKey = JSON.stringify([
      page.status,
      page.data.router.loaderData,
      page.data.queries.queries.map((query) => [query.queryHash, query.state.data]),
    ]);
    const key = createHash('sha1')
      .update(`${build}\n${url.pathname}${url.search}\n${dataKey}`)
      .digest('base64url');
    const etag = `"${key}"`;
    reply.status(page.status).header('etag', etag).header('cache-control', 'no-cache');
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();

    // The markup is kept; the data goes out as read now, so the browser counts it as fresh.
    let rendered = kept.get(key);
    if (rendered === undefined) {
      rendered = page.render();
      if (kept.size >= KEPT_PAGES) kept.delete(kept.keys().next().value ?? '');
      kept.set(key, rendered);
    }
    return reply.type('text/html; charset=utf-8').send(documentOf(url, page, rendered));
  };
}
