import { randomUUID } from 'node:crypto';
import { and, arrayContains, asc, desc, eq, inArray, isNull, lt, lte, max, or, sql } from 'drizzle-orm';
import type { WebhookDelivery, WebhookEventType, WebhookTry } from '../../shared/api/webhooks.schemas';
import type { Database, Executor } from '../db/database';
import { webhookDeliveries, webhooks } from '../db/schema';

/**
 * Every query of `webhook_deliveries`, the webhooks' outbox (DESIGN §11). An event is queued in the
 * transaction that makes it, one delivery per webhook that asked for it; the worker claims, sends and
 * settles deliveries. At least once: a receiver deduplicates by the event's id.
 */

/** How long an event is tried for; 'Send again' gives it as long again. */
export const DELIVERY_WINDOW_MS = 24 * 3_600_000;
/** The most tries a delivery's log keeps (the latest; `attempts` counts them all). */
const TRIES_KEPT = 30;

export interface WebhookEvent {
  type: WebhookEventType;
  /** The company the event is about: its webhooks hear of it as well as the shop's (null: the shop's only). */
  companyId: string | null;
  at: Date;
  /** The event's data, made only when a webhook wants the event. */
  data: () => Record<string, unknown> | Promise<Record<string, unknown>>;
}

/**
 * Queues an event for each webhook that asked for its type: the shop's, and its company's. Answers how
 * many deliveries were queued (none: nobody listens, and `data` was never made).
 */
export async function queueWebhookEvent(ex: Executor, event: WebhookEvent): Promise<number> {
  const listening = await ex
    .select({ id: webhooks.id })
    .from(webhooks)
    .where(
      and(
        arrayContains(webhooks.events, [event.type]),
        event.companyId
          ? or(isNull(webhooks.companyId), eq(webhooks.companyId, event.companyId))
          : isNull(webhooks.companyId),
      ),
    );
  if (listening.length === 0) return 0;
  const id = randomUUID();
  const body = JSON.stringify({
    id,
    type: event.type,
    createdAt: event.at.toISOString(),
    data: await event.data(),
  });
  await ex.insert(webhookDeliveries).values(
    listening.map((webhook) => ({
      webhookId: webhook.id,
      eventId: id,
      eventType: event.type,
      body,
      nextAttemptAt: event.at,
      giveUpAt: new Date(event.at.getTime() + DELIVERY_WINDOW_MS),
      createdAt: event.at,
    })),
  );
  return listening.length;
}

export interface DueDelivery {
  id: string;
  webhookId: string;
  eventId: string;
  body: string;
  attempts: number;
  giveUpAt: Date;
  url: string;
  secret: string;
}

/**
 * Takes up to `limit` deliveries that are due and not held by another worker, holding them for
 * `leaseMs` (SKIP LOCKED: two workers never take the same one). A worker killed while sending leaves
 * its deliveries to be taken again when the lease ends: at least once, never lost.
 */
export async function claimDueDeliveries(
  db: Database,
  { limit, leaseMs, now = new Date() }: { limit: number; leaseMs: number; now?: Date },
): Promise<DueDelivery[]> {
  const due = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.status, 'pending'),
        lte(webhookDeliveries.nextAttemptAt, now),
        or(isNull(webhookDeliveries.lockedUntil), lt(webhookDeliveries.lockedUntil, now)),
      ),
    )
    .orderBy(asc(webhookDeliveries.nextAttemptAt), asc(webhookDeliveries.seq))
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(webhookDeliveries)
    .set({
      lockedUntil: new Date(now.getTime() + leaseMs),
      attempts: sql`${webhookDeliveries.attempts} + 1`,
    })
    .where(inArray(webhookDeliveries.id, due))
    .returning({
      id: webhookDeliveries.id,
      seq: webhookDeliveries.seq,
      webhookId: webhookDeliveries.webhookId,
      eventId: webhookDeliveries.eventId,
      body: webhookDeliveries.body,
      attempts: webhookDeliveries.attempts,
      giveUpAt: webhookDeliveries.giveUpAt,
    });
  if (claimed.length === 0) return [];
  const targets = await db
    .select({ id: webhooks.id, url: webhooks.url, secret: webhooks.secret })
    .from(webhooks)
    .where(inArray(webhooks.id, [...new Set(claimed.map((row) => row.webhookId))]));
  return claimed
    .sort((a, b) => a.seq - b.seq)
    .flatMap((row) => {
      const target = targets.find((candidate) => candidate.id === row.webhookId);
      return target ? [{ ...row, url: target.url, secret: target.secret }] : [];
    });
}

