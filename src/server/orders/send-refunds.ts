import { formatCreditNoteNumber } from '../../shared/domain/document-numbers';
import { formatCents } from '../../shared/money';
import type { Database } from '../db/database';
import { RefundRefusedError, type PaymentProvider } from '../payments/payment-provider';
import { findCreditNoteById } from '../records/credit-notes.repository';
import { findOrder, recordOrderStep } from './storage/orders.repository';
import {
  type RefundRow,
  countRefundAttempt,
  findRefund,
  pendingRefunds,
  settleRefund,
} from '../records/refunds.repository';

/**
 * Card refunds reach the payment provider here, after the transaction that decided them has committed
 * (a provider is never called inside one). Each is sent with its own id as the idempotency key, so
 * however often it is sent (right after the cancellation, by the refunds job after a failure, by two
 * processes at once) the card is refunded once; the first answer settles it.
 */

export interface RefundDeps {
  db: Database;
  provider: PaymentProvider;
  now?: () => Date;
}

/** The idempotency key of a refund at the provider: the same for every send of it. */
export const refundKey = (refund: Pick<RefundRow, 'id'>) => `refund-${refund.id}`;

/** A card refund as it is sent: the refund, the payment it gives back to, and the credit note it pays. */
export interface RefundToSend {
  refund: RefundRow;
  /** The order's payment at the provider (its transaction id). */
  intentId: string | null;
  /** The credit note the refund pays, by number (a late payment's refund pays none). */
  creditNoteNumber: number | null;
}

/**
 * Sends the pending card refund `refundId` to the provider (sendCardRefund), as it is stored now: one
 * settled already, or not by card, is answered as it is.
 */
export async function sendRefund(deps: RefundDeps, refundId: string): Promise<RefundRow | null> {
  const refund = await findRefund(deps.db, refundId);
  if (!refund || refund.status !== 'pending' || refund.method !== 'card') return refund;
  const order = await findOrder(deps.db, refund.orderId);
  const note = refund.creditNoteId ? await findCreditNoteById(deps.db, refund.creditNoteId) : null;
  return sendCardRefund(deps, {
    refund,
    intentId: order?.transactionId ?? null,
    creditNoteNumber: note?.number ?? null,
  });
}

/**
 * Sends a pending card refund to the provider and settles it as the provider answers: succeeded (a
 * step of the order's timeline), or failed for good with its reason. A passing failure (the network,
 * an outage) leaves it pending for the refunds job and is thrown. The work that recorded the refund
 * sends it with what it knows (runOrderWork); the refunds job reads it first (sendRefund). Answers the
 * refund as it is after.
 */
export async function sendCardRefund(
  deps: RefundDeps,
  { refund, intentId, creditNoteNumber }: RefundToSend,
): Promise<RefundRow | null> {
  const { db, provider, now = () => new Date() } = deps;
  if (!intentId) throw new Error(`Order ${refund.orderId} has no payment to refund`);
  let outcome: { providerRefundId: string } | { failure: string };
  try {
    const { refundId: providerRefundId } = await provider.refund({
      intentId,
      amountCents: refund.amountCents,
      idempotencyKey: refundKey(refund),
    });
    outcome = { providerRefundId };
  } catch (error) {
    if (!(error instanceof RefundRefusedError)) {
      await countRefundAttempt(db, refund.id);
      throw error;
    }
    outcome = { failure: error.message };
  }
  const at = now();
  return db.transaction(async (tx) => {
    const settled = await settleRefund(tx, refund.id, outcome, at);
    // Another send answered first: it settled the refund and wrote its step.
    if (!settled) return findRefund(tx, refund.id);
    const what = `${formatCents(refund.amountCents)} to the card${creditNoteNumber === null ? '' : ` (credit note ${formatCreditNoteNumber(creditNoteNumber)})`}`;
    await recordOrderStep(tx, refund.orderId, {
      at,
      actor: null,
      event: 'refunded',
      note:
        'failure' in outcome ? `Refund of ${what} refused by the payment provider: ${outcome.failure}` : what,
    });
    return settled;
  });
}

/**
 * The refunds job: sends again every card refund still pending a minute after it was asked for (the
 * provider did not answer, the process stopped before it sent). Answers how many settled.
 */
export async function sendPendingRefunds(deps: RefundDeps, limit = 50): Promise<number> {
  const now = deps.now?.() ?? new Date();
  const due = await pendingRefunds(deps.db, new Date(now.getTime() - 60_000), limit);
  let settled = 0;
  for (const refund of due) {
    try {
      const after = await sendRefund(deps, refund.id);
      if (after && after.status !== 'pending') settled += 1;
    } catch {
      // Still pending (counted in its attempts): the next run sends it again.
    }
  }
  return settled;
}
