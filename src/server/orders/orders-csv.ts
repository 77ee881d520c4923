import { Readable, pipeline } from 'node:stream';
import type { AdminOrdersFilter } from '../../shared/api/admin-orders.schemas';
import { formatInvoiceNumber } from '../../shared/domain/document-numbers';
import { centsToDollars } from '../../shared/money';
import type { Database } from '../db/database';
import { neutraliseRecord } from '../http/spreadsheet-cells';
import { eachOrderOf, type OrderRow } from './orders.repository';

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
  'sku',
  'item',
  'quantity',
  'unit_price',
  'amount',
  'transaction_id',
] as const;

const time = (date: Date | null) => date?.toISOString() ?? '';

function csvRecord(order: OrderRow): Record<(typeof COLUMNS)[number], string | number> {
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
    sku: order.sku ?? '',
    item: order.itemName,
    quantity: order.quantity,
    unit_price: centsToDollars(order.unitPriceCents).toFixed(2),
    amount: centsToDollars(order.amountCents).toFixed(2),
    transaction_id: order.transactionId ?? '',
  };
}

/**
 * The orders an admin filter picks (Manage All Orders' export, DESIGN §9), in the order they were
 * placed, streamed a batch at a time. No cell holds anything a spreadsheet would run as a formula.
 */
export async function exportOrdersCsv(db: Database, filter: AdminOrdersFilter): Promise<Readable> {
  const { stringify } = await import('csv-stringify');
  const records = Readable.from(
    (async function* () {
      for await (const order of eachOrderOf(db, filter)) yield neutraliseRecord(csvRecord(order));
    })(),
  );
  // pipeline, not pipe: a failing query destroys the response instead of throwing where nobody listens.
  return pipeline(records, stringify({ header: true, columns: [...COLUMNS], bom: true }), () => undefined);
}
