import { desc } from 'drizzle-orm';
import type { Review } from '../../shared/api/reviews.schemas';
import type { Database } from '../db/database';
import { reviews } from '../db/schema';

type ReviewRow = typeof reviews.$inferSelect;

export function toReview(row: ReviewRow): Review {
  return { _id: row.id, name: row.name, img: row.imageUrl, customer_review: row.text, rating: row.rating };
}

export function createReviewsRepository(db: Database) {
  return {
    /** Newest first, so a fresh review shows at the top of the home grid. */
    async listReviews(): Promise<Review[]> {
      const rows = await db.select().from(reviews).orderBy(desc(reviews.createdAt), desc(reviews.id));
      return rows.map(toReview);
    },
  };
}

export type ReviewsRepository = ReturnType<typeof createReviewsRepository>;
