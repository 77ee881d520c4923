import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import 'bootstrap/dist/css/bootstrap.min.css';
import 'react-toastify/ReactToastify.css';
import './styles/app.css';
import { App } from './app/app';
import { createRoutes } from './app/routes';
import { SERVER_DATA_ID } from '../shared/page-routes';
import type { ServerData } from './app/server-data';
import { browserQueryClientSlot } from './lib/query-client-slot';
import { repriceOnSessionChange } from './lib/reprice-on-session';

/**
 * A public page arrives rendered by the server with its data (entry-server.tsx): React takes it over
 * with that data, its page's chunk loaded first so the first render matches the HTML. Any other page
 * arrives as an empty shell and is rendered here.
 */
async function start() {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  const dataScript = document.getElementById(SERVER_DATA_ID);
  const serverData = dataScript ? (JSON.parse(dataScript.textContent) as ServerData) : null;

  // TanStack Query loads with the first page that uses it, which gets the server's reads (if any).
  const queryClientSlot = browserQueryClientSlot(serverData?.queries);
  const routes = createRoutes(queryClientSlot);
  if (serverData) {
    const lazyMatches = (matchRoutes(routes, window.location) ?? []).filter((match) => match.route.lazy);
    await Promise.all(
      lazyMatches.map(async ({ route }) => {
        if (typeof route.lazy !== 'function') return;
        Object.assign(route, { ...(await route.lazy()), lazy: undefined });
      }),
    );
  }
  const router = createBrowserRouter(routes, serverData ? { hydrationData: serverData.router } : {});
  // A server-rendered page shows list prices; a signed-in contract buyer's are read once they are known.
  repriceOnSessionChange(router, queryClientSlot, serverData ? null : undefined);
  const app = (
    <StrictMode>
      <App queryClientSlot={queryClientSlot}>
        <RouterProvider router={router} />
      </App>
    </StrictMode>
  );
  // Taking the server's HTML over as a transition lets React yield to the browser every few
  // milliseconds instead of hydrating the whole page in one long task.
  if (serverData) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
}

void start();
