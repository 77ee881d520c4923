import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '../../shared/api/config.schemas';
import { api } from './api-client';
import { queryRoots } from './query-keys';

/** How this shop is configured (GET /api/config): payments, Google sign-in, the smallest order. */
export const publicConfigQuery = queryOptions({
  queryKey: queryRoots.config,
  queryFn: ({ signal }) => api<PublicConfig>('/config', { signal }),
  staleTime: Infinity,
});

export function usePublicConfig() {
  return useQuery(publicConfigQuery);
}
