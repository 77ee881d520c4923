import { and, desc, eq, getTableColumns, gt, sql } from 'drizzle-orm';
import type { AddReviewBody, Review } from '../../shared/api/reviews.schemas';
import { buyerBand } from '../../shared/domain/buyer-band';
import type { Executor } from '../db/database';
import { reviews } from '../db/schema';
import { unitsBoughtBy } from '../orders/storage/orders.repository';
import { PAID_STATES } from '../../shared/domain/order-status';

/** Every query of the `reviews` table (CONVENTIONS §13). */

type ReviewRow = typeof reviews.$inferSelect;

/** A review with the units its author bought in paid (or since shipped) orders. */
export type ReviewWithPurchases = ReviewRow & { unitsBought: number };

export function toReview(row: ReviewWithPurchases): Review {
  const unitsBand = buyerBand(row.unitsBought);
  return {
    _id: row.id,
    name: row.name,
    img: row.imageUrl,
    customer_review: row.text,
    rating: row.rating,
    verifiedBuyer: unitsBand ? { unitsBand } : null,
  };
}

/**
 * The reviews in the home grid's order (DESIGN §9), the first `limit` of them or all: verified buyers'
 * first, then the others, each newest first so a fresh review shows at the top. What an author bought is
 * summed from their orders (user_id indexed).
 */
export async function listReviews(ex: Executor, limit?: number): Promise<ReviewWithPurchases[]> {
  const unitsBought = unitsBoughtBy(reviews.userId, PAID_STATES);
  const ordered = ex
    .select({ ...getTableColumns(reviews), unitsBought })
    .from(reviews)
    .orderBy(sql`${unitsBought} > 0 desc`, desc(reviews.createdAt), desc(reviews.id));
  return limit === undefined ? ordered : ordered.limit(limit);
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

/** Deletes a review; answers what it was, or null when there was none. */
export async function deleteReview(ex: Executor, id: string): Promise<ReviewRow | null> {
  const [deleted] = await ex.delete(reviews).where(eq(reviews.id, id)).returning();
  return deleted ?? null;
}
