import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Family } from '../../../../shared/api/families.schemas';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

/** GET /api/families/{id}: a family and its variants, for a variant's option pickers. */
export const familyQuery = (familyId: string) =>
  queryOptions({
    queryKey: [...queryRoots.tools, 'family', familyId],
    queryFn: ({ signal }) => api<Family>(`/families/${encodeURIComponent(familyId)}`, { signal }),
  });

export function useFamily(familyId: string | null) {
  return useQuery({ ...familyQuery(familyId ?? ''), enabled: familyId !== null });
}
