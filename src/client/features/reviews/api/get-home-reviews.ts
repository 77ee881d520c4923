import type { Review } from '../../../../shared/api/reviews.schemas';
import { api } from '../../../lib/api-client';

/** How many reviews the home page shows: a long wall of them buries the footer; the first few say enough. */
export const HOME_REVIEW_COUNT = 6;

/** The home grid's reviews, read by the home page's loader: the server sends only those. */
export function readHomeReviews(signal?: AbortSignal): Promise<Review[]> {
  return api<Review[]>(`/review?limit=${HOME_REVIEW_COUNT}`, { signal });
}
