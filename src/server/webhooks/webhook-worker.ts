import type { FastifyBaseLogger } from 'fastify';
import { AFTER_START_MS, outboxLoop } from '../config/time-limits';
import type { Database } from '../db/database';
import { type DueDelivery, claimDueDeliveries, settleDelivery } from './deliveries';
import type { Sender } from './send-webhook';

export interface WebhookWorkerOptions {
  db: Database;
  sender: Sender;
  log: FastifyBaseLogger;
  /** The longest one delivery may take, redirects included; a claim is held for twice that and 5 s. */
  timeoutMs: number;
  /** How often the outbox is looked at: events are queued by requests of any process. */
  pollMs?: number;
  firstRunMs?: number;
  /** The first retry waits this long; each next one twice as long, up to an hour, for a day in all. */
  retryBaseMs?: number;
}

/**
 * Deliveries taken at once: each webhook's sent one after another in the order they were queued, the
 * webhooks side by side (one slow receiver does not hold the others up).
 */
const BATCH = 8;
const MAX_RETRY_DELAY_MS = 60 * 60_000;

/**
 * Sends the webhooks' outbox (DESIGN §11), outside every request: each due delivery POSTed signed,
 * retried with exponential backoff (30 s, 1 min, 2 min… then hourly) until it is answered 2xx or its
 * day is over. A process killed mid-send leaves its claim to lapse, and the delivery is sent again:
 * at least once.
 */
export function startWebhookWorker({
  db,
  sender,
  log,
  timeoutMs,
  pollMs = 1_000,
  firstRunMs = Math.min(pollMs, AFTER_START_MS),
  retryBaseMs = 30_000,
}: WebhookWorkerOptions) {
  const leaseMs = 2 * timeoutMs + 5_000;

  async function deliver(delivery: DueDelivery) {
    const started = Date.now();
    const outcome = await sender.send(delivery);
    const tried = { at: new Date(started).toISOString(), ...outcome, ms: Date.now() - started };
    const ok = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
    const next = new Date(
      Date.now() + Math.min(retryBaseMs * 2 ** (delivery.attempts - 1), MAX_RETRY_DELAY_MS),
    );
    const retryAt = ok || next > delivery.giveUpAt ? null : next;
    await settleDelivery(db, delivery.id, tried, retryAt);
    if (!ok) {
      log.warn(
        {
          deliveryId: delivery.id,
          attempt: delivery.attempts,
          statusCode: outcome.statusCode,
          error: outcome.error,
          retryAt,
        },
        retryAt ? 'webhook not delivered; will retry' : 'webhook not delivered; gave up after a day of tries',
      );
    }
  }

  return outboxLoop(
    async () => {
      const batch = await claimDueDeliveries(db, { limit: BATCH, leaseMs });
      const byWebhook = new Map<string, DueDelivery[]>();
      for (const delivery of batch) {
        byWebhook.set(delivery.webhookId, [...(byWebhook.get(delivery.webhookId) ?? []), delivery]);
      }
      await Promise.all(
        [...byWebhook.values()].map(async (deliveries) => {
          for (const delivery of deliveries) await deliver(delivery);
        }),
      );
      return batch.length === BATCH;
    },
    {
      pollMs,
      firstRunMs,
      onError: (error: unknown) => log.warn({ err: error }, 'webhook worker could not read its outbox'),
    },
  );
}

export type WebhookWorker = ReturnType<typeof startWebhookWorker>;
