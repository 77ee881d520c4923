import { MutationCache, QueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify/unstyled';
import { ApiError } from './api-client';

export function createQueryClient() {
  return new QueryClient({
    // Every failed change tells the user why, with the server's message, unless the page shows it itself.
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.errorToast !== false) toast.error(error.message);
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
}

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: { errorToast?: boolean };
  }
}
