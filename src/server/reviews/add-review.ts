import type { AddReviewBody } from '../../shared/api/reviews.schemas';
import { messages } from '../../shared/messages';
import type { SessionUser } from '../identity/request-user';
import type { Database } from '../db/database';
import { DomainError } from '../http/domain-error';
import { lockAccount } from '../users/users.repository';
import { insertReview, latestReviewSince } from './reviews.repository';

const DAY_MS = 24 * 3_600_000;

/**
 * A signed-in customer adds a review (spec §7 POST /addreview): at most one per account and 24 hours
 * (DESIGN §4), so that one account cannot flood the home page. The account is locked while checking,
 * so two reviews sent at once are counted one after the other.
 */
export async function addReview(
  db: Database,
  user: SessionUser,
  body: AddReviewBody,
): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    await lockAccount(tx, user.id);
    const latest = await latestReviewSince(tx, user.id, new Date(Date.now() - DAY_MS));
    if (latest)
      throw new DomainError('RATE_LIMITED', messages.reviewLimit(new Date(latest.getTime() + DAY_MS)));
    return insertReview(tx, user.id, body);
  });
}
