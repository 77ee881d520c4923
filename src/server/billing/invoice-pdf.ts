import { formatCreditNoteNumber, formatInvoiceNumber } from '../../shared/domain/document-numbers';
import { formatCents } from '../../shared/money';
import {
  type StoredCharges,
  certificateLabel,
  chargeRows,
  formatRate,
  taxNotice,
} from '../../shared/domain/order-charges';
import { DEFAULT_UNIT } from '../../shared/domain/units';
import { formatUnits } from '../../shared/numbers';
import type { ShopDetails } from '../config/shop-details';
import type { OrderLineRow, OrderRow } from '../db/schema';
import type { BilledOrder } from './billed-order';
import type { CreditNote } from '../records/credit-notes.repository';
import type { DocumentBreakdown } from '../../shared/domain/document-breakdown';
import { placedByOf } from '../../shared/domain/order-lines';
import {
  BOLD,
  INK,
  MUTED,
  PAGE,
  REGULAR,
  RIGHT,
  formatDay,
  labelled,
  sellerHeader,
  startDocument,
  tableWriter,
} from '../documents/pdf-layout';

export { formatDay };

/**
 * An order that has an invoice: paid by card (or shipped after), with its payment; or placed on the
 * company's account, invoiced when placed and due on a day.
 */
export type InvoicedOrder = BilledOrder & { invoiceNumber: number };

export function isInvoiced<T extends OrderRow>(order: T): order is T & { invoiceNumber: number } {
  if (order.invoiceNumber === null) return false;
  return order.paymentMethod === 'account'
    ? order.invoicedAt !== null && order.dueDate !== null
    : order.paidAt !== null && order.transactionId !== null;
}

/** The day an invoice is dated: the day it was paid by card, or issued on account. */
const invoiceDay = (order: OrderRow) => order.invoicedAt ?? order.paidAt ?? order.createdAt;

/**
 * The invoice of a paid order as a PDF (US Letter), made with pdfkit: the seller from content/,
 * the buyer with company and PO number, a row per line with SKU, quantity, unit price and amount
 * (continued on further pages, under the column titles again), and the payment's date and
 * transaction id, or for an order on account its due date and the seller's bank details. Drawn once,
 * from the snapshot recorded as the invoice was issued, and kept (billing/issued-documents.ts).
 */
export async function renderInvoicePdf(
  order: InvoicedOrder,
  shop: ShopDetails,
  /** Stored with the invoice as it was issued: the amounts its XML states too. */
  breakdown: DocumentBreakdown,
): Promise<Buffer> {
  const number = formatInvoiceNumber(order.invoiceNumber);
  const firstShipment = order.shipments[0]?.shippedAt ?? order.shippedAt;
  const { doc, done } = await documentFrame(order, shop, {
    title: 'INVOICE',
    name: `Invoice ${number}`,
    facts: [
      ['Invoice number', number],
      ['Issue date', formatDay(invoiceDay(order))],
      // Supplied when shipped: an invoice issued before (on account, or paid by card) says so.
      ['Supply date', firstShipment ? formatDay(firstShipment) : 'on shipping (not shipped yet)'],
      [
        'Due date',
        order.paymentMethod === 'account' && order.dueDate
          ? formatDay(order.dueDate)
          : `${formatDay(order.paidAt ?? invoiceDay(order))} (paid)`,
      ],
    ],
  });
  linesTable(
    doc,
    order.lines.map((line) => ({
      line,
      quantity: line.quantity,
      amountCents: line.amountCents,
    })),
  );
  chargesTable(doc, breakdownCharges(order, breakdown, order.freightKind, order.freightTaxes));
  taxNoticeOf(doc, order);

  // The payment.
  doc.moveDown(2);
  doc.x = PAGE.margin;
  doc.font(BOLD).fontSize(10).fillColor(INK).text('Payment', PAGE.margin, doc.y);
  doc.font(REGULAR).fontSize(10);
  if (order.paymentMethod === 'account') {
    doc.text(
      `Payment terms: on account, due ${order.dueDate ? formatDay(order.dueDate) : ''}. Please pay ${formatCents(order.amountCents)} by then, by bank transfer to:`,
    );
    doc.moveDown(0.3);
    for (const line of shop.bankDetails) doc.text(line, { indent: 12 });
    doc.moveDown(0.3);
    doc.text(`Reference: ${number}`);
  } else {
    doc.text(`Payment terms: by card. Paid in full on ${formatDay(order.paidAt ?? invoiceDay(order))}.`);
    doc.text(`Transaction: ${order.transactionId ?? ''}`);
  }
  if (order.paidInTestMode) {
    doc.moveDown(0.5);
    doc
      .font(BOLD)
      .fillColor('#b02a37')
      .text('Test payment: no money was taken. This invoice is not a demand or proof of payment.');
  }
  const note =
    order.paymentMethod === 'account' ? (shop.onAccountInvoiceNote ?? shop.invoiceNote) : shop.invoiceNote;
  if (note) {
    doc.moveDown(2);
    doc
      .font(REGULAR)
      .fontSize(9)
      .fillColor(MUTED)
      .text(note, { width: RIGHT - PAGE.margin });
  }
  doc.end();
  return done;
}

