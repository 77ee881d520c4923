import { z } from 'zod';

/**
 * Signed webhooks (DESIGN §11): what the shop tells another system as it happens. The shop's admin
 * hears of every order; a company's admin of the company's own.
 */
export const WEBHOOK_EVENTS = [
  'order.placed',
  'order.changed',
  'order.paid',
  'order.shipped',
  'order.cancelled',
  'invoice.issued',
  'credit_note.issued',
  'return.updated',
] as const;
export const WebhookEventType = z.enum(WEBHOOK_EVENTS, {
  error: `Events are ${WEBHOOK_EVENTS.join(', ')}`,
});
export type WebhookEventType = z.infer<typeof WebhookEventType>;

/** POST /api/admin/webhooks and /api/company/webhooks: where to send which events. */
export const CreateWebhookBody = z.strictObject({
  url: z
    .string({ error: 'Please give the address to send the events to' })
    .trim()
    .min(1, { error: 'Please give the address to send the events to' })
    .max(2000, { error: 'That address is too long (2,000 characters at most)' }),
  events: z
    .array(WebhookEventType)
    .min(1, { error: 'Choose at least one event' })
    .max(WEBHOOK_EVENTS.length)
    .refine((events) => new Set(events).size === events.length, { error: 'Each event once' }),
});
export type CreateWebhookBody = z.input<typeof CreateWebhookBody>;

/** One try at delivering an event: the receiver's status code, or why there was none. */
export const WebhookTry = z.object({
  at: z.string(),
  statusCode: z.number().int().nullable(),
  error: z.string().nullable(),
  ms: z.number().int(),
});
export type WebhookTry = z.infer<typeof WebhookTry>;

export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;

/** An event on its way to one webhook: every try, and the next. */
export const WebhookDelivery = z
  .object({
    _id: z.string(),
    /** The event's id: the same in every webhook's delivery of it, and in the body (receivers deduplicate by it). */
    eventId: z.string(),
    type: WebhookEventType,
    status: z.enum(WEBHOOK_DELIVERY_STATES),
    attempts: z.number().int(),
    tries: z.array(WebhookTry),
    /** When it is tried next (null once delivered or given up). */
    nextAttemptAt: z.string().nullable(),
    createdAt: z.string(),
    deliveredAt: z.string().nullable(),
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

/** A webhook as its admins see it: never its secret, which was shown once. */
export const Webhook = z
  .object({
    _id: z.string(),
    url: z.string(),
    events: z.array(WebhookEventType),
    createdAt: z.string(),
    /** The company whose orders it hears of (null: the shop's own, every order). */
    company: z.string().nullable(),
    /** Its deliveries waiting for a try, and those given up on. */
    pending: z.number().int(),
    failed: z.number().int(),
    lastDelivery: z
      .object({
        at: z.string(),
        status: z.enum(WEBHOOK_DELIVERY_STATES),
        statusCode: z.number().int().nullable(),
      })
      .nullable(),
  })
  .meta({ id: 'Webhook' });
export type Webhook = z.infer<typeof Webhook>;

/** The answer to registering a webhook: the secret its deliveries are signed with, shown this once. */
export const CreatedWebhook = z.object({ _id: z.string(), secret: z.string() });
export type CreatedWebhook = z.infer<typeof CreatedWebhook>;

export const WebhookParams = z.object({ id: z.uuid({ error: 'Malformed webhook id' }) });
export const WebhookDeliveryParams = z.object({
  id: z.uuid({ error: 'Malformed webhook id' }),
  deliveryId: z.uuid({ error: 'Malformed delivery id' }),
});

/** What every delivery's body is: `data` holds the order, invoice, credit note or return as the API shows it. */
export const WebhookEventBody = z.object({
  id: z.string(),
  type: WebhookEventType,
  createdAt: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type WebhookEventBody = z.infer<typeof WebhookEventBody>;

/** The header each delivery is signed in: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export const SIGNATURE_HEADER = 'Forgeline-Signature';
