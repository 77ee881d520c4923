import { useMutation } from '@tanstack/react-query';
import type { DeleteResult } from '../../../../shared/api/common.schemas';
import { api } from '../../../lib/api-client';
import { useInvalidate } from '../../../lib/query-client';
import { queryRoots } from '../../../lib/query-keys';

/** An admin deletes a review (DELETE /api/reviews/{id}); the home grid and the list refresh. */
export function useDeleteReview() {
  const invalidate = useInvalidate(queryRoots.reviews);
  return useMutation({
    mutationFn: (id: string) => api<DeleteResult>(`/reviews/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}