/**
 * A credit note as a PDF: the invoice's parties, the units it credits at the invoice's prices and
 * rates (never today's), the freight when the whole order went, its totals by rate, why, and where
 * the money went. Drawn once, from the snapshot recorded as it was issued, and kept.
 */
export async function renderCreditNotePdf(
  order: InvoicedOrder,
  note: CreditNote,
  shop: ShopDetails,
  /** Stored with the note as it was issued: the amounts its XML states too. */
  breakdown: DocumentBreakdown,
): Promise<Buffer> {
  const number = formatCreditNoteNumber(note.number);
  const invoiceNumber = formatInvoiceNumber(order.invoiceNumber);
  const { doc, done } = await documentFrame(order, shop, {
    title: 'CREDIT NOTE',
    name: `Credit note ${number}`,
    facts: [
      ['Credit note number', number],
      ['Issue date', formatDay(note.issuedAt)],
      ['Credits invoice', `${invoiceNumber} of ${formatDay(invoiceDay(order))}`],
    ],
  });
  linesTable(
    doc,
    note.lines.flatMap(({ lineNumber, quantity, amountCents }) => {
      const line = order.lines.find((candidate) => candidate.lineNumber === lineNumber);
      return line ? [{ line, quantity, amountCents }] : [];
    }),
  );
  chargesTable(
    doc,
    breakdownCharges(order, breakdown, breakdown.freightCents > 0 ? 'priced' : 'none', note.freightTaxes),
  );
  taxNoticeOf(doc, order);

  const refund = order.refunds.find((candidate) => candidate.creditNoteId === note.id);
  doc.moveDown(2);
  doc.font(BOLD).fontSize(10).fillColor(INK).text('Credit', PAGE.margin, doc.y);
  doc.font(REGULAR).fontSize(10);
  doc.text(`Reason: ${note.reason}`, { width: RIGHT - PAGE.margin });
  doc.text(
    `This credit note credits ${formatCents(note.amountCents)} of invoice ${invoiceNumber}: ` +
      (refund?.method === 'account' || order.paymentMethod === 'account'
        ? 'it is taken off your account’s balance.'
        : `it is refunded to the card that paid transaction ${order.transactionId ?? ''}.`) +
      ' Its prices and tax rates are the invoice’s, as they were when the order was placed.',
    { width: RIGHT - PAGE.margin },
  );
  if (order.paidInTestMode) {
    doc.moveDown(0.5);
    doc.font(BOLD).fillColor('#b02a37').text('Test payment: no money was taken, and none is refunded.');
  }
  doc.end();
  return done;
}

/**
 * What an invoice and a credit note share: the seller and the document's title and facts, then the
 * buyer billed and where the goods went.
 */
