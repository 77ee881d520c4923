import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tool } from '../../../../shared/api/catalog.schemas';
import { ApiError, api } from '../../../lib/api-client';
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

/** The API does not know the product (404), or the id is not one at all (400): a not-found page. */
export const isUnknownTool = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);
