import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../shared/api/errors';
import type { Order, OrderDetail } from '../../shared/api/orders.schemas';
import type { TaxZone } from '../../shared/api/tax.schemas';
import { parseDocumentNumber } from '../../shared/domain/document-numbers';
import { auditLog } from '../db/schema';
import { type TestUser, signUp, signUpAdmin } from '../test/auth-helpers';
import { expectDocumentAgrees } from '../test/document-agreement';
import { validateDocument } from '../test/e-invoice-validators';
import { useCompanyTestApp } from '../test/company-helpers';
import { insertTool } from '../test/factories';
import { checkOutAs, payOrderAs } from '../test/order-helpers';
import { pdfText } from '../test/pdf-text';

/**
 * Issue 65: a Canadian province levies two taxes on one sale, the federal GST and its own (Quebec's
 * QST, British Columbia's PST), each declared on its own return under its own registration. A zone
 * whose standard rate is made of them charges each on its own, rounded on its own, and its invoices
 * and credit notes print each with its registration, so the buyer can claim each credit; EN 16931,
 * which knows one VAT per rate, states the sum and names each in the note.
 */
const t = useCompanyTestApp();
let admin: TestUser;

const GST = '123456789 RT0001';
const QST = '1234567890 TQ0001';
const PST = 'PST-1234-5678';
const montreal = {
  line1: '1000 Rue Sherbrooke Ouest',
  city: 'Montréal',
  region: 'QC',
  postalCode: 'H3A 3G4',
  country: 'CA',
};
const vancouver = {
  line1: '800 Burrard Street',
  city: 'Vancouver',
  region: 'BC',
  postalCode: 'V6Z 2V6',
  country: 'CA',
};

beforeAll(async () => {
  admin = await signUpAdmin(t.ctx.app, t.ctx.db);
  for (const [url, body] of [
    [
      '/api/admin/tax-zones',
      {
        country: 'CA',
        region: 'QC',
        rates: { standard: 14.975, reduced: 14.975, zero: 0 },
        registration: GST,
        taxesFreight: true,
        components: [
          { name: 'GST', rate: 5, registration: GST },
          { name: 'QST', rate: 9.975, registration: QST },
        ],
      },
    ],
    [
      '/api/admin/tax-zones',
      {
        country: 'CA',
        region: 'BC',
        rates: { standard: 12, reduced: 12, zero: 0 },
        registration: GST,
        taxesFreight: false,
        components: [
          { name: 'GST', rate: 5, registration: GST },
          { name: 'PST', rate: 7, registration: PST },
        ],
      },
    ],
    [
      '/api/admin/shipping-zones',
      { country: 'CA', bands: [{ upToKg: 100, price: 40 }], freeFrom: null, palletFromKg: 500 },
    ],
  ] as const) {
    const created = await t.call(admin, 'POST', url, body);
    expect(created.statusCode, created.body).toBe(201);
  }
});

/** 103 units at `priceCents`, to `shipTo`, paid by card. */
async function paidOrder(
  buyer: TestUser,
  priceCents: number,
  shipTo: Record<string, string>,
): Promise<Order> {
  const tool = await insertTool(t.ctx.db, { priceCents, weightGrams: 10, available: 1000 });
  const order = await checkOutAs(t.ctx.app, buyer, [{ toolId: tool.id, quantity: 103 }], {
    shipTo,
    name: 'Receiving',
    number: '+1 514 555 0100',
  });
  await payOrderAs(t.ctx.app, buyer, order._id);
  return order;
}

/**
 * A document's three files, each checked by its validators (EN 16931 for the UBL and CII, Factur-X for
 * the PDF) and against its stored breakdown.
 */
async function checkedDocument(
  buyer: TestUser,
  path: string,
  kind: 'invoice' | 'credit_note',
  number: string,
) {
  const get = async (format: string) => {
    const response = await t.call(buyer, 'GET', `${path}${format}`);
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };
  const [ubl, cii, pdf] = await Promise.all([get('?format=ubl'), get('?format=cii'), get('')]);
  for (const [validator, document] of [
    ['en16931', ubl.body],
    ['en16931', cii.body],
    ['facturx', pdf.rawPayload],
  ] as const) {
    const verdict = await validateDocument(validator, document);
    expect(verdict.findings.filter((line) => !/ warning:/.test(line))).toEqual([]);
  }
  const parsed = parseDocumentNumber(number);
  if (!parsed) throw new Error(`not a document number: ${number}`);
  await expectDocumentAgrees(
    t.ctx.db,
    { kind, number: parsed.number },
    {
      pdf: pdf.rawPayload,
      ubl: ubl.body,
      cii: cii.body,
    },
  );
  return { ubl: ubl.body, text: await pdfText(pdf.rawPayload) };
}