async function documentFrame(
  order: InvoicedOrder,
  shop: ShopDetails,
  { title, name, facts }: { title: string; name: string; facts: [string, string][] },
) {
  const { doc, done } = await startDocument({
    Title: name,
    Author: shop.legalName,
    Subject: `Order ${order.orderNumber}`,
  });
  // The seller, left; the document's numbers, right.
  const sellerBottom = sellerHeader(doc, shop);
  doc
    .fillColor(INK)
    .font(BOLD)
    .fontSize(22)
    .text(title, 330, PAGE.margin, { width: RIGHT - 330, align: 'right' });
  const all: [string, string][] = [...facts, ['Order number', String(order.orderNumber)]];
  if (order.poNumber) all.push(['PO number', order.poNumber]);
  doc.moveDown(0.5);
  for (const [label, value] of all) labelled(doc, label, value, 330);

  // The buyer, billed as its company was when the order was placed; and where the goods went.
  doc.y = Math.max(sellerBottom, doc.y) + 28;
  const partiesTop = doc.y;
  const billTo = order.taxBasis?.billTo ?? null;
  // The recipient is the ship-to's; the bill goes to the company (or, without one, the buyer), and
  // names who ordered.
  const company = billTo?.company ?? order.company;
  party(doc, 'Bill to', PAGE.margin, [
    company ?? placedByOf(order),
    billTo?.address || null,
    billTo?.taxId ? `Tax / VAT ID: ${billTo.taxId}` : null,
    `Ordered by ${placedByOf(order)}`,
    order.email,
  ]);
  const billBottom = doc.y;
  doc.y = partiesTop;
  party(doc, 'Ship to', 330, [order.buyerName, order.address, order.phone]);
  doc.y = Math.max(billBottom, doc.y);
  return { doc, done };
}

/** The document's lines, a row each with the rate each was taxed at; a row that would run into the bottom margin starts a new page, under the titles again. */
function linesTable(
  doc: PDFKit.PDFDocument,
  rows: readonly { line: OrderLineRow; quantity: number; amountCents: number }[],
) {
  doc.moveDown(1.5);
  const columns = [
    { title: 'SKU', x: PAGE.margin, width: 80, align: 'left' as const },
    { title: 'Description', x: 135, width: 170, align: 'left' as const },
    { title: 'Quantity', x: 305, width: 50, align: 'right' as const },
    { title: 'Unit price', x: 358, width: 62, align: 'right' as const },
    { title: 'Tax', x: 423, width: 47, align: 'right' as const },
    { title: 'Amount', x: 473, width: RIGHT - 473, align: 'right' as const },
  ];
  const { row, rule, titles, lastRowTop } = tableWriter(doc, columns);
  titles();
  for (const { line, quantity, amountCents } of rows) {
    if (doc.y > lastRowTop) {
      doc.addPage();
      doc.y = PAGE.margin;
      titles();
    }
    row(
      [
        line.sku ?? '—',
        line.partNumber ? `${line.name}\nYour part no. ${line.partNumber}` : line.name,
        line.unit && line.unit !== DEFAULT_UNIT
          ? `${formatUnits(quantity)} ${line.unit}`
          : formatUnits(quantity),
        formatCents(line.unitPriceCents),
        formatRate(line.taxRate),
        formatCents(amountCents),
      ],
      REGULAR,
    );
  }
  rule();
}

/** The sentence the document must carry for how the order was taxed, if any. */
function taxNoticeOf(doc: PDFKit.PDFDocument, order: BilledOrder) {
  const notice = documentTaxNotice(order);
  if (!notice) return;
  doc.moveDown(0.5);
  doc
    .font(REGULAR)
    .fontSize(9)
    .fillColor(INK)
    .text(notice, PAGE.margin, doc.y, { width: RIGHT - PAGE.margin });
}

