import { rateToPercent } from '../../shared/domain/tax';
import type { Order, OrderHistoryStep, Shipment } from '../../shared/api/orders.schemas';
import { trackingUrl } from '../../shared/domain/shipments';
import { HOLDING_STATES, isPaid } from '../../shared/domain/order-status';
import { centsToDollars } from '../../shared/money';
import { formatCreditNoteNumber, formatInvoiceNumber } from '../../shared/domain/document-numbers';
import { itemsSummary, placedByOf } from '../../shared/domain/order-lines';
import { toOrderTax, toTaxesAtRate } from '../tax/charges';
import { storedTaxesOf } from '../billing/stored-charges';
import type { OrderRow, OrderShipment, PlacedOrder, historyOf } from './storage/orders.repository';

/**
 * An order as the API, mails and documents show it, from its stored row (records/orders.repository.ts
 * reads and writes the row): nothing here queries.
 */

/** The API's order shape (spec §3) with its lines and its derived `paid` flag. */
export function toOrder(row: PlacedOrder): Order {
  const only = row.lines.length === 1 ? row.lines[0] : undefined;
  const backordered = row.lines.reduce((sum, line) => sum + line.backorderedUnits, 0);
  return {
    _id: row.id,
    orderNumber: row.orderNumber,
    toolId: only?.productId ?? null,
    name: row.buyerName,
    email: row.email,
    placedBy: { name: placedByOf(row), email: row.email },
    address: row.address,
    number: row.phone,
    company: row.company,
    poNumber: row.poNumber,
    quantity: row.quantity,
    unitPrice: only ? centsToDollars(only.unitPriceCents) : null,
    amount: centsToDollars(row.amountCents),
    ...orderChargesOf(row),
    itemName: itemsSummary(row.lines),
    sku: only?.sku ?? null,
    lines: row.lines.map((line) => ({
      line: line.lineNumber,
      toolId: line.productId,
      sku: line.sku,
      partNumber: line.partNumber,
      name: line.name,
      quantity: line.quantity,
      unit: line.unit,
      unitPrice: centsToDollars(line.unitPriceCents),
      amount: centsToDollars(line.amountCents),
      priceSource: line.priceSource,
      priceList: line.priceSource === 'contract' ? line.priceSourceLabel : null,
      backordered: line.backorderedUnits,
      shippedQuantity: line.shippedQuantity,
      cancelledQuantity: line.cancelledQuantity,
      returnedQuantity: line.returnedQuantity,
      taxClass: line.taxClass,
      taxRate: rateToPercent(line.taxRate),
      tax: centsToDollars(line.taxCents),
    })),
    paymentMethod: row.paymentMethod,
    dueDate: row.dueDate,
    paid: row.paymentMethod === 'card' && isPaid(row.status),
    status: row.status,
    ...(row.transactionId ? { payment: { transactionId: row.transactionId } } : {}),
    testPayment: row.paidInTestMode,
    refundedAt: latePaymentRefundOf(row)?.settledAt?.toISOString() ?? null,
    refunds: row.refunds.map((refund) => ({
      amount: centsToDollars(refund.amountCents),
      method: refund.method,
      status: refund.status,
      at: refund.requestedAt.toISOString(),
      creditNote: creditNoteNumberOf(row, refund.creditNoteId),
      failure: refund.failure,
    })),
    creditNotes: row.creditNotes.map((note) => ({
      number: formatCreditNoteNumber(note.number),
      amount: centsToDollars(note.amountCents),
      issuedAt: note.issuedAt.toISOString(),
      reason: note.reason,
      lines: note.lines.map(({ lineNumber, quantity }) => ({
        line: lineNumber,
        sku: row.lines.find((line) => line.lineNumber === lineNumber)?.sku ?? null,
        quantity,
      })),
    })),
    cancellationRequest:
      row.cancellationRequestedAt && row.cancellationReason
        ? {
            at: row.cancellationRequestedAt.toISOString(),
            by: row.cancellationRequestedBy,
            reason: row.cancellationReason,
          }
        : null,
    createdAt: row.createdAt.toISOString(),
    holdExpiresAt: HOLDING_STATES.includes(row.status) ? row.holdExpiresAt.toISOString() : null,
    approval: orderApproval(row),
    invoiceNumber: row.invoiceNumber === null ? null : formatInvoiceNumber(row.invoiceNumber),
    creditNoteNumber: row.creditNotes[0] ? formatCreditNoteNumber(row.creditNotes[0].number) : null,
    quoteId: row.quoteId,
    backordered: backordered,
    shipDate: backordered > 0 ? row.shipDate : null,
    shipment: row.carrier ? { carrier: row.carrier, trackingNumber: row.trackingNumber } : null,
    shipments: row.shipments.map((shipment) => toShipment(row, shipment)),
  };
}

/** The refund of a payment that arrived after its order had closed, if one came (it credits no credit note). */
const latePaymentRefundOf = (row: PlacedOrder) =>
  row.refunds.find((refund) => refund.creditNoteId === null && refund.status === 'succeeded');

const creditNoteNumberOf = (row: PlacedOrder, id: string | null) => {
  const note = id ? row.creditNotes.find((candidate) => candidate.id === id) : undefined;
  return note ? formatCreditNoteNumber(note.number) : null;
};

/** A shipment as the API answers it: its lines by line number and SKU. */
export function toShipment(order: PlacedOrder, shipment: OrderShipment): Shipment {
  return {
    _id: shipment.id,
    lines: shipment.lines.map(({ lineNumber, quantity }) => ({
      line: lineNumber,
      sku: order.lines.find((line) => line.lineNumber === lineNumber)?.sku ?? null,
      quantity,
    })),
    carrier: shipment.carrier,
    trackingNumber: shipment.trackingNumber,
    trackingUrl: trackingUrl(shipment.carrier, shipment.trackingNumber),
    shippedAt: shipment.shippedAt.toISOString(),
  };
}

/** The order's charges as stored when it was placed, never recomputed. */
function orderChargesOf(row: PlacedOrder) {
  const taxes = storedTaxesOf(row);
  const tax = toOrderTax(row.taxBasis);
  return {
    shipTo: row.shipTo,
    subtotal: centsToDollars(row.subtotalCents),
    freight: row.freightCents === null ? null : centsToDollars(row.freightCents),
    freightStatus: row.freightKind,
    taxes: tax.treatment === 'no_destination' ? [] : toTaxesAtRate(taxes),
    total: centsToDollars(row.amountCents),
    tax,
  };
}

/** The company's approval of the order, when its rules asked for one. */
function orderApproval(row: OrderRow): Order['approval'] {
  if (!row.approvalRequired) return null;
  return {
    state:
      row.status === 'awaiting_approval'
        ? 'awaiting'
        : row.status === 'rejected'
          ? 'rejected'
          : row.decidedAt
            ? 'approved'
            : // Closed (cancelled, expired) before anyone decided.
              'undecided',
    automatic: row.approvedAutomatically,
    decidedBy: row.decidedBy,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    reason: row.rejectionReason,
  };
}

/**
 * An order's timeline as the API answers it (GET /api/purchase/{id}). A customer sees who in their
 * company took a step, and the shop's own steps as the shop's, without the staff member's address.
 */
export function toHistory(
  steps: Awaited<ReturnType<typeof historyOf>>,
  { forStaff }: { forStaff: boolean },
): OrderHistoryStep[] {
  return steps.map((step) => ({
    at: step.at.toISOString(),
    event: step.event,
    from: step.from,
    to: step.to,
    actor: forStaff || !step.byStaff ? step.actor : null,
    note: step.note,
  }));
}
