import { dehydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router';
import type { Tool } from '../shared/api/catalog.schemas';
import { App } from './app/app';
import { createRoutes } from './app/routes';
import type { ServerData } from './app/server-data';
import { toolQuery } from './features/catalog/api/get-tool';
import { setApiTransport } from './lib/api-client';
import { createQueryClient } from './lib/query-client';
import { readyQueryClientSlot } from './lib/query-client-slot';
import { anyReadFailed } from './lib/settled';
import { type PageMeta, PageMetaCollector, SHOP_DESCRIPTION, documentTitle } from './lib/use-page-meta';

/**
 * The server's renderer of the public pages (DESIGN §9): the same routes and pages as the browser's,
 * rendered to HTML with their data, which the page carries so that the browser takes it over (main.tsx)
 * without asking again. Built by `vite build --ssr` into dist/ssr; the server loads it (web/pages.ts).
 */

/** A page whose data is read, ready to render: the server renders it only when it has no copy. */
export interface LoadedPage {
  /** 200, or 404 for a path with no page or a product that does not exist. */
  status: number;
  /** For <script type="application/json" id="server-data">. */
  data: ServerData;
  /** On a product's page, the product (for the head's canonical address, Open Graph and JSON-LD). */
  product?: Tool;
  /** The app's markup for inside #root, and the page's title and description. */
  render: () => { html: string; meta: PageMeta };
}

/** Answers one API call in-process: a GET of a public read, without cookies. */
export type ApiFetch = (url: string, init: RequestInit) => Promise<Response>;

/**
 * A renderer whose pages read the API through `fetchApi`. It answers null when it cannot render the page
 * whole (a read failed, or a route redirected): the server then sends the shell, and the browser renders.
 */
export function createPageRenderer(fetchApi: ApiFetch) {
  setApiTransport(fetchApi);
  return async function loadPage(url: URL): Promise<LoadedPage | null> {
    const queryClient = createQueryClient();
    // One attempt: a failed read falls back to the browser, which retries it itself.
    queryClient.setDefaultOptions({
      queries: { ...queryClient.getDefaultOptions().queries, retry: false },
    });
    const queryClientSlot = readyQueryClientSlot(queryClient);
    const routes = createRoutes(queryClientSlot);
    const handler = createStaticHandler(routes);
    const context = await handler.query(new Request(url));
    if (context instanceof Response || context.errors) return null;
    const status = context.statusCode;
    const failed =
      anyReadFailed(context.loaderData) ||
      queryClient
        .getQueryCache()
        .getAll()
        .some((query) => query.state.status === 'error');
    if (failed && status !== 404) return null;

    const render = () => {
      let meta: PageMeta = { title: documentTitle(null), description: SHOP_DESCRIPTION };
      const router = createStaticRouter(handler.dataRoutes, context);
      const html = renderToString(
        <StrictMode>
          <PageMetaCollector.Provider value={(collected) => (meta = collected)}>
            <App queryClientSlot={queryClientSlot}>
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </App>
          </PageMetaCollector.Provider>
        </StrictMode>,
      );
      return { html, meta };
    };
    const toolId = context.matches.at(-1)?.params.toolId;
    const product = toolId ? queryClient.getQueryData(toolQuery(toolId).queryKey) : undefined;
    return {
      status,
      data: {
        queries: dehydrate(queryClient),
        router: { loaderData: context.loaderData, actionData: context.actionData, errors: null },
      },
      render,
      ...(product ? { product } : {}),
    };
  };
}
