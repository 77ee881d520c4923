import { beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../shared/api/orders.schemas';
import { INTRA_COMMUNITY_NOTICE } from '../../shared/domain/order-charges';
import { readShopDetails } from '../config/shop-details';
import { type TestUser, signUpAdmin } from '../test/auth-helpers';
import { newCompany, useCompanyTestApp } from '../test/company-helpers';
import { validateDocument } from '../test/e-invoice-validators';
import { insertTool } from '../test/factories';
import { checkOutAs, payOrderAs } from '../test/order-helpers';
import { pdfText } from '../test/pdf-text';

/**
 * A shop whose goods leave from a warehouse in Antwerp: a delivery to a verified VAT ID in another
 * member state is then an intra-community supply under the shop's NL VAT ID, and one leaving the EU
 * an export free of VAT (G). The demo shop ships from Pittsburgh, which makes both exports from the
 * United States instead (order-charges.test.ts, e-invoices.test.ts).
 */
const SHOP_VAT_ID = 'NL859123455B01';
const antwerpWarehouse = {
  line1: 'Haven 1025, Scheldedijk 30',
  line2: null,
  region: null,
  city: 'Antwerpen',
  postalCode: '2070',
  country: 'BE',
};
const t = useCompanyTestApp({
  shop: { ...readShopDetails(), premises: antwerpWarehouse, vatId: SHOP_VAT_ID },
});
let admin: TestUser;

const lyon = { line1: '4 Rue de la République', city: 'Lyon', postalCode: '69002', country: 'FR' };
const toronto = {
  line1: '100 King Street West',
  city: 'Toronto',
  region: 'ON',
  postalCode: 'M5X 1A9',
  country: 'CA',
};

beforeAll(async () => {
  admin = await signUpAdmin(t.ctx.app, t.ctx.db);
  for (const [url, body] of [
    [
      '/api/admin/tax-zones',
      { country: 'FR', rates: { standard: 20, reduced: 5.5, zero: 0 }, registration: SHOP_VAT_ID },
    ],
    [
      '/api/admin/shipping-zones',
      { country: 'FR', bands: [{ upToKg: 100, price: 30 }], freeFrom: null, palletFromKg: 500 },
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

async function orderTo(buyer: TestUser, shipTo: Record<string, string>): Promise<Order> {
  const tool = await insertTool(t.ctx.db, { priceCents: 1000, weightGrams: 10 });
  const order = await checkOutAs(t.ctx.app, buyer, [{ toolId: tool.id, quantity: 100 }], {
    shipTo,
    name: 'Receiving dock',
    number: '+33 4 00 00 00 00',
  });
  await payOrderAs(t.ctx.app, buyer, order._id);
  return order;
}

async function documents(buyer: TestUser, order: Order) {
  const get = (format: string) => t.call(buyer, 'GET', `/api/purchase/${order._id}/invoice${format}`);
  const [ubl, cii, pdf] = await Promise.all([get('?format=ubl'), get('?format=cii'), get('')]);
  const peppol = ubl.body.includes('urn:fdc:peppol.eu:2017:poacc:billing:3.0');
  for (const [validator, document] of [
    ['en16931', ubl.body],
    ['en16931', cii.body],
    ...(peppol ? [['peppol', ubl.body] as const] : []),
  ] as const) {
    const verdict = await validateDocument(validator, document);
    expect(verdict.findings.filter((line) => !/ warning:/.test(line))).toEqual([]);
  }
  return { ubl: ubl.body, text: await pdfText(pdf.rawPayload) };
}

describe('goods leaving from stock in the EU', () => {
  it('to a verified VAT ID in another member state: an intra-community supply, with both IDs', async () => {
    const { admin: buyer, companyId } = await newCompany(t.ctx.app, 'Atelier Lumière SARL');
    expect(
      (await t.call(buyer, 'PATCH', '/api/company', { taxId: 'FR40123456824', billingTo: lyon })).statusCode,
    ).toBe(200);
    const french = await orderTo(buyer, lyon);
    // Not yet verified by the shop: French VAT.
    expect(french.tax.treatment).toBe('taxed');
    const verified = await t.call(admin, 'PUT', `/api/admin/companies/${companyId}/vat-verification`, {
      verified: true,
      vatId: 'FR40123456824',
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const supply = await orderTo(buyer, lyon);
    expect(supply.tax).toMatchObject({
      treatment: 'intra_community',
      vatId: 'FR40123456824',
      registration: SHOP_VAT_ID,
      notice: INTRA_COMMUNITY_NOTICE,
    });
    const { ubl, text } = await documents(buyer, supply);
    expect(ubl).toContain('<cbc:TaxExemptionReasonCode>VATEX-EU-IC</cbc:TaxExemptionReasonCode>');
    expect(ubl).toContain(`<cbc:CompanyID>${SHOP_VAT_ID}</cbc:CompanyID>`);
    expect(text).toContain('VAT $0.00 (exempt, Art. 138)');
    expect(text).toContain(
      `${INTRA_COMMUNITY_NOTICE} Seller’s VAT ID: ${SHOP_VAT_ID}. Buyer’s VAT ID: FR40123456824.`,
    );
  });

  it('to Canada: an export from the EU, free of VAT (G) under the shop’s VAT ID', async () => {
    const { admin: buyer } = await newCompany(t.ctx.app, 'Toronto Tools Ltd');
    const exported = await orderTo(buyer, toronto);
    expect(exported.tax).toMatchObject({ treatment: 'untaxed_place' });
    expect(exported.tax.notice).toContain('goods shipped from Belgium');
    const { ubl, text } = await documents(buyer, exported);
    expect(ubl).toContain('<cbc:TaxExemptionReasonCode>VATEX-EU-G</cbc:TaxExemptionReasonCode>');
    expect(ubl).toContain(`<cbc:CompanyID>${SHOP_VAT_ID}</cbc:CompanyID>`);
    expect(text).toContain('goods shipped from Belgium');
  });
});