describe('a rate made of two taxes (Canada)', () => {
  it('in Quebec: GST and QST each charged on its own, printed with its registration, and credited so', async () => {
    const buyer = await signUp(t.ctx.app);
    // 103 × $10.03 = $1,033.09 and $40 freight, taxed in Quebec: $1,073.09. GST 5 % is $53.65
    // (53.6545), QST 9.975 % is $107.04 (107.0407): $160.69, where 14.975 % at once would be $160.70.
    const order = await paidOrder(buyer, 1003, montreal);
    expect(order.subtotal).toBe(1033.09);
    expect(order.total).toBe(1233.78);
    const detail = (await t.call(buyer, 'GET', `/api/purchase/${order._id}`)).json<OrderDetail>();
    if (!detail.invoiceNumber) throw new Error('the paid order has no invoice');
    // The order's page and its API show each tax, as the cart did before it was placed.
    expect(detail.taxes).toEqual([
      {
        rate: 14.975,
        amount: 160.69,
        components: [
          { name: 'GST', rate: 5, registration: GST, amount: 53.65 },
          { name: 'QST', rate: 9.975, registration: QST, amount: 107.04 },
        ],
      },
    ]);
    expect(order.taxes).toEqual(detail.taxes);

    const invoice = await checkedDocument(
      buyer,
      `/api/purchase/${order._id}/invoice`,
      'invoice',
      detail.invoiceNumber,
    );
    expect(invoice.text).toContain(`GST at 5% (${GST}) $53.65`);
    expect(invoice.text).toContain(`QST at 9.975% (${QST}) $107.04`);
    expect(invoice.text).not.toContain('Tax at 14.975%');
    expect(invoice.ubl).toContain('<cbc:Percent>14.975</cbc:Percent>');
    expect(invoice.ubl).toContain('<cbc:TaxAmount currencyID="USD">160.69</cbc:TaxAmount>');

    // The mail with the invoice says the same.
    const receipt = await t.smtp.nextMailTo(
      buyer.email,
      new RegExp(`^Payment received for order ${order.orderNumber}`),
    );
    expect(receipt.parsed.text).toMatch(/GST at 5% \(123456789 RT0001\):\s+\$53\.65/);
    expect(receipt.parsed.text).toMatch(/QST at 9\.975% \(1234567890 TQ0001\):\s+\$107\.04/);

    // Half the units cancelled: the credit note credits each tax in the invoice's proportion.
    const cancelled = await t.call(admin, 'POST', `/api/admin/orders/${order._id}/cancel`, {
      reason: 'Ordered too many',
      lines: [{ sku: detail.lines[0]?.sku, quantity: 50 }],
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const after = (await t.call(buyer, 'GET', `/api/purchase/${order._id}`)).json<OrderDetail>();
    const note = after.creditNotes[0];
    if (!note) throw new Error('no credit note');
    const credit = await checkedDocument(
      buyer,
      `/api/credit-notes/${note.number}`,
      'credit_note',
      note.number,
    );
    expect(credit.text).toMatch(new RegExp(`GST at 5% \\(${GST}\\) \\$\\d+\\.\\d\\d`));
    expect(credit.text).toMatch(new RegExp(`QST at 9\\.975% \\(${QST}\\) \\$\\d+\\.\\d\\d`));

    // The invoice downloaded again is the same document.
    const again = await checkedDocument(
      buyer,
      `/api/purchase/${order._id}/invoice`,
      'invoice',
      detail.invoiceNumber,
    );
    expect(again.ubl).toBe(invoice.ubl);
  });

  it('in British Columbia: GST and PST, the freight untaxed', async () => {
    const buyer = await signUp(t.ctx.app);
    // 103 × $10.02 = $1,032.06: GST $51.60 (51.603), PST $72.24 (72.2442), $123.84 (12 % at once:
    // $123.85); the $40 freight is not taxed in BC.
    const order = await paidOrder(buyer, 1002, vancouver);
    expect(order.total).toBe(1195.9);
    const detail = (await t.call(buyer, 'GET', `/api/purchase/${order._id}`)).json<OrderDetail>();
    if (!detail.invoiceNumber) throw new Error('the paid order has no invoice');
    const invoice = await checkedDocument(
      buyer,
      `/api/purchase/${order._id}/invoice`,
      'invoice',
      detail.invoiceNumber,
    );
    expect(invoice.text).toContain(`GST at 5% (${GST}) $51.60`);
    expect(invoice.text).toContain(`PST at 7% (${PST}) $72.24`);
  });

  it('is kept with the zone: the taxes must add up to the standard rate, two at least', async () => {
    const zones = (await t.call(admin, 'GET', '/api/admin/tax-zones')).json<TaxZone[]>();
    expect(zones.find((zone) => zone.region === 'QC')?.components).toEqual([
      { name: 'GST', rate: 5, registration: GST },
      { name: 'QST', rate: 9.975, registration: QST },
    ]);
    // The audit log says what the rate is made of.
    const [saved] = await t.ctx.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(eq(auditLog.subject, 'Quebec, Canada'));
    expect(saved?.after).toMatchObject({ components: `GST 5% (${GST}) + QST 9.975% (${QST})` });
    const refused = async (components: unknown) => {
      const response = await t.call(admin, 'POST', '/api/admin/tax-zones', {
        country: 'CA',
        region: 'ON',
        rates: { standard: 13, reduced: 13, zero: 0 },
        registration: GST,
        components,
      });
      expect(response.statusCode, response.body).toBe(400);
      return response.json<ErrorBody>().error.message;
    };
    expect(
      await refused([
        { name: 'GST', rate: 5, registration: GST },
        { name: 'PST', rate: 7, registration: PST },
      ]),
    ).toContain('The taxes add up to 12 %, not the standard rate of 13 %');
    expect(await refused([{ name: 'HST', rate: 13, registration: GST }])).toContain('two of them at least');
    expect(
      await refused([
        { name: 'GST', rate: 5 },
        { name: 'PST', rate: 8, registration: PST },
      ]),
    ).toContain('Give the registration each tax is collected under');
    // Ontario's HST is one tax: no split.
    const ontario = await t.call(admin, 'POST', '/api/admin/tax-zones', {
      country: 'CA',
      region: 'ON',
      rates: { standard: 13, reduced: 13, zero: 0 },
      registration: GST,
    });
    expect(ontario.statusCode, ontario.body).toBe(201);
  });
});
