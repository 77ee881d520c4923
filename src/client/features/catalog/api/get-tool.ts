import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tool } from '../../../../shared/api/catalog.schemas';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

/** One product for the buy page (spec §7 GET /buyNow/{toolId}). */
export const toolQuery = (toolId: string) =>
  queryOptions({
    queryKey: [...queryRoots.tools, toolId],
    queryFn: ({ signal }) => api<Tool>(`/buyNow/${encodeURIComponent(toolId)}`, { signal }),
  });

export function useTool(toolId: string) {
  return useQuery(toolQuery(toolId));
}
