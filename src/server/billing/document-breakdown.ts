import { type DocumentBreakdown, documentBreakdown } from '../../shared/domain/document-breakdown';
import type { CreditNote } from '../records/credit-notes.repository';
import type { BilledOrder } from './billed-order';

/** What a credit note credits, as its breakdown reads it. */
export type CreditedContent = Pick<CreditNote, 'freightCents' | 'freightTaxes' | 'restockingFeeCents'> & {
  lines: readonly Pick<CreditNote['lines'][number], 'lineNumber' | 'amountCents' | 'taxCents'>[];
};

/**
 * The breakdown of an order's invoice, or of one of its credit notes (the units it credits at the
 * invoice's prices and rates, the freight when it credits it, less a return's restocking fee): what
 * the document's PDF prints and its UBL, CII and Factur-X XML state, computed by the one rule of
 * shared/domain/document-breakdown.ts, and kept in the document's snapshot as it is issued.
 */
export function breakdownOf(
  order: BilledOrder,
  /** A credit note, or what one will credit as it is issued (billing/credit-notes.ts). */
  note: CreditedContent | null,
): DocumentBreakdown {
  const rateOf = new Map(order.lines.map((line) => [line.lineNumber, line.taxRate]));
  if (!note) {
    return documentBreakdown({
      lines: order.lines.map((line) => ({
        rate: line.taxRate,
        amountCents: line.amountCents,
        taxCents: line.taxCents,
      })),
      freightCents: order.freightCents ?? 0,
      freightTaxes: order.freightTaxes,
      zoneRates: order.taxBasis?.rates ?? null,
    });
  }
  return documentBreakdown({
    lines: note.lines.map((line) => ({
      rate: rateOf.get(line.lineNumber) ?? 0,
      amountCents: line.amountCents,
      taxCents: line.taxCents,
    })),
    freightCents: note.freightCents,
    freightTaxes: note.freightTaxes,
    feeGrossCents: note.restockingFeeCents,
    zoneRates: order.taxBasis?.rates ?? null,
  });
}
