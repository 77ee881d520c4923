import { describe, expect, it } from 'vitest';
import { pdfText } from '../test/pdf-text';
import { testMailContext } from '../test/mail-context';
import { breakdownOf } from './document-breakdown';
import { type InvoicedOrder, renderInvoicePdf } from './invoice-pdf';

/** A paid order of `count` lines, as the invoice reads it. */
function paidOrder(count: number): InvoicedOrder {
  const at = new Date('2026-11-20T10:00:00Z');
  const lines = Array.from({ length: count }, (_, n) => ({
    orderId: 'o1',
    lineNumber: n + 1,
    productId: null,
    sku: `INV-${String(n + 1).padStart(3, '0')}`,
    name: `Line product ${n + 1}`,
    quantity: 100,
    unitPriceCents: 250,
    amountCents: 25_000,
    priceSource: 'tier' as const,
    priceSourceRef: null,
    priceSourceLabel: null,
    partNumber: null,
    unit: null,
    backorderedUnits: 0,
    shippedQuantity: 0,
    cancelledQuantity: 0,
    returnedQuantity: 0,
    taxClass: 'standard' as const,
    taxRate: 0,
    taxCents: 0,
  }));
  return {
    id: 'o1',
    orderNumber: 10_777,
    userId: null,
    companyId: null,
    buyerName: 'Ivy Invoice',
    email: 'ivy@example.com',
    placedByName: 'Ivy Invoice',
    address: '1 Ledger Lane',
    phone: '5550100',
    company: 'Ledger Ltd',
    poNumber: 'PO-LONG',
    quantity: 100 * count,
    amountCents: 25_000 * count,
    shipTo: null,
    subtotalCents: 25_000 * count,
    freightCents: 0,
    freightKind: 'none',
    taxCents: 0,
    freightTaxes: [],
    freightEstimateCents: null,
    taxBasis: null,
    status: 'paid',
    transactionId: 'pi_invoice',
    paymentIntentId: 'pi_invoice',
    paymentAttempt: 0,
    paidInTestMode: true,
    paymentMethod: 'card',
    invoicedAt: null,
    dueDate: null,
    dueReminderSentAt: null,
    overdueReminderSentAt: null,
    holdExpiresAt: at,
    holdReminderSentAt: null,
    invoiceNumber: 42,
    quoteId: null,
    paidAt: at,
    shippedAt: null,
    carrier: null,
    trackingNumber: null,
    shipDate: null,
    closedAt: null,
    approvalRequired: false,
    approvedAutomatically: false,
    decidedAt: null,
    decidedBy: null,
    rejectionReason: null,
    lastChangedBy: null,
    cancellationRequestedAt: null,
    cancellationRequestedBy: null,
    cancellationReason: null,
    createdAt: at,
    updatedAt: at,
    lines,
    shipments: [],
    creditNotes: [],
    refunds: [],
  };
}

describe('the invoice of an order of many lines', () => {
  it('has a row per line, continued on further pages under the column titles, and the total', async () => {
    const order = paidOrder(60);
    const pdf = await renderInvoicePdf(order, testMailContext().shop, breakdownOf(order, null));
    const text = await pdfText(pdf);
    for (const n of [1, 30, 60]) expect(text).toContain(`INV-${String(n).padStart(3, '0')}`);
    expect(text).toContain('$15,000.00');
    const pages = pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? [];
    expect(pages.length).toBeGreaterThan(1);
    // The column titles head the table again on the page it continues on (the payment may flow onto one more).
    expect(text.match(/Unit price/g)?.length).toBeGreaterThanOrEqual(2);
    expect(text.match(/INV-\d{3}\b/g)).toHaveLength(60);
  });
});
