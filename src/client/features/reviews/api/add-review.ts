import { useMutation } from '@tanstack/react-query';
import type { InsertResult } from '../../../../shared/api/common.schemas';
import type { AddReviewBody } from '../../../../shared/api/reviews.schemas';
import { api } from '../../../lib/api-client';
import { useInvalidate } from '../../../lib/query-client';
import { queryRoots } from '../../../lib/query-keys';

export function useAddReview() {
  // The home grid shows the new review without a manual reload.
  const invalidate = useInvalidate(queryRoots.reviews);
  return useMutation({
    mutationFn: (body: AddReviewBody) => api<InsertResult>('/addreview', { method: 'POST', body }),
    onSuccess: invalidate,
  });
}
