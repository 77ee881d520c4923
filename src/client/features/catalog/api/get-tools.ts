import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tool } from '../../../../shared/api/catalog.schemas';
import { api } from '../../../lib/api-client';

/** The home grid's products, cached under the spec's key `tools` (spec §7 GET /tool). */
export const toolsQuery = queryOptions({
  queryKey: ['tools'],
  queryFn: ({ signal }) => api<Tool[]>('/tool', { signal }),
});

export function useTools() {
  return useQuery(toolsQuery);
}
