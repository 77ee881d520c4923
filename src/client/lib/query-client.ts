import { MutationCache, QueryCache, QueryClient, useQueryClient } from '@tanstack/react-query';

// For the browser's query client slot (query-client-slot.ts), which imports this module on first use.
export { hydrate } from '@tanstack/react-query';
import { notify } from './notify';
import { ApiError } from './api-client';
import { queryRoots } from './query-keys';
import { session } from './session-store';

/**
 * Forgets who was signed in: the session reads as signed out, so the route guard sends the visitor to
 * /login (and back afterwards), and that user's records and orders leave the cache.
 */
export function forgetSession(queryClient: QueryClient) {
  session.forget();
  for (const root of [queryRoots.users, queryRoots.orders, queryRoots.paymentIntents]) {
    queryClient.removeQueries({ queryKey: root });
  }
}

/**
 * After a change: reads again everything under these roots, and resolves once that is done (so a
 * mutation settles with fresh data on screen).
 */
export function useInvalidate(...roots: (typeof queryRoots)[keyof typeof queryRoots][]) {
  const queryClient = useQueryClient();
  return () => Promise.all(roots.map((root) => queryClient.invalidateQueries({ queryKey: root })));
}

export function createQueryClient() {
  const queryClient: QueryClient = new QueryClient({
    // A read answering 401 means the session ended mid-visit (expired, signed out elsewhere, deleted).
    queryCache: new QueryCache({
      onError: (error) => {
        if (error instanceof ApiError && error.status === 401) forgetSession(queryClient);
      },
    }),
    // Every failed change tells the user why, with the server's message, unless the page shows it itself.
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.errorToast !== false) notify.error(error.message);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx will not change by asking again; a network blip might.
        retry: (failures, error) =>
          failures < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
    },
  });
  return queryClient;
}

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: { errorToast?: boolean };
  }
}
