import { and, asc, count, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/database';
import { mailOutbox } from '../db/schema';
import type { Mail } from './mailer';

/**
 * Every query of the mail outbox (DESIGN §6). A use case queues mail with `queueMail` in the
 * transaction that causes it; the mail worker claims, sends and settles it.
 */

export type OutboxMail = typeof mailOutbox.$inferSelect;

export async function queueMail(ex: Executor, mail: Mail): Promise<void> {
  await queueMails(ex, [mail]);
}

/** Queues several mails in one statement (a sweep's). */
export async function queueMails(ex: Executor, mails: Mail[]): Promise<void> {
  if (mails.length === 0) return;
  await ex.insert(mailOutbox).values(
    mails.map((mail) => ({
      toAddress: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
      attachments: mail.attachments ?? [],
    })),
  );
}

/**
 * Takes up to `limit` mails that are due and not held by another worker, holding them for `leaseMs`
 * (SKIP LOCKED: two workers never take the same mail). A worker that dies holding mail leaves it to
 * be taken again when the lease ends.
 */
export async function claimDueMail(
  db: Database,
  { limit, leaseMs, now = new Date() }: { limit: number; leaseMs: number; now?: Date },
): Promise<OutboxMail[]> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.status, 'pending'),
        lte(mailOutbox.nextAttemptAt, now),
        or(isNull(mailOutbox.lockedUntil), lt(mailOutbox.lockedUntil, now)),
      ),
    )
    .orderBy(asc(mailOutbox.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(mailOutbox)
    .set({ lockedUntil: new Date(now.getTime() + leaseMs), attempts: sql`${mailOutbox.attempts} + 1` })
    .where(inArray(mailOutbox.id, due))
    .returning();
}

export async function markMailSent(db: Database, id: string): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: 'sent', sentAt: new Date(), lockedUntil: null, lastError: null })
    .where(eq(mailOutbox.id, id));
}

/** Records a failed attempt: tried again at `retryAt`, or `failed` for good when there is none. */
export async function markMailAttemptFailed(
  db: Database,
  id: string,
  error: string,
  retryAt: Date | null,
): Promise<void> {
  await db
    .update(mailOutbox)
    .set({
      status: retryAt ? 'pending' : 'failed',
      nextAttemptAt: retryAt ?? new Date(),
      lockedUntil: null,
      lastError: error.slice(0, 500),
    })
    .where(eq(mailOutbox.id, id));
}

export interface MailHealth {
  /** Waiting to be sent, retries included. */
  pending: number;
  /** Gave up after every attempt; an operator should look (each error is in the log and the row). */
  failed: number;
}

export async function mailHealth(db: Database): Promise<MailHealth> {
  const counts = await db
    .select({ status: mailOutbox.status, n: count() })
    .from(mailOutbox)
    .where(inArray(mailOutbox.status, ['pending', 'failed']))
    .groupBy(mailOutbox.status);
  const of = (status: string) => counts.find((row) => row.status === status)?.n ?? 0;
  return { pending: of('pending'), failed: of('failed') };
}
