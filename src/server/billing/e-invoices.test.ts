import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Order, PlaceOrderResult } from '../../shared/api/orders.schemas';
import { type TestUser, signUp, signUpAdmin } from '../test/auth-helpers';
import { newCompany, useCompanyTestApp } from '../test/company-helpers';
import { validateByCommand, validateDocument } from '../test/e-invoice-validators';
import { pdfAttachment, pdfText } from '../test/pdf-text';
import { OUTSIDE_REGISTRATIONS_NOTICE, exportNotice } from '../../shared/domain/order-charges';
import { expectDocumentAgrees } from '../test/document-agreement';
import { insertTool } from '../test/factories';
import {
  answerQuoteAs,
  daysFromToday,
  payOrderAs,
  pittsburgh,
  placeOrderAs,
  requestQuoteAs,
} from '../test/order-helpers';

/**
 * Every invoice as EN 16931 data: generated for each way an order is taxed and paid, and
 * judged by the standards bodies' own validators (the EN 16931 Schematron and XSDs, and Peppol BIS
 * Billing 3.0's rules for the seller's EU registration), with no fatal finding.
 */
const t = useCompanyTestApp();
let admin: TestUser;

const SHOP_VAT_ID = 'NL859123455B01';
const columbus = {
  line1: '20 Broad Street',
  city: 'Columbus',
  region: 'OH',
  postalCode: '43215',
  country: 'US',
};
const toronto = {
  line1: '100 King Street West',
  city: 'Toronto',
  region: 'ON',
  postalCode: 'M5X 1A9',
  country: 'CA',
};
const lyon = { line1: '4 Rue de la République', city: 'Lyon', postalCode: '69002', country: 'FR' };
const rotterdam = { line1: 'Coolsingel 40', city: 'Rotterdam', postalCode: '3011 AD', country: 'NL' };

beforeAll(async () => {
  admin = await signUpAdmin(t.ctx.app, t.ctx.db);
  for (const [url, body] of [
    [
      '/api/admin/tax-zones',
      {
        country: 'US',
        region: 'PA',
        rates: { standard: 6, reduced: 6, zero: 0 },
        registration: 'Pennsylvania sales tax license 12345678',
        taxesFreight: true,
      },
    ],
    [
      '/api/admin/tax-zones',
      { country: 'NL', rates: { standard: 21, reduced: 9, zero: 0 }, registration: SHOP_VAT_ID },
    ],
    [
      '/api/admin/tax-zones',
      { country: 'FR', rates: { standard: 20, reduced: 5.5, zero: 0 }, registration: SHOP_VAT_ID },
    ],
    [
      '/api/admin/shipping-zones',
      { country: 'US', bands: [{ upToKg: 100, price: 15 }], freeFrom: null, palletFromKg: 500 },
    ],
    [
      '/api/admin/shipping-zones',
      { country: 'CA', bands: [{ upToKg: 100, price: 40 }], freeFrom: null, palletFromKg: 500 },
    ],
    [
      '/api/admin/shipping-zones',
      { country: 'NL', bands: [{ upToKg: 100, price: 25 }], freeFrom: null, palletFromKg: 500 },
    ],
    [
      '/api/admin/shipping-zones',
      { country: 'FR', bands: [{ upToKg: 100, price: 30 }], freeFrom: null, palletFromKg: 500 },
    ],
  ] as const) {
    const created = await t.call(admin, 'POST', url, body);
    expect(created.statusCode, created.body).toBe(201);
  }
});

