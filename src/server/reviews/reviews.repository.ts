import { and, desc, eq, gt } from 'drizzle-orm';
import type { AddReviewBody, Review } from '../../shared/api/reviews.schemas';
import type { Executor } from '../db/database';
import { reviews } from '../db/schema';

/** Every query of the `reviews` table (CONVENTIONS §13). */

type ReviewRow = typeof reviews.$inferSelect;

export function toReview(row: ReviewRow): Review {
  return { _id: row.id, name: row.name, img: row.imageUrl, customer_review: row.text, rating: row.rating };
}

/** Newest first, so a fresh review shows at the top of the home grid. */
export async function listReviews(ex: Executor): Promise<ReviewRow[]> {
  return ex.select().from(reviews).orderBy(desc(reviews.createdAt), desc(reviews.id));
}

/** A signed-in customer's review (spec §7 POST /addreview); the schema already enforced 1..5 and http(s). */
export async function insertReview(
  ex: Executor,
  userId: string,
  body: AddReviewBody,
): Promise<{ id: string }> {
  const [row] = await ex
    .insert(reviews)
    .values({
      name: body.name,
      imageUrl: body.img,
      text: body.customer_review,
      rating: body.rating,
      userId,
    })
    .returning({ id: reviews.id });
  if (!row) throw new Error('The review was not stored');
  return row;
}

/** When the account last added a review after `since`, or null. */
export async function latestReviewSince(ex: Executor, userId: string, since: Date): Promise<Date | null> {
  const [row] = await ex
    .select({ createdAt: reviews.createdAt })
    .from(reviews)
    .where(and(eq(reviews.userId, userId), gt(reviews.createdAt, since)))
    .orderBy(desc(reviews.createdAt))
    .limit(1);
  return row?.createdAt ?? null;
}

/** Deletes a review; answers whether there was one. */
export async function deleteReview(ex: Executor, id: string): Promise<boolean> {
  const deleted = await ex.delete(reviews).where(eq(reviews.id, id)).returning({ id: reviews.id });
  return deleted.length > 0;
}
