import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type {
  CreateWebhookBody,
  CreatedWebhook,
  Webhook,
  WebhookDelivery,
} from '../../shared/api/webhooks.schemas';
import { messages } from '../../shared/messages';
import { type Actor, recordAudit } from '../audit/audit.repository';
import type { Database, Executor } from '../db/database';
import { companies, webhooks } from '../db/schema';
import { DomainError } from '../http/domain-error';
import { type WebhookAddressPolicy, assertWebhookAddress } from './webhook-address';
import { deliverySummaries, listDeliveries, resendDelivery } from './deliveries';

/**
 * Every query of `webhooks`, and what registering one means (DESIGN §11): the shop's admin registers
 * the shop's own webhooks, which hear of every order; a company's admin the company's, which hear of its
 * own orders only. Each is checked as a receiver's address (webhook-address.ts) and given a secret that
 * signs its deliveries, shown once.
 */

/** Whose webhooks: the shop's own, or one company's. */
export type WebhookOwner = { kind: 'shop' } | { kind: 'company'; companyId: string };

/** The most webhooks one owner keeps: each event is one delivery to each. */
export const MAX_WEBHOOKS = 10;

const ownedBy = (owner: WebhookOwner) =>
  owner.kind === 'shop' ? isNull(webhooks.companyId) : eq(webhooks.companyId, owner.companyId);

/** Registers a webhook: its address checked, its secret made and answered this once. */
export async function createWebhook(
  db: Database,
  actor: Actor,
  owner: WebhookOwner,
  { url, events }: CreateWebhookBody,
  policy: WebhookAddressPolicy,
): Promise<CreatedWebhook> {
  const address = await assertWebhookAddress(url, policy);
  const secret = `whsec_${randomBytes(32).toString('base64url')}`;
  return db.transaction(async (tx) => {
    const [held] = await tx.select({ n: count() }).from(webhooks).where(ownedBy(owner));
    if ((held?.n ?? 0) >= MAX_WEBHOOKS)
      throw new DomainError('CONFLICT', messages.webhookTooMany(MAX_WEBHOOKS));
    const [row] = await tx
      .insert(webhooks)
      .values({
        companyId: owner.kind === 'company' ? owner.companyId : null,
        url: address.toString(),
        events: [...new Set(events)],
        secret,
        createdBy: actor.email.toLowerCase(),
      })
      .returning({ id: webhooks.id });
    if (!row) throw new Error('The webhook was not stored');
    await recordAudit(tx, actor, {
      action: 'webhook.create',
      subject: subjectOf(owner, address.toString()),
      after: { url: address.toString(), events },
    });
    return { _id: row.id, secret };
  });
}

/** The owner's webhooks, newest first, each with its deliveries' state. */
export async function listWebhooks(db: Database, owner: WebhookOwner): Promise<Webhook[]> {
  const rows = await db
    .select({
      id: webhooks.id,
      url: webhooks.url,
      events: webhooks.events,
      createdAt: webhooks.createdAt,
      company: companies.name,
    })
    .from(webhooks)
    .leftJoin(companies, eq(companies.id, webhooks.companyId))
    .where(ownedBy(owner))
    .orderBy(desc(webhooks.createdAt));
  const summaryOf = await deliverySummaries(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    _id: row.id,
    url: row.url,
    events: row.events,
    createdAt: row.createdAt.toISOString(),
    company: row.company,
    ...summaryOf(row.id),
  }));
}

/** Removes a webhook and its deliveries: nothing more is sent to it. */
export async function deleteWebhook(
  db: Database,
  actor: Actor,
  owner: WebhookOwner,
  id: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(webhooks)
      .where(and(eq(webhooks.id, id), ownedBy(owner)))
      .returning({ url: webhooks.url, events: webhooks.events });
    if (!removed) throw new DomainError('NOT_FOUND', messages.webhookNotFound);
    await recordAudit(tx, actor, {
      action: 'webhook.delete',
      subject: subjectOf(owner, removed.url),
      before: { url: removed.url, events: removed.events },
    });
  });
}

/** A webhook's delivery log, newest first. */
export async function webhookDeliveries(
  db: Database,
  owner: WebhookOwner,
  id: string,
): Promise<WebhookDelivery[]> {
  await mustOwn(db, owner, id);
  return listDeliveries(db, id);
}

/** 'Send again': the delivery is tried now and for another day. */
export async function sendAgain(
  db: Database,
  actor: Actor,
  owner: WebhookOwner,
  id: string,
  deliveryId: string,
): Promise<WebhookDelivery> {
  return db.transaction(async (tx) => {
    const url = await mustOwn(tx, owner, id);
    const delivery = await resendDelivery(tx, id, deliveryId);
    if (!delivery) throw new DomainError('NOT_FOUND', messages.webhookDeliveryNotFound);
    await recordAudit(tx, actor, {
      action: 'webhook.resend',
      subject: subjectOf(owner, url),
      after: { event: delivery.eventId, type: delivery.type },
    });
    return delivery;
  });
}

async function mustOwn(ex: Executor, owner: WebhookOwner, id: string): Promise<string> {
  const [row] = await ex
    .select({ url: webhooks.url })
    .from(webhooks)
    .where(and(eq(webhooks.id, id), ownedBy(owner)));
  if (!row) throw new DomainError('NOT_FOUND', messages.webhookNotFound);
  return row.url;
}

const subjectOf = (owner: WebhookOwner, url: string) =>
  owner.kind === 'shop' ? `webhook ${url}` : `webhook ${url} of company ${owner.companyId}`;
