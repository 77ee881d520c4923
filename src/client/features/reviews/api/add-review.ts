import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InsertResult } from '../../../../shared/api/common.schemas';
import type { AddReviewBody } from '../../../../shared/api/reviews.schemas';
import { api } from '../../../lib/api-client';
import { reviewsQuery } from './get-reviews';

export function useAddReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddReviewBody) => api<InsertResult>('/addreview', { method: 'POST', body }),
    // The home grid shows the new review without a manual reload.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewsQuery.queryKey }),
  });
}
