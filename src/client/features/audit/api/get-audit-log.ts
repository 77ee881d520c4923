import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { AuditAction, AuditPage } from '../../../../shared/api/audit.schemas';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

/** The Audit Log page's filter, as its URL keeps it. */
export interface AuditFilter {
  actor?: string | undefined;
  action?: AuditAction | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

const PAGE_SIZE = 50;

/** GET /api/admin/audit, newest first, one page after another (keyset on the entry). */
export const auditLogQuery = (filter: AuditFilter) =>
  infiniteQueryOptions({
    queryKey: [...queryRoots.audit, filter],
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
      for (const [key, value] of Object.entries(filter)) if (value) query.set(key, String(value));
      if (pageParam) query.set('before', String(pageParam));
      return api<AuditPage>(`/admin/audit?${query.toString()}`, { signal });
    },
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
    // Every admin action writes to it: show the newest whenever the page is opened.
    staleTime: 0,
  });

export function useAuditLog(filter: AuditFilter) {
  return useInfiniteQuery(auditLogQuery(filter));
}
