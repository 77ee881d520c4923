import type { Executor } from '../db/database';
import type { OrderLineRow, OrderRow, ShipmentRow } from '../db/schema';
import type { CreditNote } from '../records/credit-notes.repository';
import type { RefundRow } from '../records/refunds.repository';

/**
 * The order billing is given: its row, its lines in line order, its shipments, credit notes and
 * refunds, oldest first. Billing never reads the orders tables (orders/ owns them, eslint.config.js):
 * the order process hands it the order it has, and where billing must find one itself (a document
 * issued before documents were kept, read for the first time) it is given the loader.
 */
export type BilledOrder = OrderRow & {
  lines: OrderLineRow[];
  shipments: (ShipmentRow & { lines: { lineNumber: number; quantity: number }[] })[];
  creditNotes: CreditNote[];
  refunds: RefundRow[];
};

/** Finds an order with all billing reads of it (orders/storage, placedOrderOf), or null. */
export type OrderLoader = (ex: Executor, orderId: string) => Promise<BilledOrder | null>;
