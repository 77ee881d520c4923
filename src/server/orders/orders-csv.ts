import { Readable, pipeline } from 'node:stream';
import type { AdminOrdersFilter } from '../../shared/api/admin-orders.schemas';
import { formatCreditNoteNumber, formatInvoiceNumber } from '../../shared/domain/document-numbers';
import { rateToPercent } from '../../shared/domain/tax';
import { centsToDollars } from '../../shared/money';
import type { Database } from '../db/database';
import { neutraliseRecord } from '../http/spreadsheet-cells';
import { eachOrderOf, type OrderLineRow, type PlacedOrder } from './storage/orders.repository';

const COLUMNS = [
  'order_number',
  'placed_at',
  'status',
  'paid_at',
  'shipped_at',
  'invoice_number',
  'buyer_name',
  'email',
  'company',
  'po_number',
  'phone',
  'address',
  'line',
  'sku',
  'item',
  'quantity',
  'unit_price',
  'line_amount',
  'order_units',
  'order_amount',
  'transaction_id',
  // Where it went, how each line and the order were taxed, the freight, and any credit note.
  'ship_country',
  'ship_region',
  'line_tax_rate',
  'line_tax',
  'order_subtotal',
  'order_freight',
  'order_tax',
  'tax_treatment',
  'credit_note_number',
  // What the buyer's company calls the product, and the unit its quantity counts.
  'part_number',
  'unit',
] as const;

const time = (date: Date | null) => date?.toISOString() ?? '';

/** One row per line, each with its order's columns, so a spreadsheet can filter or sum either. */
function csvRecord(
  order: PlacedOrder,
  line: OrderLineRow,
): Record<(typeof COLUMNS)[number], string | number> {
  return {
    order_number: order.orderNumber,
    placed_at: time(order.createdAt),
    status: order.status,
    paid_at: time(order.paidAt),
    shipped_at: time(order.shippedAt),
    invoice_number: order.invoiceNumber === null ? '' : formatInvoiceNumber(order.invoiceNumber),
    buyer_name: order.buyerName,
    email: order.email,
    company: order.company ?? '',
    po_number: order.poNumber ?? '',
    phone: order.phone,
    address: order.address,
    line: line.lineNumber,
    sku: line.sku ?? '',
    item: line.name,
    quantity: line.quantity,
    unit_price: centsToDollars(line.unitPriceCents).toFixed(2),
    line_amount: centsToDollars(line.amountCents).toFixed(2),
    order_units: order.quantity,
    order_amount: centsToDollars(order.amountCents).toFixed(2),
    transaction_id: order.transactionId ?? '',
    ship_country: order.shipTo?.country ?? '',
    ship_region: order.shipTo?.region ?? '',
    line_tax_rate: rateToPercent(line.taxRate),
    line_tax: centsToDollars(line.taxCents).toFixed(2),
    order_subtotal: centsToDollars(order.subtotalCents).toFixed(2),
    // Empty while the shop is still quoting a pallet's freight.
    order_freight: order.freightCents === null ? '' : centsToDollars(order.freightCents).toFixed(2),
    order_tax: centsToDollars(order.taxCents).toFixed(2),
    tax_treatment: order.taxBasis?.treatment ?? 'no_destination',
    // Every credit note of the order, oldest first.
    credit_note_number: order.creditNotes.map((note) => formatCreditNoteNumber(note.number)).join(' '),
    part_number: line.partNumber ?? '',
    unit: line.unit ?? '',
  };
}

/**
 * The orders an admin filter picks (Manage All Orders' export, DESIGN §9), a row per line, in the
 * order they were placed, streamed a batch at a time. No cell holds anything a spreadsheet would run as a formula.
 */
export async function exportOrdersCsv(db: Database, filter: AdminOrdersFilter): Promise<Readable> {
  const { stringify } = await import('csv-stringify');
  const records = Readable.from(
    (async function* () {
      for await (const order of eachOrderOf(db, filter)) {
        for (const line of order.lines) yield neutraliseRecord(csvRecord(order, line));
      }
    })(),
  );
  // pipeline, not pipe: a failing query destroys the response instead of throwing where nobody listens.
  return pipeline(records, stringify({ header: true, columns: [...COLUMNS], bom: true }), () => undefined);
}
