import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tool } from '../../../../shared/api/catalog.schemas';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

/** The home grid's products, cached under the spec's key `tools` (spec §7 GET /tool). */
export const toolsQuery = queryOptions({
  queryKey: queryRoots.tools,
  queryFn: ({ signal }) => api<Tool[]>('/tool', { signal }),
});

export function useTools() {
  return useQuery(toolsQuery);
}