/**
 * Records a try: delivered on a 2xx, else tried again at `retryAt`, or failed for good when there is
 * none. The log keeps the latest tries, newest first.
 */
export async function settleDelivery(
  db: Database,
  id: string,
  tried: WebhookTry,
  retryAt: Date | null,
): Promise<void> {
  const delivered = tried.statusCode !== null && tried.statusCode >= 200 && tried.statusCode < 300;
  await db
    .update(webhookDeliveries)
    .set({
      status: delivered ? 'delivered' : retryAt ? 'pending' : 'failed',
      deliveredAt: delivered ? new Date(tried.at) : null,
      nextAttemptAt: delivered || !retryAt ? sql`${webhookDeliveries.nextAttemptAt}` : retryAt,
      lockedUntil: null,
      tries: sql`(select jsonb_agg(t order by n) from jsonb_array_elements(${JSON.stringify([tried])}::jsonb || ${webhookDeliveries.tries}) with ordinality as e(t, n) where n <= ${TRIES_KEPT})`,
    })
    .where(eq(webhookDeliveries.id, id));
}

/** A webhook's deliveries, newest first (its admins' log). */
export async function listDeliveries(
  ex: Executor,
  webhookId: string,
  limit = 50,
): Promise<WebhookDelivery[]> {
  const rows = await ex
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, webhookId))
    .orderBy(desc(webhookDeliveries.seq))
    .limit(limit);
  return rows.map(toDelivery);
}

/** 'Send again': the delivery is due now, and tried for another day (a delivered one too: it is sent once more). */
export async function resendDelivery(
  ex: Executor,
  webhookId: string,
  deliveryId: string,
  now = new Date(),
): Promise<WebhookDelivery | null> {
  const [row] = await ex
    .update(webhookDeliveries)
    .set({
      status: 'pending',
      nextAttemptAt: now,
      giveUpAt: new Date(now.getTime() + DELIVERY_WINDOW_MS),
      lockedUntil: null,
      deliveredAt: null,
    })
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.webhookId, webhookId)))
    .returning();
  return row ? toDelivery(row) : null;
}

/** Per webhook: deliveries waiting and given up on, and the latest one's state (none for a webhook never told). */
export async function deliverySummaries(
  ex: Executor,
  webhookIds: readonly string[],
): Promise<(webhookId: string) => DeliverySummary> {
  if (webhookIds.length === 0) return () => ({ pending: 0, failed: 0, lastDelivery: null });
  const counts = await ex
    .select({
      webhookId: webhookDeliveries.webhookId,
      pending: sql<number>`count(*) filter (where ${webhookDeliveries.status} = 'pending')`.mapWith(Number),
      failed: sql<number>`count(*) filter (where ${webhookDeliveries.status} = 'failed')`.mapWith(Number),
    })
    .from(webhookDeliveries)
    .where(inArray(webhookDeliveries.webhookId, [...webhookIds]))
    .groupBy(webhookDeliveries.webhookId);
  const latestAt = ex
    .select({
      webhookId: webhookDeliveries.webhookId,
      latestSeq: max(webhookDeliveries.seq).as('latest_seq'),
    })
    .from(webhookDeliveries)
    .where(inArray(webhookDeliveries.webhookId, [...webhookIds]))
    .groupBy(webhookDeliveries.webhookId)
    .as('latest');
  const latest = await ex
    .select({
      webhookId: webhookDeliveries.webhookId,
      at: webhookDeliveries.createdAt,
      status: webhookDeliveries.status,
      tries: webhookDeliveries.tries,
    })
    .from(webhookDeliveries)
    .innerJoin(
      latestAt,
      and(eq(latestAt.webhookId, webhookDeliveries.webhookId), eq(latestAt.latestSeq, webhookDeliveries.seq)),
    );
  return (id) => {
    const count = counts.find((row) => row.webhookId === id);
    const last = latest.find((row) => row.webhookId === id);
    return {
      pending: count?.pending ?? 0,
      failed: count?.failed ?? 0,
      lastDelivery: last
        ? { at: last.at.toISOString(), status: last.status, statusCode: last.tries[0]?.statusCode ?? null }
        : null,
    };
  };
}

export interface DeliverySummary {
  pending: number;
  failed: number;
  lastDelivery: { at: string; status: WebhookDelivery['status']; statusCode: number | null } | null;
}

function toDelivery(row: typeof webhookDeliveries.$inferSelect): WebhookDelivery {
  return {
    _id: row.id,
    eventId: row.eventId,
    type: row.eventType,
    status: row.status,
    attempts: row.attempts,
    tries: row.tries,
    nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  };
}
