import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import { AFTER_START_MS, outboxLoop } from '../config/time-limits';
import type { MailAttachmentRef } from '../db/schema';
import type { MailFile, MailTransport } from './mailer';
import { claimDueMail, markMailAttemptFailed, markMailSent } from './outbox';

export interface MailWorkerOptions {
  db: Database;
  transport: MailTransport;
  log: FastifyBaseLogger;
  /** How often the outbox is looked at when nothing nudges the worker (mail queued by another process). */
  pollMs?: number;
  /**
   * When the outbox is first looked at (mail left by an earlier run): by default a second after the
   * start, or at the first poll if that is sooner, so that a start's first answers do not wait for it.
   */
  firstRunMs?: number;
  /** The first retry waits this long; each next one twice as long, up to an hour. */
  retryBaseMs?: number;
  /** Attempts before a mail is marked failed. */
  maxAttempts?: number;
  /** Makes a queued mail's attachments (an invoice PDF) as it is sent; a failure is a failed attempt. */
  makeAttachments?: (refs: MailAttachmentRef[]) => Promise<MailFile[]>;
}

const BATCH = 10;
const LEASE_MS = 2 * 60_000;
const MAX_RETRY_DELAY_MS = 60 * 60_000;

/**
 * Sends the outbox (DESIGN §6): outside every request, one mail at a time, each retried with
 * exponential backoff until `maxAttempts`. `nudge()` makes it look at once (after queueing mail);
 * `stop()` waits for the mail being sent (outboxLoop).
 */
export function startMailWorker({
  db,
  transport,
  log,
  pollMs = 5_000,
  firstRunMs = Math.min(pollMs, AFTER_START_MS),
  retryBaseMs = 30_000,
  maxAttempts = 8,
  makeAttachments = async () => [],
}: MailWorkerOptions) {
  return outboxLoop(
    async (stopped) => {
      const batch = await claimDueMail(db, { limit: BATCH, leaseMs: LEASE_MS });
      for (const mail of batch) {
        if (stopped()) return false;
        try {
          await transport.deliver({
            id: mail.id,
            to: mail.toAddress,
            subject: mail.subject,
            text: mail.textBody,
            html: mail.htmlBody,
            files: mail.attachments.length > 0 ? await makeAttachments(mail.attachments) : [],
          });
          await markMailSent(db, mail.id);
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          const retryAt =
            mail.attempts >= maxAttempts
              ? null
              : new Date(Date.now() + Math.min(retryBaseMs * 2 ** (mail.attempts - 1), MAX_RETRY_DELAY_MS));
          await markMailAttemptFailed(db, mail.id, message, retryAt);
          log.warn(
            { mailId: mail.id, attempt: mail.attempts, retryAt, error: message },
            retryAt ? 'mail not sent; will retry' : 'mail not sent; gave up after the last attempt',
          );
        }
      }
      return batch.length === BATCH;
    },
    {
      pollMs,
      firstRunMs,
      onError: (error: unknown) => log.warn({ err: error }, 'mail worker could not read the outbox'),
    },
  );
}

export type MailWorker = ReturnType<typeof startMailWorker>;
