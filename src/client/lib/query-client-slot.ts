import { createContext, useContext } from 'react';
import type { DehydratedState, QueryClient } from '@tanstack/react-query';

/**
 * Where the app's TanStack Query client lives. The home page and the other public pages read through
 * React Router's loaders and do not load TanStack Query: the first page that uses it asks for the
 * client (`get`), which loads the library, and its route wraps the page in the client's provider
 * (`lib/query-island.tsx`). The browser has one client for the visit; the server renderer, one per
 * request, ready from the start.
 */
export interface QueryClientSlot {
  /** The client, made on the first call (in the browser) with the reads the server sent. */
  get(): Promise<QueryClient>;
  /** The client once `get` has resolved; a page's route has always waited for it. */
  readonly current: QueryClient | undefined;
}

/** The browser's slot: TanStack Query loads, and the client is made, on the first `get`. */
export function browserQueryClientSlot(serverQueries: DehydratedState | undefined): QueryClientSlot {
  let current: QueryClient | undefined;
  let made: Promise<QueryClient> | undefined;
  return {
    get: () =>
      (made ??= import('./query-client').then(({ createQueryClient, hydrate }) => {
        const client = createQueryClient();
        if (serverQueries) hydrate(client, serverQueries);
        current = client;
        return client;
      })),
    get current() {
      return current;
    },
  };
}

/** A slot holding a client made already (the server renderer's, per request; tests). */
export function readyQueryClientSlot(client: QueryClient): QueryClientSlot {
  return { get: () => Promise.resolve(client), current: client };
}

export const QueryClientSlotContext = createContext<QueryClientSlot | null>(null);

export function useQueryClientSlot(): QueryClientSlot {
  const slot = useContext(QueryClientSlotContext);
  if (!slot) throw new Error('useQueryClientSlot must be used inside <App>');
  return slot;
}
