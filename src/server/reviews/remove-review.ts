import { messages } from '../../shared/messages';
import { type Actor, recordAudit } from '../audit/audit.repository';
import type { Database } from '../db/database';
import { DomainError } from '../http/domain-error';
import { deleteReview } from './reviews.repository';

/** An admin removes a review (Dashboard → Manage Reviews); the audit log keeps what it said. */
export async function removeReview(db: Database, actor: Actor, id: string): Promise<{ deletedCount: 1 }> {
  await db.transaction(async (tx) => {
    const removed = await deleteReview(tx, id);
    if (!removed) throw new DomainError('NOT_FOUND', messages.reviewNotFound);
    await recordAudit(tx, actor, {
      action: 'review.delete',
      subject: `review by ${removed.name}`,
      before: { name: removed.name, rating: removed.rating, text: removed.text, image: removed.imageUrl },
    });
  });
  return { deletedCount: 1 };
}
