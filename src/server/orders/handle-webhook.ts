import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { processedWebhookEvents } from '../db/schema';
import { DomainError } from '../http/domain-error';
import { type PaymentEvent, WebhookSignatureError } from '../payments/payment-provider';
import { type SettlePaymentDeps, settlePayment } from './settle-payment';
import { messages } from '../../shared/messages';

/**
 * A provider's webhook delivery (DESIGN §4): the signature is verified against the raw body first; a
 * succeeded payment settles its order through the same checks as PATCH /purchase/{id}; each event id is
 * handled once, however often it is delivered.
 */
export async function handleWebhook(
  deps: SettlePaymentDeps & { log: FastifyBaseLogger },
  rawBody: Buffer,
  signature: string | undefined,
): Promise<'handled' | 'duplicate' | 'ignored'> {
  let event;
  try {
    event = deps.provider.parseWebhook(rawBody, signature);
  } catch (error) {
    if (error instanceof WebhookSignatureError)
      throw new DomainError('INVALID_SIGNATURE', messages.webhookSignature);
    throw error;
  }

  const [seen] = await deps.db
    .select({ id: processedWebhookEvents.id })
    .from(processedWebhookEvents)
    .where(eq(processedWebhookEvents.id, event.id));
  if (seen) return 'duplicate';

  const outcome = await applyEvent(deps, event);
  // Recorded only once applied: a delivery that failed on our side is applied when the provider retries.
  await deps.db
    .insert(processedWebhookEvents)
    .values({ id: event.id, type: event.type })
    .onConflictDoNothing();
  return outcome;
}

async function applyEvent(
  deps: SettlePaymentDeps & { log: FastifyBaseLogger },
  event: PaymentEvent,
): Promise<'handled' | 'ignored'> {
  if (event.type !== 'payment_intent.succeeded' || !event.intent?.orderId) return 'ignored';
  try {
    await settlePayment(deps, null, event.intent.orderId, event.intent.id);
    return 'handled';
  } catch (error) {
    // The provider must not retry what can never succeed (a cancelled order, a mismatched amount).
    if (error instanceof DomainError) {
      deps.log.warn({ eventId: event.id, code: error.code }, `webhook not applied: ${error.message}`);
      return 'ignored';
    }
    throw error;
  }
}