/** A party of the invoice (the buyer billed, where the goods went): a title and its lines. */
function party(doc: PDFKit.PDFDocument, title: string, x: number, lines: (string | null | undefined)[]) {
  doc.font(BOLD).fontSize(10).fillColor(INK).text(title, x, doc.y);
  doc.font(REGULAR).fontSize(10);
  for (const line of lines)
    if (line) doc.text(line, x, doc.y, { width: x === PAGE.margin ? 260 : RIGHT - x });
}

/**
 * A document's charges as its breakdown was stored when it was issued, the very amounts the XML inside
 * its PDF states: a restocking fee as a deduction before tax and the tax after it; a row for each rate
 * the goods were taxed at, or the freight where it was taxed (untaxed freight has none), split into
 * its taxes where the rate is made of them.
 */
function breakdownCharges(
  order: InvoicedOrder,
  breakdown: DocumentBreakdown,
  freightKind: StoredCharges['freightKind'],
  taxedFreight: readonly { rate: number }[],
): StoredCharges {
  return {
    subtotalCents: breakdown.goodsCents,
    freightCents: breakdown.freightCents,
    freightKind,
    feeCents: breakdown.feeCents,
    taxes: breakdown.rates
      .filter((part) => part.goodsCents > 0 || taxedFreight.some((taxed) => taxed.rate === part.rate))
      .map(({ rate, taxCents, components }) => ({ rate, taxCents, ...(components ? { components } : {}) })),
    totalCents: breakdown.totalCents,
    treatment: order.taxBasis?.treatment ?? 'no_destination',
    certificateKind: order.taxBasis?.certificate?.kind ?? null,
  };
}

/** The rows under the lines: subtotal, freight, tax by rate, and the total in bold (chargeRows). */
export function chargesTable(doc: PDFKit.PDFDocument, charges: StoredCharges) {
  const rows = chargeRows(charges);
  rows.forEach(([label, value], index) => {
    const last = index === rows.length - 1;
    doc
      .font(last ? BOLD : REGULAR)
      .fontSize(last ? 11 : 10)
      .fillColor(INK);
    const top = doc.y;
    doc.text(last ? `${label} (USD)` : label, 250, top, { width: 220, align: 'right' });
    doc.text(value, 473, top, { width: RIGHT - 473, align: 'right' });
    doc.y = Math.max(doc.y, top + 14);
  });
}

/**
 * How the order was taxed, as its documents must say: the seller's registration the tax was collected
 * under; why an untaxed order is untaxed (an intra-community supply with both VAT IDs, an export, a
 * certificate, an older order's reverse charge); and that a one-box address was charged at the seller's.
 */
export function documentTaxNotice(order: BilledOrder): string | null {
  const basis = order.taxBasis;
  if (!basis) return null;
  const sentences: string[] = [];
  if (basis.treatment === 'taxed' && basis.registration) {
    sentences.push(`Tax collected under the seller’s registration: ${basis.registration}.`);
  } else if (basis.treatment === 'intra_community') {
    sentences.push(
      `${taxNotice(basis)} Seller’s VAT ID: ${basis.registration ?? ''}. Buyer’s VAT ID: ${basis.vatId ?? ''}.`,
    );
  } else if (basis.treatment === 'untaxed_place') {
    sentences.push(taxNotice(basis) ?? '');
  } else if (basis.treatment === 'reverse_charge') {
    sentences.push(`${taxNotice(basis)} Buyer’s VAT ID: ${basis.vatId ?? ''}.`);
  } else if (basis.treatment === 'exempt' && basis.certificate) {
    sentences.push(
      `Exempt from sales tax: the buyer’s ${certificateLabel(basis.certificate)} (${basis.certificate.regions.join(', ')}), valid until ${formatDay(basis.certificate.expiresOn)}.`,
    );
  }
  if (basis.atShopAddress) {
    sentences.push(
      'Tax and freight are charged as for delivery to the seller’s address: the order gave no structured delivery address.',
    );
  }
  return sentences.length ? sentences.join(' ') : null;
}
