import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Review } from '../../../../shared/api/reviews.schemas';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

/** Every customer review, cached under the spec's key `reviews` (spec §7 GET /review): Manage Reviews. */
export const reviewsQuery = queryOptions({
  queryKey: queryRoots.reviews,
  queryFn: ({ signal }) => api<Review[]>('/review', { signal }),
});

export function useReviews() {
  return useQuery(reviewsQuery);
}
