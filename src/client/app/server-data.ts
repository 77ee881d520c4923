import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';

/** What the browser needs to take over a server-rendered page without reading its data again. */
export interface ServerData {
  /** TanStack Query's cache as the server filled it (the shop's and a product page's reads). */
  queries: DehydratedState;
  /** The router's state: each matched route's loader data. */
  router: HydrationState;
}
