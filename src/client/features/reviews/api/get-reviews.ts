import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Review } from '../../../../shared/api/reviews.schemas';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

/** How many reviews the home page shows: a long wall of them buries the footer; the first few say enough. */
export const HOME_REVIEW_COUNT = 6;

/** Every customer review, cached under the spec's key `reviews` (spec §7 GET /review): Manage Reviews. */
export const reviewsQuery = queryOptions({
  queryKey: queryRoots.reviews,
  queryFn: ({ signal }) => api<Review[]>('/review', { signal }),
});

/** The home grid's reviews: the server sends only those, however many customers wrote one. */
export const homeReviewsQuery = queryOptions({
  queryKey: [...queryRoots.reviews, 'home'],
  queryFn: ({ signal }) => api<Review[]>(`/review?limit=${HOME_REVIEW_COUNT}`, { signal }),
});

export function useReviews() {
  return useQuery(reviewsQuery);
}

export function useHomeReviews() {
  return useQuery(homeReviewsQuery);
}
