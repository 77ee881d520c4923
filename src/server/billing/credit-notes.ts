import { formatCreditNoteNumber, formatInvoiceNumber } from '../../shared/domain/document-numbers';
import { creditShare } from '../../shared/domain/cancellation';
import { formatCents } from '../../shared/money';
import { utcDayOf } from '../../shared/days';
import type { Executor } from '../db/database';
import { ledgerEntries } from '../db/schema';
import { type CreditNote, insertCreditNote } from '../records/credit-notes.repository';
import type { BilledOrder } from './billed-order';
import { type RefundRow, insertRefund } from '../records/refunds.repository';
import { breakdownOf } from './document-breakdown';
import type { DocumentBreakdown } from '../../shared/domain/document-breakdown';
import { nextCreditNoteNumber } from './document-numbers';

/**
 * Credit notes (DESIGN §11): what the shop gives back of an invoiced order, issued in the transaction
 * that cancels its units (or, later, refunds a return). Each credits units at their line's invoiced
 * price and their share of its tax (creditShare: the parts add up to the invoice exactly), and the
 * freight with its tax when the order goes whole. The money follows in the same transaction: credited
 * to the company's ledger for an order on account, or a card refund recorded `pending` for the
 * provider (orders/send-refunds.ts sends it once the transaction has committed).
 */

export interface Crediting {
  /**
   * The units credited, by order line; or every unit not shipped and not credited yet (a cancelled
   * order's rest).
   */
  lines: readonly { lineNumber: number; quantity: number }[] | 'not shipped';
  /** The order goes whole: its freight and the freight's tax are credited too (once). */
  withFreight: boolean;
  reason: string;
  /** A refunded return's restocking fee: this percent of the goods and their tax is kept. */
  restockingFeePercent?: number | undefined;
  /** The shop admin issuing it (their email), or null for the shop itself. */
  actor: string | null;
  at: Date;
}

export interface Credited {
  note: CreditNote;
  refund: RefundRow;
  /** Its numbers per tax rate, as its documents print them (breakdownOf). */
  breakdown: DocumentBreakdown;
}

/** Units of each line credited so far, by the order's credit notes. */
function creditedUnits(order: BilledOrder): Map<number, number> {
  const units = new Map<number, number>();
  for (const note of order.creditNotes) {
    for (const line of note.lines)
      units.set(line.lineNumber, (units.get(line.lineNumber) ?? 0) + line.quantity);
  }
  return units;
}

/**
 * Issues the credit note for `crediting` of an invoiced order (its row locked by the caller), with
 * its money: a ledger credit on account, a pending refund by card. Answers null for an order never
 * invoiced (nothing was charged) or when what is credited comes to nothing.
 */
export async function issueCreditNote(
  ex: Executor,
  order: BilledOrder,
  crediting: Crediting,
): Promise<Credited | null> {
  if (order.invoiceNumber === null) return null;
  const before = creditedUnits(order);
  const wanted =
    crediting.lines === 'not shipped'
      ? order.lines.map((line) => ({
          lineNumber: line.lineNumber,
          quantity: line.quantity - line.shippedQuantity - (before.get(line.lineNumber) ?? 0),
        }))
      : crediting.lines;
  const lines = wanted.flatMap(({ lineNumber, quantity }) => {
    const line = order.lines.find((candidate) => candidate.lineNumber === lineNumber);
    if (!line) throw new Error(`Order ${order.id} has no line ${lineNumber}`);
    const already = before.get(lineNumber) ?? 0;
    const units = Math.min(quantity, line.quantity - already);
    return units > 0 ? [{ lineNumber, quantity: units, ...creditShare(line, already, units) }] : [];
  });
  const freightDone = order.creditNotes.some((note) => note.freightCents > 0 || note.freightTaxes.length > 0);
  const freight = crediting.withFreight && !freightDone;
  const freightCents = freight ? (order.freightCents ?? 0) : 0;
  const freightTaxes = freight ? order.freightTaxes : [];
  const subtotalCents = lines.reduce((sum, line) => sum + line.amountCents, 0);
  const goodsTaxCents =
    lines.reduce((sum, line) => sum + line.taxCents, 0) +
    freightTaxes.reduce((sum, part) => sum + part.taxCents, 0);
  const restockingFeeCents = Math.round(
    ((subtotalCents + goodsTaxCents) * (crediting.restockingFeePercent ?? 0)) / 100,
  );
  // The note's numbers are its breakdown's, as its documents print them: the tax credited is the
  // goods' and freight's less the tax the fee keeps.
  const breakdown = breakdownOf(order, { lines, freightCents, freightTaxes, restockingFeeCents });
  const amountCents = breakdown.totalCents;
  if (amountCents <= 0) return null;

  const number = await nextCreditNoteNumber(ex);
  const note = await insertCreditNote(ex, {
    number,
    orderId: order.id,
    issuedAt: crediting.at,
    reason: crediting.reason,
    subtotalCents,
    freightCents,
    freightTaxes,
    taxCents: breakdown.taxCents,
    restockingFeeCents,
    restockingFeeTaxCents: breakdown.feeTaxCents,
    amountCents,
    issuedBy: crediting.actor,
    lines,
  });
  return { note, refund: await payOut(ex, order, note, crediting.at), breakdown };
}

/**
 * The credit note's money: on account, a credit on the company's ledger against the order's invoice;
 * by card, a refund to be sent to the provider, never above what the card paid.
 */
async function payOut(ex: Executor, order: BilledOrder, note: CreditNote, at: Date): Promise<RefundRow> {
  const base = { orderId: order.id, creditNoteId: note.id, amountCents: note.amountCents, requestedAt: at };
  if (order.paymentMethod === 'account') {
    if (!order.companyId) throw new Error(`Order ${order.id} on account has no company`);
    await ex.insert(ledgerEntries).values({
      companyId: order.companyId,
      kind: 'credit_note',
      amountCents: -note.amountCents,
      occurredOn: utcDayOf(at),
      orderId: order.id,
      invoiceNumber: order.invoiceNumber,
      creditNoteId: note.id,
      reference: `Order ${order.orderNumber}: credit note ${formatCreditNoteNumber(note.number)} credits ${formatCents(note.amountCents)} of invoice ${formatInvoiceNumber(order.invoiceNumber ?? 0)}`,
      recordedBy: 'shop',
    });
    return insertRefund(ex, { ...base, method: 'account', status: 'succeeded', settledAt: at, attempts: 0 });
  }
  // The order's refunds as its caller read them under the order's lock (each refund is recorded under
  // it): what its card has been given back or is being given back (every refund not failed).
  const refunded = order.refunds
    .filter((refund) => refund.method === 'card' && refund.status !== 'failed')
    .reduce((sum, refund) => sum + refund.amountCents, 0);
  if (refunded + note.amountCents > order.amountCents) {
    throw new Error(
      `Order ${order.id}: refunding ${note.amountCents} cents more would give back more than the ${order.amountCents} paid (${refunded} given back already)`,
    );
  }
  return insertRefund(ex, { ...base, method: 'card', status: 'pending' });
}
