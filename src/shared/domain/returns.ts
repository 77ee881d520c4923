import { messages } from '../messages';
import type { OrderStatus } from './order-status';
import { type ShippableLine, type ShipmentLine, takeUnits } from './shipments';

/**
 * What of an order may come back (DESIGN §11): shipped units, within the shop's return window of their
 * shipment, never more than were shipped less those already being returned or returned.
 */

export const RETURN_STATUSES = ['requested', 'approved', 'rejected', 'received', 'refunded'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/** The conditions a returned unit arrives in: resellable units go back to stock. */
export const RETURN_CONDITIONS = ['resellable', 'damaged'] as const;
export type ReturnCondition = (typeof RETURN_CONDITIONS)[number];

export interface ReturnableLine extends ShippableLine {
  returnedQuantity: number;
  /** Units of the line that left in shipments still inside the return window. */
  recentlyShipped: number;
}

/** The states of an order some of whose units have left, and so may come back. */
export const returnableIn = (status: OrderStatus): boolean =>
  status === 'partially_shipped' || status === 'shipped';

/**
 * A line's units that may still be returned: those shipped within the window, less every unit already
 * returned or being returned, whichever shipment it came in (a unit is counted once: units returned
 * from an old shipment do not make room among the recent ones).
 */
export const unitsReturnable = (line: ReturnableLine): number =>
  Math.max(0, Math.min(line.shippedQuantity, line.recentlyShipped) - line.returnedQuantity);

/** The return `asked` describes, by SKU, as lines of the order; or the problems in its way. */
export function planReturn(
  lines: readonly ReturnableLine[],
  asked: readonly { sku: string; quantity: number }[],
): { lines: ShipmentLine[] } | { problems: string[] } {
  return takeUnits(lines, asked, unitsReturnable, (line, returnable, total) =>
    messages.returnTooMany(`${line.sku ?? ''} ${line.name}`, returnable, total),
  );
}

/** Which statuses a return moves on from, and to: the shop's steps. */
const steps: Record<ReturnStatus, readonly ReturnStatus[]> = {
  requested: ['approved', 'rejected'],
  approved: ['received'],
  received: ['refunded'],
  rejected: [],
  refunded: [],
};

export const canReturnMove = (from: ReturnStatus, to: ReturnStatus): boolean => steps[from].includes(to);