/** Checks out these lines to `shipTo` as `buyer` and pays by card (unless on account). */
async function invoicedOrder(
  buyer: TestUser,
  lines: [{ id: string }, number][],
  shipTo: Record<string, string>,
  { paymentMethod = 'card', poNumber }: { paymentMethod?: 'card' | 'account'; poNumber?: string } = {},
): Promise<Order> {
  for (const [tool, quantity] of lines) {
    const put = await t.call(buyer, 'PUT', `/api/cart/lines/${tool.id}`, { quantity });
    expect(put.statusCode, put.body).toBe(200);
  }
  const placed = await t.call(buyer, 'POST', '/api/cart/checkout', {
    name: 'Receiving dock',
    number: '+1 412 555 0100',
    shipTo,
    paymentMethod,
    ...(poNumber ? { poNumber } : {}),
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const order = placed.json<PlaceOrderResult>().order;
  if (paymentMethod === 'card') await payOrderAs(t.ctx.app, buyer, order._id);
  return order;
}

/** 120 standard-rated units at $12.34 and 100 zero-rated at $3.33, to Pittsburgh, paid by card. */
async function mixedRateOrder(buyer: TestUser) {
  const [standard, zero] = await Promise.all([
    insertTool(t.ctx.db, { priceCents: 1234, weightGrams: 10 }),
    insertTool(t.ctx.db, { priceCents: 333, weightGrams: 10, taxClass: 'zero' }),
  ]);
  const order = await invoicedOrder(
    buyer,
    [
      [standard, 120],
      [zero, 100],
    ],
    pittsburgh,
  );
  return { order, standard };
}

async function eInvoice(user: TestUser, orderId: string, format: 'ubl' | 'cii') {
  const response = await t.call(user, 'GET', `/api/purchase/${orderId}/invoice?format=${format}`);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
  return response.body;
}

/**
 * Both syntaxes, under EN 16931; the UBL also under Peppol BIS Billing 3.0. And the invoice agrees
 * with itself: its PDF's amounts, its UBL's and its CII's are the breakdown stored as it was issued.
 */
async function expectValid(user: TestUser, orderId: string, { peppol = true } = {}) {
  const [ubl, cii] = await Promise.all([eInvoice(user, orderId, 'ubl'), eInvoice(user, orderId, 'cii')]);
  const pdf = await t.call(user, 'GET', `/api/purchase/${orderId}/invoice`);
  const number = Number(/<cbc:ID>INV-(\d+)<\/cbc:ID>/.exec(ubl)?.[1]);
  await expectDocumentAgrees(t.ctx.db, { kind: 'invoice', number }, { pdf: pdf.rawPayload, ubl, cii });
  // Peppol BIS is claimed exactly when both parties are Peppol participants, and then passes its rules.
  const claimsPeppol = ubl.includes('urn:fdc:peppol.eu:2017:poacc:billing:3.0');
  expect(claimsPeppol, 'claims Peppol BIS').toBe(peppol);
  expect(cii.includes('urn:fdc:peppol.eu:2017:poacc:billing:3.0'), 'the CII claims Peppol BIS').toBe(peppol);
  if (!peppol) expect(ubl).toMatch(/<cbc:EndpointID schemeID="EM">/);
  const verdicts = [
    ['UBL under EN 16931', await validateDocument('en16931', ubl)],
    ['CII under EN 16931', await validateDocument('en16931', cii)],
    ...(peppol ? [['UBL under Peppol BIS 3.0', await validateDocument('peppol', ubl)] as const] : []),
  ] as const;
  for (const [what, verdict] of verdicts) {
    // The fatal findings by name, so that a failure says which rule broke.
    const fatal = verdict.findings.filter((line) => !/ warning:/.test(line));
    expect({ what, fatal }).toEqual({ what, fatal: [] });
    expect(verdict.fatal).toBe(0);
  }
  return ubl;
}

/** A company of the buyer's with this tax number, billed at `billingTo`; its VAT ID verified by the shop. */
async function companyBuyer(
  name: string,
  taxId: string,
  billingTo: Record<string, string>,
  { verify = false } = {},
) {
  const { admin: buyer, companyId } = await newCompany(t.ctx.app, name);
  const set = await t.call(buyer, 'PATCH', '/api/company', { taxId, billingTo });
  expect(set.statusCode, set.body).toBe(200);
  if (verify) {
    const verified = await t.call(admin, 'PUT', `/api/admin/companies/${companyId}/vat-verification`, {
      verified: true,
      vatId: taxId,
    });
    expect(verified.statusCode, verified.body).toBe(200);
  }
  return { buyer, companyId };
}

describe('invoices as EN 16931 data', () => {
  it('a domestic order at one rate, freight taxed too, paid by card (under a state permit: not Peppol)', async () => {
    const buyer = await signUp(t.ctx.app);
    const tool = await insertTool(t.ctx.db, { priceCents: 1234, weightGrams: 10 });
    const order = await invoicedOrder(buyer, [[tool, 120]], pittsburgh, { poNumber: 'PO-7781' });
    const ubl = await expectValid(buyer, order._id, { peppol: false });
    expect(ubl).toContain('<cbc:BuyerReference>PO-7781</cbc:BuyerReference>');
    // The invoice PDF is Factur-X: PDF/A-3 carrying the same invoice as factur-x.xml.
    const pdf = await t.call(buyer, 'GET', `/api/purchase/${order._id}/invoice`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const facturX = await validateDocument('facturx', pdf.rawPayload);
    expect(facturX.findings.filter((line) => !/ warning:/.test(line))).toEqual([]);
    expect(facturX.fatal).toBe(0);
    expect(ubl).toContain(
      `<cbc:PrepaidAmount currencyID="USD">${order.total.toFixed(2)}</cbc:PrepaidAmount>`,
    );
    // The state permit the tax was collected under, by its number (the PDF names it in words).
    expect(ubl).toContain('<cbc:CompanyID>12345678</cbc:CompanyID>');
    expect(ubl).not.toContain('Pennsylvania sales tax license');
    expect(await pdfText(pdf.rawPayload)).toContain('Pennsylvania sales tax license 12345678');
    // Its Peppol address is the shop's one participant ID, but no VAT ID is claimed for a state's sales tax.
    expect(ubl).not.toContain(`<cbc:CompanyID>${SHOP_VAT_ID}</cbc:CompanyID>`);
  });

  it('an order placed by the spec’s one-product call with a one-box address (taxed as at the shop)', async () => {
    const buyer = await signUp(t.ctx.app);
    const tool = await insertTool(t.ctx.db, { priceCents: 1000, weightGrams: 10 });
    const order = await placeOrderAs(t.ctx.app, buyer, tool.id, { quantity: 150 });
    await payOrderAs(t.ctx.app, buyer, order._id);
    const ubl = await expectValid(buyer, order._id, { peppol: false });
    expect(ubl).toContain('<cbc:StreetName>12 Mill Lane</cbc:StreetName>');
  });

  it('an accepted quote, its units partly backordered, paid by card', async () => {
    const buyer = await signUp(t.ctx.app);
    const tool = await insertTool(t.ctx.db, { priceCents: 1000, weightGrams: 10, available: 150 });
    const quote = await requestQuoteAs(t.ctx.app, buyer, tool.id, 300);
    await answerQuoteAs(t.ctx.app, admin, quote._id, {
      unitPrice: 8.5,
      validUntil: daysFromToday(7),
      shipDate: daysFromToday(14),
    });
    const accepted = await t.call(buyer, 'POST', `/api/quotes/${quote._id}/accept`, {
      name: 'Dock 4',
      number: '+1 412 555 0100',
      shipTo: pittsburgh,
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const order = accepted.json<PlaceOrderResult>().order;
    await payOrderAs(t.ctx.app, buyer, order._id);
    const ubl = await expectValid(buyer, order._id, { peppol: false });
    expect(ubl).toContain('<cbc:PriceAmount currencyID="USD">8.50</cbc:PriceAmount>');
  });

  it('mixed rates: standard and zero-rated lines with their freight shares', async () => {
    const buyer = await signUp(t.ctx.app);
    const { order } = await mixedRateOrder(buyer);
    const ubl = await expectValid(buyer, order._id, { peppol: false });
    expect(ubl).toMatch(/<cbc:ID>Z<\/cbc:ID>\s*<cbc:Percent>0<\/cbc:Percent>/);
  });

  it('an exempt product in a taxed sale: exempt (E) with its reason, not zero-rated', async () => {
    const buyer = await signUp(t.ctx.app);
    const [standard, exempt] = await Promise.all([
      insertTool(t.ctx.db, { priceCents: 1234, weightGrams: 10 }),
      insertTool(t.ctx.db, { priceCents: 900, weightGrams: 10, taxClass: 'exempt' }),
    ]);
    const order = await invoicedOrder(
      buyer,
      [
        [standard, 100],
        [exempt, 100],
      ],
      pittsburgh,
    );
    const ubl = await expectValid(buyer, order._id, { peppol: false });
    expect(ubl).toMatch(
      /<cbc:ID>E<\/cbc:ID>\s*<cbc:Percent>0<\/cbc:Percent>\s*<cbc:TaxExemptionReason>Exempt goods/,
    );
    expect(ubl).not.toMatch(/<cbc:ID>Z<\/cbc:ID>/);
  });

  it('in the EU: Dutch VAT at two rates, under Peppol BIS 3.0 too', async () => {
    const { buyer } = await companyBuyer('Rotterdam Bouw BV', 'NL004495445B01', rotterdam);
    const [standard, reduced] = await Promise.all([
      insertTool(t.ctx.db, { priceCents: 2000, weightGrams: 10 }),
      insertTool(t.ctx.db, { priceCents: 500, weightGrams: 10, taxClass: 'reduced' }),
    ]);
    const order = await invoicedOrder(
      buyer,
      [
        [standard, 100],
        [reduced, 200],
      ],
      rotterdam,
      { poNumber: 'RB-2291' },
    );
    const ubl = await expectValid(buyer, order._id);
    expect(ubl).toContain(`<cbc:EndpointID schemeID="9944">${SHOP_VAT_ID}</cbc:EndpointID>`);
    expect(ubl).toContain('<cbc:EndpointID schemeID="9944">NL004495445B01</cbc:EndpointID>');
  });

  it('names the buyer’s part numbers and each line’s unit of measure, in both syntaxes and the PDF', async () => {
    const { buyer } = await companyBuyer('Rotterdam Handschoen BV', 'NL004495445B01', rotterdam);
    const [gloves, saw] = await Promise.all([
      insertTool(t.ctx.db, { sku: 'FT-GLV-PR', priceCents: 400, weightGrams: 10, unit: 'PR' }),
      insertTool(t.ctx.db, { sku: 'FT-SAW-PN', priceCents: 2000, weightGrams: 10 }),
    ]);
    const saved = await t.call(buyer, 'PUT', '/api/company/part-numbers', {
      rows: [{ sku: 'FT-GLV-PR', partNumber: 'RH-GLOVE-9' }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const order = await invoicedOrder(
      buyer,
      [
        [gloves, 200],
        [saw, 100],
      ],
      rotterdam,
    );
    expect(order.lines.map((line) => [line.sku, line.partNumber, line.unit])).toEqual([
      ['FT-GLV-PR', 'RH-GLOVE-9', 'PR'],
      ['FT-SAW-PN', null, 'EA'],
    ]);
    const ubl = await expectValid(buyer, order._id);
    expect(ubl).toContain('<cbc:InvoicedQuantity unitCode="PR">200</cbc:InvoicedQuantity>');
    expect(ubl).toContain('<cbc:InvoicedQuantity unitCode="EA">100</cbc:InvoicedQuantity>');
    expect(ubl).toMatch(/<cac:BuyersItemIdentification>\s*<cbc:ID>RH-GLOVE-9<\/cbc:ID>/);
    expect(ubl.match(/BuyersItemIdentification/g)).toHaveLength(2);
    const cii = await eInvoice(buyer, order._id, 'cii');
    expect(cii).toContain('<ram:BuyerAssignedID>RH-GLOVE-9</ram:BuyerAssignedID>');
    const pdf = await t.call(buyer, 'GET', `/api/purchase/${order._id}/invoice`);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Your part no. RH-GLOVE-9');
    expect(text).toContain('200 PR');
  });

  it('to a verified French VAT ID from stock in Pittsburgh: an export from the US, under no EU VAT ID', async () => {
    const { buyer } = await companyBuyer('Atelier Lumière SARL', 'FR40123456824', lyon, { verify: true });
    const tool = await insertTool(t.ctx.db, { priceCents: 1000, weightGrams: 10 });
    const order = await invoicedOrder(buyer, [[tool, 100]], lyon);
    // Goods sent from outside the EU are no intra-community supply: the buyer imports them.
    expect(order.tax).toMatchObject({
      treatment: 'untaxed_place',
      registration: null,
      notice: exportNotice('US'),
    });
    const ubl = await expectValid(buyer, order._id);
    expect(ubl).toMatch(/<cbc:ID>O<\/cbc:ID>\s*<cbc:TaxExemptionReasonCode>VATEX-EU-O</);
    expect(ubl).not.toContain('VATEX-EU-IC');
    // Outside the scope of EU VAT: neither party's VAT ID is claimed (BR-O-02, BR-O-03).
    expect(ubl).not.toContain(`<cbc:CompanyID>${SHOP_VAT_ID}</cbc:CompanyID>`);
    expect(ubl).not.toMatch(/<cac:PartyTaxScheme>/);
    const text = await pdfText((await t.call(buyer, 'GET', `/api/purchase/${order._id}/invoice`)).rawPayload);
    expect(text).toContain(exportNotice('US'));
    expect(text).not.toContain('Article 138');
  });

  it('an export to Canada, and a delivery in the seller’s country where it collects no tax', async () => {
    const buyer = await signUp(t.ctx.app);
    const tool = await insertTool(t.ctx.db, { priceCents: 1000, weightGrams: 10 });
    const exported = await invoicedOrder(buyer, [[tool, 100]], toronto);
    expect(exported.tax).toMatchObject({ treatment: 'untaxed_place', notice: exportNotice('US') });
    const ubl = await expectValid(buyer, exported._id, { peppol: false });
    // Shipped from Pittsburgh: outside the scope of EU VAT, not an EU export under the shop's NL VAT ID.
    expect(ubl).toContain('<cbc:TaxExemptionReasonCode>VATEX-EU-O</cbc:TaxExemptionReasonCode>');
    expect(ubl).toContain(`<cbc:Note>${exportNotice('US')}`);
    expect(ubl).not.toContain(`<cbc:CompanyID>${SHOP_VAT_ID}</cbc:CompanyID>`);
    const ohio = await invoicedOrder(buyer, [[tool, 100]], columbus);
    expect(ohio.tax.notice).toBe(OUTSIDE_REGISTRATIONS_NOTICE);
    const outside = await expectValid(buyer, ohio._id, { peppol: false });
    expect(outside).toContain('<cbc:TaxExemptionReasonCode>VATEX-EU-O</cbc:TaxExemptionReasonCode>');
    // A delivery inside the United States is no export, on any of its documents.
    expect(outside).not.toMatch(/export/i);
    const text = await pdfText((await t.call(buyer, 'GET', `/api/purchase/${ohio._id}/invoice`)).rawPayload);
    expect(text).toContain(OUTSIDE_REGISTRATIONS_NOTICE);
    expect(text).not.toMatch(/export/i);
  });

  it('exempt under the buyer’s approved resale certificate', async () => {
    const { buyer } = await companyBuyer('Allegheny Supply Co', 'EIN 98-7654321', pittsburgh);
    const uploaded = await t.call(buyer, 'POST', '/api/company/tax-certificates', {
      kind: 'resale',
      number: 'PA-REV-1220-55',
      regions: ['US-PA'],
      expiresOn: new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10),
      fileName: 'resale certificate.pdf',
      content: Buffer.from(
        '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
      ).toString('base64'),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const id = uploaded.json<{ insertedId: string }>().insertedId;
    const approved = await t.call(admin, 'POST', `/api/admin/tax-certificates/${id}/decision`, {
      approve: true,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const tool = await insertTool(t.ctx.db, { priceCents: 1000, weightGrams: 10 });
    const order = await invoicedOrder(buyer, [[tool, 100]], pittsburgh);
    expect(order.tax.treatment).toBe('exempt');
    const ubl = await expectValid(buyer, order._id, { peppol: false });
    expect(ubl).toContain(
      "<cbc:TaxExemptionReason>Exempt under the buyer's resale certificate PA-REV-1220-55</cbc:TaxExemptionReason>",
    );
    // Its EIN, printed on the PDF, is its legal registration in the XML (BT-47): no VAT ID.
    expect(ubl).toMatch(
      /<cac:PartyLegalEntity>\s*<cbc:RegistrationName>Allegheny Supply Co<\/cbc:RegistrationName>\s*<cbc:CompanyID>98-7654321<\/cbc:CompanyID>/,
    );
    expect(await eInvoice(buyer, order._id, 'cii')).toMatch(
      /<ram:SpecifiedLegalOrganization>\s*<ram:ID>98-7654321<\/ram:ID>/,
    );
    const text = await pdfText((await t.call(buyer, 'GET', `/api/purchase/${order._id}/invoice`)).rawPayload);
    expect(text).toContain('resale certificate PA-REV-1220-55');
    expect(text).toContain('Tax / VAT ID: EIN 98-7654321');
  });

  it('on account: its due date, payable in full, and the seller’s bank account to pay it to', async () => {
    const { buyer, companyId } = await companyBuyer('Rotterdam Staal BV', 'NL004495445B01', rotterdam);
    const terms = await t.call(admin, 'PUT', `/api/admin/companies/${companyId}/terms`, {
      terms: 'net30',
      creditLimit: 50_000,
    });
    expect(terms.statusCode, terms.body).toBe(200);
    const tool = await insertTool(t.ctx.db, { priceCents: 2500, weightGrams: 10 });
    const order = await invoicedOrder(buyer, [[tool, 100]], rotterdam, {
      paymentMethod: 'account',
      poNumber: 'RS-1',
    });
    expect(order.status).toBe('on_account');
    const ubl = await expectValid(buyer, order._id);
    expect(ubl).toContain(`<cbc:DueDate>${order.dueDate}</cbc:DueDate>`);
    expect(ubl).toContain('<cbc:PaymentMeansCode>30</cbc:PaymentMeansCode>');
    // A US account: its number and the bank's routing number (BT-84, BT-86), what an ACH payment needs;
    // no IBAN, as none is.
    expect(ubl).toMatch(
      /<cac:PayeeFinancialAccount>\s*<cbc:ID>441022910087<\/cbc:ID>\s*<cbc:Name>Forgeline Tools Inc.<\/cbc:Name>\s*<cac:FinancialInstitutionBranch>\s*<cbc:ID>043000096<\/cbc:ID>/,
    );
    const cii = await eInvoice(buyer, order._id, 'cii');
    expect(cii).not.toContain('IBANID');
    expect(cii).toMatch(
      /<ram:PayeePartyCreditorFinancialAccount>\s*<ram:AccountName>Forgeline Tools Inc.<\/ram:AccountName>\s*<ram:ProprietaryID>441022910087<\/ram:ProprietaryID>/,
    );
    expect(cii).toMatch(/<ram:PayeeSpecifiedCreditorFinancialInstitution>\s*<ram:BICID>043000096</);
    const embedded = await pdfAttachment(
      (await t.call(buyer, 'GET', `/api/purchase/${order._id}/invoice`)).rawPayload,
      'factur-x.xml',
    );
    expect(embedded).toContain('<ram:ProprietaryID>441022910087</ram:ProprietaryID>');
    expect(embedded).not.toContain('IBANID');
    expect(ubl).toContain(
      `<cbc:PayableAmount currencyID="USD">${order.total.toFixed(2)}</cbc:PayableAmount>`,
    );
  });

  it('the validators see a broken invoice: an amount due that is not the totals’ is fatal', async () => {
    const buyer = await signUp(t.ctx.app);
    const tool = await insertTool(t.ctx.db, { priceCents: 1000, weightGrams: 10 });
    const order = await invoicedOrder(buyer, [[tool, 100]], pittsburgh);
    const ubl = await eInvoice(buyer, order._id, 'ubl');
    const broken = ubl.replace(
      /<cbc:PayableAmount currencyID="USD">[\d.]+</,
      '<cbc:PayableAmount currencyID="USD">1.00<',
    );
    expect(broken).not.toBe(ubl);
    const verdict = await validateDocument('en16931', broken);
    expect(verdict.fatal).toBeGreaterThan(0);
    expect(verdict.findings.join('\n')).toContain('BR-CO-16');
  });

  it('judges as the kit’s own commands do: the same findings, broken or whole, UBL or CII, EN 16931 or Peppol', async () => {
    const buyer = await signUp(t.ctx.app);
    const tool = await insertTool(t.ctx.db, { priceCents: 1000, weightGrams: 10 });
    const order = await invoicedOrder(buyer, [[tool, 100]], pittsburgh);
    const ubl = await eInvoice(buyer, order._id, 'ubl');
    const cii = await eInvoice(buyer, order._id, 'cii');
    const broken = ubl.replace(
      /<cbc:PayableAmount currencyID="USD">[\d.]+</,
      '<cbc:PayableAmount currencyID="USD">1.00<',
    );
    const notXsd = ubl.replace('<cbc:IssueDate>', '<cbc:IssueDate>x');
    for (const [validator, document] of [
      ['en16931', ubl],
      ['en16931', cii],
      ['en16931', broken],
      ['en16931', notXsd],
      ['peppol', broken],
    ] as const) {
      const [here, command] = await Promise.all([
        validateDocument(validator, document),
        validateByCommand(validator, document),
      ]);
      // Each ran on a temporary file of its own, which an XSD finding names.
      const named = (findings: string[]) =>
        findings.map((line) => line.replace(/\S*\/e-invoice-[^/]+\//g, ''));
      expect({ validator, fatal: here.fatal, findings: named(here.findings) }).toEqual({
        validator,
        fatal: command.fatal,
        findings: named(command.findings),
      });
    }
  });
});

describe('the e-invoice library, its schema compiled once a format', () => {
  // @e-invoice-eu/core compiles its invoice schema anew for each document (e-invoice.ts): the shop keeps
  // each compiled one. Its Ajv class, as the library itself requires it.
  const libraryAjv = () => {
    const fromLibrary = createRequire(createRequire(import.meta.url).resolve('@e-invoice-eu/core'));
    return fromLibrary('ajv/dist/2019') as new (options: object) => { compile: (schema: object) => unknown };
  };

  it('compiles a schema once however many documents it checks, and each schema its own', async () => {
    const buyer = await signUp(t.ctx.app);
    const tool = await insertTool(t.ctx.db, { priceCents: 1000, weightGrams: 10 });
    const order = await invoicedOrder(buyer, [[tool, 100]], pittsburgh);
    await eInvoice(buyer, order._id, 'ubl');
    const Ajv = libraryAjv();
    const schema = { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] };
    const first = new Ajv({ strict: true }).compile(schema);
    expect(new Ajv({ strict: true }).compile(structuredClone(schema))).toBe(first);
    expect(new Ajv({ strict: true }).compile({ ...schema, required: [] })).not.toBe(first);
    expect(new Ajv({ strict: true, useDefaults: true }).compile(schema)).not.toBe(first);
    // Fastify's Ajv (and any other) compiles as it always did.
    const { default: OwnAjv } = await import('ajv');
    expect(new OwnAjv().compile(schema)).not.toBe(new OwnAjv().compile(schema));
    // The library still checks every document against it: a second one of the same order is the same.
    expect(await eInvoice(buyer, order._id, 'ubl')).toBe(await eInvoice(buyer, order._id, 'ubl'));
  });

  it('still refuses data its schema does not take, the second time as the first', async () => {
    const buyer = await signUp(t.ctx.app);
    const tool = await insertTool(t.ctx.db, { priceCents: 1000, weightGrams: 10 });
    await eInvoice(buyer, (await invoicedOrder(buyer, [[tool, 100]], pittsburgh))._id, 'ubl');
    const { InvoiceService } = await import('@e-invoice-eu/core');
    const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined };
    for (let attempt = 0; attempt < 2; attempt++) {
      const refused: unknown = await new InvoiceService(quiet)
        .generate({ 'ubl:Invoice': {} } as never, { format: 'UBL', lang: 'en-us' })
        .catch((error: unknown) => error);
      expect(refused).toMatchObject({
        message: 'validation failed',
        errors: expect.arrayContaining([expect.objectContaining({ keyword: 'required' })]) as unknown,
      });
    }
  });
});

describe('delivered as the company asks', () => {
  it('mails its invoices as Factur-X and UBL to its billing address too, naming its Peppol ID', async () => {
    const { buyer, companyId } = await companyBuyer('Delft Installatie BV', 'NL004495445B01', rotterdam);
    const refused = await t.call(buyer, 'PATCH', '/api/company', { peppolId: '0001:123' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ error: { message: string } }>().error.message).toContain('scheme:identifier');
    const set = await t.call(buyer, 'PATCH', '/api/company', {
      billingEmail: 'AP@delft-installatie.example',
      invoiceDelivery: 'both',
      peppolId: '0088:5790000435975',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await t.call(buyer, 'GET', '/api/company')).json()).toMatchObject({
      billingEmail: 'ap@delft-installatie.example',
      invoiceDelivery: 'both',
      peppolId: '0088:5790000435975',
    });
    const terms = await t.call(admin, 'PUT', `/api/admin/companies/${companyId}/terms`, {
      terms: 'net30',
      creditLimit: 50_000,
    });
    expect(terms.statusCode, terms.body).toBe(200);
    const tool = await insertTool(t.ctx.db, { priceCents: 2500, weightGrams: 10 });
    const order = await invoicedOrder(buyer, [[tool, 100]], rotterdam, { paymentMethod: 'account' });
    const subject = new RegExp(`^Order ${order.orderNumber} confirmed on account`);
    for (const to of [buyer.email, 'ap@delft-installatie.example']) {
      const mail = await t.smtp.nextMailTo(to, subject);
      const files = mail.parsed.attachments.map((file) => [file.filename, file.contentType]);
      expect(files).toEqual([
        [`${order.invoiceNumber}.pdf`, 'application/pdf'],
        [`${order.invoiceNumber}.xml`, 'application/xml'],
      ]);
      const xml = mail.parsed.attachments[1]?.content.toString() ?? '';
      expect(xml).toContain('<cbc:EndpointID schemeID="0088">5790000435975</cbc:EndpointID>');
      const verdict = await validateDocument('peppol', xml);
      expect(verdict.findings.filter((line) => !/ warning:/.test(line))).toEqual([]);
    }
  });
});

describe('credit notes as EN 16931 data, naming the invoice they correct', () => {
  async function creditNote(user: TestUser, number: string, format: 'ubl' | 'cii' | 'pdf') {
    const response = await t.call(user, 'GET', `/api/credit-notes/${number}?format=${format}`);
    expect(response.statusCode, response.body).toBe(200);
    return response;
  }

  async function expectValidNote(user: TestUser, number: string, { peppol }: { peppol: boolean }) {
    const ubl = (await creditNote(user, number, 'ubl')).body;
    const cii = (await creditNote(user, number, 'cii')).body;
    const pdf = (await creditNote(user, number, 'pdf')).rawPayload;
    expect(ubl.includes('urn:fdc:peppol.eu:2017:poacc:billing:3.0'), 'claims Peppol BIS').toBe(peppol);
    expect(cii.includes('urn:fdc:peppol.eu:2017:poacc:billing:3.0'), 'the CII claims Peppol BIS').toBe(
      peppol,
    );
    await expectDocumentAgrees(
      t.ctx.db,
      { kind: 'credit_note', number: Number(number.slice(3)) },
      { pdf, ubl, cii },
    );
    // The invoice it corrects (BT-25, BT-26), in the UBL, the CII and the PDF's own CII alike.
    const [, invoice = '', issued = ''] =
      /<cac:InvoiceDocumentReference>\s*<cbc:ID>(INV-\d+)<\/cbc:ID>\s*<cbc:IssueDate>([\d-]+)</.exec(ubl) ??
      [];
    expect(invoice).toMatch(/^INV-\d{6}$/);
    const referenced = new RegExp(
      `<ram:InvoiceReferencedDocument>\\s*<ram:IssuerAssignedID>${invoice}</ram:IssuerAssignedID>\\s*` +
        `<ram:FormattedIssueDateTime>\\s*<qdt:DateTimeString format="102">${issued.replaceAll('-', '')}<`,
    );
    expect(cii).toMatch(referenced);
    expect(await pdfAttachment(pdf, 'factur-x.xml')).toMatch(referenced);
    const verdicts = [
      ['UBL under EN 16931', await validateDocument('en16931', ubl)],
      ['CII under EN 16931', await validateDocument('en16931', cii)],
      ['the PDF under Factur-X', await validateDocument('facturx', pdf)],
      ...(peppol ? [['UBL under Peppol BIS 3.0', await validateDocument('peppol', ubl)] as const] : []),
    ] as const;
    for (const [what, verdict] of verdicts) {
      const fatal = verdict.findings.filter((line) => !/ warning:/.test(line));
      expect({ what, fatal }).toEqual({ what, fatal: [] });
      expect(verdict.fatal).toBe(0);
    }
    return ubl;
  }

  it('units the shop cancelled after payment: a UBL CreditNote referring to the invoice', async () => {
    const buyer = await signUp(t.ctx.app);
    const { order, standard } = await mixedRateOrder(buyer);
    const cancelled = await t.call(admin, 'POST', `/api/admin/orders/${order._id}/cancel`, {
      reason: 'Ordered twice',
      lines: [{ sku: standard.sku, quantity: 60 }],
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [note] = cancelled.json<Order>().creditNotes;
    const ubl = await expectValidNote(buyer, note?.number ?? '', { peppol: false });
    expect(ubl).toContain('<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"');
    expect(ubl).toContain('<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>');
    expect(ubl).toMatch(/<cac:InvoiceDocumentReference>\s*<cbc:ID>INV-\d{6}<\/cbc:ID>/);
    expect(ubl).toContain('<cbc:CreditedQuantity unitCode="EA">60</cbc:CreditedQuantity>');
    expect(ubl).toContain(
      `<cbc:PayableAmount currencyID="USD">${note?.amount.toFixed(2)}</cbc:PayableAmount>`,
    );
  });

  it('on account: credited to the company’s account, naming no payee bank account', async () => {
    const { buyer, companyId } = await companyBuyer('Rotterdam Krediet BV', 'NL004495445B01', rotterdam);
    const terms = await t.call(admin, 'PUT', `/api/admin/companies/${companyId}/terms`, {
      terms: 'net30',
      creditLimit: 50_000,
    });
    expect(terms.statusCode, terms.body).toBe(200);
    const tool = await insertTool(t.ctx.db, { priceCents: 2500, weightGrams: 10 });
    const order = await invoicedOrder(buyer, [[tool, 100]], rotterdam, { paymentMethod: 'account' });
    const cancelled = await t.call(admin, 'POST', `/api/admin/orders/${order._id}/cancel`, {
      reason: 'Ordered twice',
      lines: [{ sku: tool.sku, quantity: 40 }],
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [note] = cancelled.json<Order>().creditNotes;
    const ubl = await expectValidNote(buyer, note?.number ?? '', { peppol: true });
    expect(ubl).toContain('<cbc:PaymentMeansCode>97</cbc:PaymentMeansCode>');
    expect(ubl).not.toContain('PayeeFinancialAccount');
  });

  it('a return refunded less a restocking fee, in the EU under Peppol BIS 3.0', async () => {
    const { buyer } = await companyBuyer('Rotterdam Gereedschap BV', 'NL004495445B01', rotterdam);
    const tool = await insertTool(t.ctx.db, { priceCents: 2000, weightGrams: 10 });
    const order = await invoicedOrder(buyer, [[tool, 100]], rotterdam);
    const shipped = await t.call(admin, 'POST', `/api/admin/orders/${order._id}/shipments`, {
      lines: [{ sku: tool.sku, quantity: 100 }],
      carrier: 'DHL',
    });
    expect(shipped.statusCode, shipped.body).toBe(201);
    const asked = await t.call(buyer, 'POST', `/api/purchase/${order._id}/returns`, {
      lines: [{ sku: tool.sku, quantity: 10, reason: 'Wrong size' }],
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const rmaId = asked.json<{ _id: string }>()._id;
    const creditedToday = async () => {
      const days = (await t.call(admin, 'GET', '/api/admin/dashboard')).json<{
        revenueByDay: { credited: number }[];
      }>().revenueByDay;
      return days.at(-1)?.credited ?? 0;
    };
    const before = await creditedToday();
    for (const [step, body] of [
      ['approve', { instructions: 'Dock 2' }],
      ['receive', { lines: [{ sku: tool.sku, quantity: 10, condition: 'resellable' }] }],
      ['refund', { restockingFeePercent: 15 }],
    ] as const) {
      const done = await t.call(admin, 'POST', `/api/admin/returns/${rmaId}/${step}`, body);
      expect(done.statusCode, done.body).toBe(200);
    }
    const detail = (await t.call(buyer, 'GET', `/api/purchase/${order._id}`)).json<Order>();
    const [note] = detail.creditNotes;
    // 10 × $20 + 21 % VAT = $242.00, less 15 %: $205.70 credited.
    expect(note?.amount).toBe(205.7);
    const ubl = await expectValidNote(buyer, note?.number ?? '', { peppol: true });
    expect(ubl).toContain(
      '<cbc:AllowanceChargeReason>Restocking fee kept by the seller</cbc:AllowanceChargeReason>',
    );
    expect(ubl).toContain('<cbc:PayableAmount currencyID="USD">205.70</cbc:PayableAmount>');
    // The dashboard counts the goods credited as the note's breakdown has them: $200 less the fee's
    // $30.00 before tax (it had taken the $36.30 with its tax off goods without tax: $163.70).
    expect(Math.round(((await creditedToday()) - before) * 100)).toBe(17_000);
    // The mail says what the PDF and the XML say: $36.30 kept is $30.00 before tax and $6.30 of VAT.
    const mail = await t.smtp.nextMailTo(buyer.email, new RegExp(`^Credit note ${note?.number ?? ''}`));
    expect(mail.parsed.text).toMatch(/Restocking fee kept \(before tax\):\s+−\$30\.00/);
    expect(mail.parsed.text).toMatch(/Tax credited:\s+\$35\.70/);
  });
});
