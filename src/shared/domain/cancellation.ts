import { messages } from '../messages';
import type { OrderStatus } from './order-status';
import { type ShippableLine, type ShipmentLine, takeUnits, unitsStillOpen } from './shipments';

/**
 * What of an order may still be cancelled, and what a credit note gives back (DESIGN §11). A unit may
 * be cancelled until it ships: on backorder or ready to ship. A credit note gives back each credited
 * unit at its line's price, and the line's tax in proportion, so that an order credited in parts is
 * credited exactly its invoice in the end, never a cent more.
 */

/**
 * The states whose units the shop cancels one by one, with a credit note for each cancellation: paid
 * or on account, and not wholly shipped. An order not paid yet is cancelled whole (nothing to credit);
 * a shipped one has nothing left to cancel (its units come back as a return).
 */
export const UNITS_CANCELLABLE_STATES = [
  'paid',
  'on_account',
  'partially_shipped',
] as const satisfies readonly OrderStatus[];

export const unitsCancellableIn = (
  status: OrderStatus,
): status is (typeof UNITS_CANCELLABLE_STATES)[number] =>
  (UNITS_CANCELLABLE_STATES as readonly OrderStatus[]).includes(status);

/**
 * Whether a buyer may ask the shop to cancel an order in this state: paid by card and nothing shipped.
 * (An unpaid order, or one on account, its buyer cancels themself; a shipped one comes back as a return.)
 */
export const buyerMayAskToCancel = (status: OrderStatus): boolean => status === 'paid';

/**
 * The cancellation `asked` describes, by SKU, as lines of the order; or, without `asked`, every unit
 * still open (the whole order, less what shipped). Answers the lines, or the problems in the way.
 */
export function planCancellation(
  lines: readonly ShippableLine[],
  asked?: readonly { sku: string; quantity: number }[],
): { lines: ShipmentLine[] } | { problems: string[] } {
  if (!asked) {
    const open = lines.flatMap((line) => {
      const units = unitsStillOpen(line);
      return units > 0 ? [{ lineNumber: line.lineNumber, quantity: units }] : [];
    });
    return open.length > 0 ? { lines: open } : { problems: [messages.nothingLeftToCancel] };
  }
  return takeUnits(lines, asked, unitsStillOpen, (line, open, total) =>
    messages.cancelTooMany(
      `${line.sku ?? ''} ${line.name}`,
      open,
      line.shippedQuantity,
      line.cancelledQuantity,
      total,
    ),
  );
}

/** Whether cancelling `plan` leaves the order with nothing shipped and nothing to ship: it goes whole. */
export function cancelsWholeOrder(lines: readonly ShippableLine[], plan: readonly ShipmentLine[]): boolean {
  const cancelling = new Map(plan.map((line) => [line.lineNumber, line.quantity]));
  return lines.every(
    (line) => line.shippedQuantity === 0 && unitsStillOpen(line) === (cancelling.get(line.lineNumber) ?? 0),
  );
}

/** An invoiced line as its credit notes read it: its units, amount and tax as invoiced. */
export interface CreditableLine {
  quantity: number;
  amountCents: number;
  taxCents: number;
}

/**
 * What crediting `units` more of a line gives back, when `before` of its units were credited already:
 * its amount and tax up to those units less what was credited for the units before, each rounded to
 * the cent the same way, so the parts always add up to the line as invoiced.
 */
export function creditShare(
  line: CreditableLine,
  before: number,
  units: number,
): { amountCents: number; taxCents: number } {
  const upTo = (cents: number, count: number) => Math.round((cents * count) / line.quantity);
  return {
    amountCents: upTo(line.amountCents, before + units) - upTo(line.amountCents, before),
    taxCents: upTo(line.taxCents, before + units) - upTo(line.taxCents, before),
  };
}
