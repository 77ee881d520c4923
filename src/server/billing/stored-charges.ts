import type { StoredCharges } from '../../shared/domain/order-charges';
import { taxesWithComponents } from '../../shared/domain/tax';
import type { BilledOrder } from './billed-order';

/**
 * An order's charges as it stored them when placed (and its freight when quoted), never recomputed:
 * what its invoice, credit notes and mails print, and the API shows.
 */

/** The order's charges as stored, in cents: what mails, invoices and credit notes print. */
export function storedChargesOf(order: BilledOrder): StoredCharges {
  return {
    subtotalCents: order.subtotalCents,
    freightCents: order.freightCents,
    freightKind: order.freightKind,
    taxes: storedTaxesOf(order),
    totalCents: order.amountCents,
    treatment: order.taxBasis?.treatment ?? 'no_destination',
    certificateKind: order.taxBasis?.certificate?.kind ?? null,
  };
}

/**
 * The order's tax by rate: its lines' and its freight's, the highest rate first; a rate made of
 * components (Quebec's GST and QST) split into them on what it taxes.
 */
export const storedTaxesOf = (order: BilledOrder): StoredCharges['taxes'] =>
  taxesWithComponents(
    order.lines.map((line) => ({
      amountCents: line.amountCents,
      rate: line.taxRate,
      taxCents: line.taxCents,
    })),
    order.freightTaxes,
    order.taxBasis?.rates,
  );
