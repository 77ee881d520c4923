import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';

/** What the browser needs to take over a server-rendered page without reading its data again. */
export interface ServerData {
  /** The query cache as the server filled it (only the public pages' reads). */
  queries: DehydratedState;
  /** The router's state: each matched route's loader data. */
  router: HydrationState;
}
