import type { Return } from '../../shared/api/returns.schemas';
import { formatCreditNoteNumber, formatInvoiceNumber } from '../../shared/domain/document-numbers';
import { centsToDollars } from '../../shared/money';
import type { CreditNote } from '../records/credit-notes.repository';
import type { OrderRow, PlacedOrder } from './storage/orders.repository';
import { queueWebhookEvent } from '../webhooks/deliveries';
import type { OrderWork } from './order-process';
import { toOrder } from './order-view';

/**
 * What the order process tells webhooks (DESIGN §11), in the transaction of the step itself, so that a
 * step rolled back tells nobody and a step committed is told at least once. Each event's data is the
 * order (and the invoice, credit note or return) as the API shows it then, made only when a webhook of
 * the shop or of the order's company asks for the event.
 */

/** Links to a document in each of its formats: what an ERP fetches with its API key. */
const documentsAt = (url: string) => ({ pdf: url, ubl: `${url}?format=ubl`, cii: `${url}?format=cii` });

/** order.placed, order.changed, order.paid, order.shipped, order.cancelled: the order as it is after the step. */
export async function tellOrder(
  work: OrderWork,
  type: 'order.placed' | 'order.changed' | 'order.paid' | 'order.shipped' | 'order.cancelled',
  order: PlacedOrder,
): Promise<void> {
  await queueWebhookEvent(work.tx, {
    type,
    companyId: order.companyId,
    at: work.at,
    data: () => ({ order: toOrder(order) }),
  });
}

/** invoice.issued: its number, total and due day, links to its PDF, UBL and CII, and the order. */
export async function tellInvoiceIssued(work: OrderWork, order: PlacedOrder): Promise<void> {
  if (order.invoiceNumber === null) return;
  const number = formatInvoiceNumber(order.invoiceNumber);
  await queueWebhookEvent(work.tx, {
    type: 'invoice.issued',
    companyId: order.companyId,
    at: work.at,
    data: () => ({
      invoice: {
        number,
        orderId: order.id,
        orderNumber: order.orderNumber,
        issuedAt: work.at.toISOString(),
        total: centsToDollars(order.amountCents),
        currency: 'USD',
        paymentMethod: order.paymentMethod,
        dueDate: order.dueDate,
        poNumber: order.poNumber,
        documents: documentsAt(`${work.mail.publicUrl}/api/purchase/${order.id}/invoice`),
      },
      order: toOrder(order),
    }),
  });
}

/**
 * credit_note.issued: its number, amount, reason and lines, links to its documents, and the order (as
 * the credit note leaves it).
 */
export async function tellCreditNoteIssued(
  work: OrderWork,
  order: PlacedOrder,
  note: CreditNote,
): Promise<void> {
  const number = formatCreditNoteNumber(note.number);
  await queueWebhookEvent(work.tx, {
    type: 'credit_note.issued',
    companyId: order.companyId,
    at: work.at,
    data: () => ({
      creditNote: {
        number,
        orderId: order.id,
        orderNumber: order.orderNumber,
        invoiceNumber: order.invoiceNumber === null ? null : formatInvoiceNumber(order.invoiceNumber),
        issuedAt: note.issuedAt.toISOString(),
        amount: centsToDollars(note.amountCents),
        currency: 'USD',
        reason: note.reason,
        lines: note.lines.map(({ lineNumber, quantity }) => ({
          line: lineNumber,
          sku: order.lines.find((line) => line.lineNumber === lineNumber)?.sku ?? null,
          quantity,
        })),
        documents: documentsAt(`${work.mail.publicUrl}/api/credit-notes/${number}`),
      },
      order: toOrder(order),
    }),
  });
}

/** return.updated: the return as the API shows it, after each step (requested, approved, rejected, received, refunded). */
export async function tellReturnUpdated(
  work: OrderWork,
  order: Pick<OrderRow, 'companyId'>,
  updated: Return,
): Promise<void> {
  await queueWebhookEvent(work.tx, {
    type: 'return.updated',
    companyId: order.companyId,
    at: work.at,
    data: async () => ({ return: updated }),
  });
}
