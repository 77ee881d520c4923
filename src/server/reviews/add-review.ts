import type { AddReviewBody } from '../../shared/api/reviews.schemas';
import type { SessionUser } from '../auth/session';
import type { Database } from '../db/database';
import { reviews } from '../db/schema';

/** A signed-in customer's review (spec §7 POST /addreview); the schema already enforced 1..5 and http(s). */
export async function addReview(
  db: Database,
  user: SessionUser,
  body: AddReviewBody,
): Promise<{ id: string }> {
  const [row] = await db
    .insert(reviews)
    .values({
      name: body.name,
      imageUrl: body.img,
      text: body.customer_review,
      rating: body.rating,
      userId: user.id,
    })
    .returning({ id: reviews.id });
  if (!row) throw new Error('The review was not stored');
  return row;
}
