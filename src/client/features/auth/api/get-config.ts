import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '../../../../shared/api/config.schemas';
import { api } from '../../../lib/api-client';

export const configQuery = queryOptions({
  queryKey: ['config'],
  queryFn: ({ signal }) => api<PublicConfig>('/config', { signal }),
  staleTime: Infinity,
});

export function usePublicConfig() {
  return useQuery(configQuery);
}
