import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { testPaymentIntents, testRefunds } from '../db/schema';
import {
  CURRENCY,
  type PaymentEvent,
  type PaymentIntent,
  type NewIntent,
  type PaymentProvider,
  RefundRefusedError,
  type RefundRequest,
  toIntentStatus,
  WebhookSignatureError,
} from './payment-provider';
import { type TestCard, testCardOutcome } from './test-card';

type IntentRow = typeof testPaymentIntents.$inferSelect;

const token = (bytes: number) => randomBytes(bytes).toString('base64url');

function toIntent(row: IntentRow): PaymentIntent {
  return {
    id: row.id,
    clientSecret: row.clientSecret,
    status: toIntentStatus(row.status),
    amountCents: row.amountCents,
    currency: row.currency,
    orderId: row.orderId,
  };
}

/** A Stripe-style signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export function signWebhook(body: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

const CANCELLED_INTENT = 'This payment was cancelled with its order and can no longer be charged.';

export type CardResult = { ok: true; intent: PaymentIntent } | { ok: false; message: string };

/**
 * The built-in provider (DESIGN §4): behaves like Stripe's test mode and keeps its intents in its own
 * table, so the whole payment flow works with no internet and no account anywhere.
 */
export function createTestPaymentProvider(db: Database, webhookSecret = token(24)) {
  return {
    name: 'test' as const,

    async createIntent({ orderId, amountCents, attempt }: NewIntent) {
      const [created] = await db
        .insert(testPaymentIntents)
        .values({
          id: `pi_test_${token(18)}`,
          orderId,
          attempt,
          amountCents,
          currency: CURRENCY,
          clientSecret: `pi_test_secret_${token(24)}`,
          status: 'requires_payment_method',
        })
        .onConflictDoNothing({ target: [testPaymentIntents.orderId, testPaymentIntents.attempt] })
        .returning();
      if (created) return toIntent(created);
      const [existing] = await db
        .select()
        .from(testPaymentIntents)
        .where(and(eq(testPaymentIntents.orderId, orderId), eq(testPaymentIntents.attempt, attempt)));
      if (!existing) throw new Error(`No test intent for order ${orderId}, attempt ${attempt}`);
      return toIntent(existing);
    },

    async retrieveIntent(id: string) {
      const [row] = await db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, id));
      return row ? toIntent(row) : null;
    },

    async cancelIntent(id: string) {
      const [cancelled] = await db
        .update(testPaymentIntents)
        .set({ status: 'canceled', updatedAt: new Date() })
        .where(and(eq(testPaymentIntents.id, id), ne(testPaymentIntents.status, 'succeeded')))
        .returning();
      if (cancelled) return toIntent(cancelled);
      const [row] = await db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, id));
      if (!row) throw new Error(`No test intent ${id}`);
      return toIntent(row);
    },

    async refund({ intentId, amountCents, idempotencyKey }: RefundRequest) {
      // The intent's row is locked: two refunds of one intent are counted one after the other.
      return db.transaction(async (tx) => {
        const [intent] = await tx
          .select()
          .from(testPaymentIntents)
          .where(eq(testPaymentIntents.id, intentId))
          .for('update');
        if (!intent || intent.status !== 'succeeded') {
          throw new RefundRefusedError(`Payment ${intentId} has not succeeded: there is nothing to refund.`);
        }
        const [replay] = await tx
          .select()
          .from(testRefunds)
          .where(eq(testRefunds.idempotencyKey, idempotencyKey));
        if (replay) return { refundId: replay.id };
        const [given] = await tx
          .select({ cents: sql<number>`coalesce(sum(${testRefunds.amountCents}), 0)`.mapWith(Number) })
          .from(testRefunds)
          .where(eq(testRefunds.intentId, intentId));
        const left = intent.amountCents - (given?.cents ?? 0);
        if (amountCents <= 0 || amountCents > left) {
          throw new RefundRefusedError(
            `Refund of ${amountCents} cents refused: ${left} cents of payment ${intentId} are left to refund.`,
          );
        }
        const id = `re_test_${token(18)}`;
        await tx.insert(testRefunds).values({ id, intentId, amountCents, idempotencyKey });
        return { refundId: id };
      });
    },

    /** The refunds this provider made of an intent (for tests: what the customer got back). */
    async refundsOf(intentId: string) {
      return db.select().from(testRefunds).where(eq(testRefunds.intentId, intentId));
    },

    parseWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent {
      const parts = Object.fromEntries(
        (signature ?? '').split(',').map((part) => part.split('=', 2) as [string, string]),
      );
      const timestamp = Number(parts.t);
      const given = Buffer.from(parts.v1 ?? '', 'hex');
      const expected = createHmac('sha256', webhookSecret)
        .update(`${parts.t}.${rawBody.toString('utf8')}`)
        .digest();
      const fresh = Math.abs(Date.now() / 1000 - timestamp) <= 300;
      if (!fresh || given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw new WebhookSignatureError('The webhook signature does not match');
      }
      const event = JSON.parse(rawBody.toString('utf8')) as {
        id: string;
        type: string;
        intent?: PaymentIntent;
      };
      return { id: event.id, type: event.type, intent: event.intent ?? null };
    },

    /** Signs a body as this provider's webhooks are signed (for its tests). */
    signWebhook: (body: string) => signWebhook(body, webhookSecret),

    /**
     * Charges a card against an intent, as Stripe.js's confirmCardPayment does: the outcome follows
     * Stripe's test cards. Only an intent still waiting for a payment method can be charged.
     */
    async confirmCard(clientSecret: string, card: TestCard): Promise<CardResult | null> {
      const [row] = await db
        .select()
        .from(testPaymentIntents)
        .where(eq(testPaymentIntents.clientSecret, clientSecret));
      if (!row) return null;
      if (row.status === 'succeeded') return { ok: true, intent: toIntent(row) };
      if (row.status === 'canceled') return { ok: false, message: CANCELLED_INTENT };
      const problem = testCardOutcome(card);
      if (problem) return { ok: false, message: problem };
      // Only an intent still waiting is charged: one cancelled meanwhile stays cancelled (as at Stripe).
      const [paid] = await db
        .update(testPaymentIntents)
        .set({
          status: 'succeeded',
          cardLast4: card.number.replace(/\D/g, '').slice(-4),
          updatedAt: new Date(),
        })
        .where(
          and(eq(testPaymentIntents.id, row.id), eq(testPaymentIntents.status, 'requires_payment_method')),
        )
        .returning();
      if (paid) return { ok: true, intent: toIntent(paid) };
      // Another confirmation or a cancellation got there first: answer as the intent now is.
      const [now] = await db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, row.id));
      return now?.status === 'succeeded'
        ? { ok: true, intent: toIntent(now) }
        : { ok: false, message: CANCELLED_INTENT };
    },
  } satisfies PaymentProvider & Record<string, unknown>;
}

export type TestPaymentProvider = ReturnType<typeof createTestPaymentProvider>;
