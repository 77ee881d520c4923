import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, products, taxCertificates } from '../db/schema';
import type { SalesDashboard } from '../../shared/api/dashboard.schemas';
import { testMailContext } from '../test/mail-context';
import { CERTIFICATE_QUOTA, noticeExpiringCertificates } from './exemptions';
import type { Cart, ChargesPreview } from '../../shared/api/cart.schemas';
import type { ErrorBody } from '../../shared/api/errors';
import type { Order, PlaceOrderResult } from '../../shared/api/orders.schemas';
import { INTRA_COMMUNITY_NOTICE, exportNotice } from '../../shared/domain/order-charges';
import { type TestUser, signUp, signUpAdmin } from '../test/auth-helpers';
import { newCompany, useCompanyTestApp } from '../test/company-helpers';
import { insertTool } from '../test/factories';
import { delivery, payOrderAs, pittsburgh } from '../test/order-helpers';
import { pdfText } from '../test/pdf-text';
import { formatDay } from '../../shared/date-format';
import { messages } from '../../shared/messages';

/**
 * Every order's subtotal, freight, tax by rate and total come from one function, shown the
 * same in the cart and the buy form's preview as the order then carries; a pallet waits for the shop's
 * freight; the reverse charge; an address the shop does not deliver to; the spec's one-box address.
 */
const t = useCompanyTestApp();
let admin: TestUser;

async function invoiceText(user: TestUser, orderId: string) {
  const pdf = await t.call(user, 'GET', `/api/purchase/${orderId}/invoice`);
  expect(pdf.statusCode, pdf.body).toBe(200);
  return pdfText(pdf.rawPayload);
}

const lyon = { line1: '4 Rue de la République', city: 'Lyon', postalCode: '69002', country: 'FR' };
const manhattan = {
  line1: '1 Battery Park Plaza',
  city: 'New York',
  region: 'NY',
  postalCode: '10004',
  country: 'US',
};
/** The registrations the shop collects under (content/business.json's vatId is the EU one). */
const PA_PERMIT = 'Pennsylvania sales tax license 12345678';
const NY_PERMIT = 'New York certificate of authority 12-3456789';
const SHOP_VAT_ID = 'NL859123455B01';

describe('an order’s charges', () => {
  it('are set up by a shop admin: zones for Pennsylvania, Ontario and France', async () => {
    admin = await signUpAdmin(t.ctx.app, t.ctx.db);
    const zones = [
      [
        '/api/admin/tax-zones',
        { country: 'US', region: 'PA', rates: { standard: 6, reduced: 6, zero: 0 }, registration: PA_PERMIT },
      ],
      [
        '/api/admin/tax-zones',
        { country: 'FR', rates: { standard: 20, reduced: 5.5, zero: 0 }, registration: SHOP_VAT_ID },
      ],
      [
        '/api/admin/tax-zones',
        {
          country: 'US',
          region: 'NY',
          rates: { standard: 4, reduced: 4 },
          registration: NY_PERMIT,
          taxesFreight: true,
        },
      ],
      [
        '/api/admin/shipping-zones',
        {
          country: 'US',
          bands: [
            { upToKg: 10, price: 15 },
            { upToKg: 100, price: 60 },
          ],
          freeFrom: 20_000,
          palletFromKg: 500,
        },
      ],
      [
        '/api/admin/shipping-zones',
        { country: 'FR', bands: [{ upToKg: 100, price: 90 }], freeFrom: null, palletFromKg: 300 },
      ],
    ] as const;
    for (const [url, body] of zones) {
      const created = await t.call(admin, 'POST', url, body);
      expect(created.statusCode, created.body).toBe(201);
    }
  });

  it('are the same in the cart, the buy form’s preview and the order: tax per line by class, freight by weight', async () => {
    const buyer = await signUp(t.ctx.app);
    // 120 wrenches at $12.34 (0.4 kg each: 48 kg, the second band) and 100 manuals at $3.33, zero-rated.
    const wrench = await insertTool(t.ctx.db, { priceCents: 1234, weightGrams: 400, minOrder: 100 });
    const manual = await insertTool(t.ctx.db, {
      priceCents: 333,
      weightGrams: 10,
      taxClass: 'zero',
      minOrder: 100,
    });
    for (const [tool, quantity] of [
      [wrench, 120],
      [manual, 100],
    ] as const) {
      const put = await t.call(buyer, 'PUT', `/api/cart/lines/${tool.id}`, { quantity });
      expect(put.statusCode, put.body).toBe(200);
    }

    const bare = (await t.call(buyer, 'GET', '/api/cart')).json<Cart>();
    expect(bare.charges).toBeNull();
    const cart = (await t.call(buyer, 'GET', '/api/cart?country=US&region=pa&postalCode=15201')).json<Cart>();
    // 120 × $12.34 = $1,480.80, taxed 6 % = $88.848 → $88.85 (half up); 100 × $3.33 at 0 %.
    expect(cart.charges).toEqual({
      deliverTo: 'Pennsylvania, United States',
      subtotal: 1813.8,
      freight: 60,
      freightStatus: 'priced',
      taxes: [
        { rate: 6, amount: 88.85 },
        { rate: 0, amount: 0 },
      ],
      total: 1962.65,
      tax: expect.objectContaining({ treatment: 'taxed', zone: 'Pennsylvania, United States' }) as unknown,
      problem: null,
    });

    const checkout = await t.call(buyer, 'POST', '/api/cart/checkout', {
      name: 'Pat Buyer',
      number: '+1 412 555 0100',
      shipTo: { ...pittsburgh, region: 'pa' },
    });
    expect(checkout.statusCode, checkout.body).toBe(201);
    const order = checkout.json<{ order: Order }>().order;
    expect(order).toMatchObject({
      subtotal: 1813.8,
      freight: 60,
      freightStatus: 'priced',
      taxes: cart.charges?.taxes,
      total: 1962.65,
      amount: 1962.65,
      address: '1200 Foundry Road\nPittsburgh, PA 15201\nUnited States',
      shipTo: { ...pittsburgh, line2: null },
    });
    expect(order.lines.map((line) => [line.taxClass, line.taxRate, line.tax])).toEqual([
      ['standard', 6, 88.85],
      ['zero', 0, 0],
    ]);

    // Paid, its invoice shows each line's rate, the freight and the tax by rate, and both addresses.
    await payOrderAs(t.ctx.app, buyer, order._id);
    const invoice = await invoiceText(buyer, order._id);
    expect(invoice).toContain('Ship to Pat Buyer 1200 Foundry Road Pittsburgh, PA 15201 United States');
    expect(invoice).toMatch(/Issue date .* Supply date .* Due date .*\(paid\)/);
    expect(invoice).toContain('$12.34 6% $1,480.80');
    expect(invoice).toContain('$3.33 0% $333.00');
    expect(invoice).toContain(
      'Subtotal $1,813.80 Freight $60.00 Tax at 6% $88.85 Tax at 0% $0.00 Total (USD) $1,962.65',
    );
    expect(invoice).toContain(`Tax collected under the seller’s registration: ${PA_PERMIT}.`);

    // The buy form's preview of one product, and the order the form then places.
    const preview = await t.call(
      buyer,
      'GET',
      `/api/purchase/preview?toolId=${wrench.id}&quantity=100&country=US&region=PA`,
    );
    expect(preview.json<ChargesPreview>()).toMatchObject({ subtotal: 1234, freight: 60, total: 1368.04 });
    const placed = await t.call(buyer, 'POST', '/api/purchase', {
      ...delivery,
      toolId: wrench.id,
      quantity: 100,
      shipTo: pittsburgh,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json<PlaceOrderResult>().order).toMatchObject({
      taxes: [{ rate: 6, amount: 74.04 }],
      total: 1368.04,
    });

    // A rate changed later changes no order placed before it.
    const zones = (await t.call(admin, 'GET', '/api/admin/tax-zones')).json<
      { _id: string; country: string; region: string | null }[]
    >();
    const pa = zones.find((zone) => zone.country === 'US' && zone.region === 'PA');
    const changed = await t.call(admin, 'PUT', `/api/admin/tax-zones/${pa?._id}`, {
      country: 'US',
      region: 'PA',
      rates: { standard: 7, reduced: 7, zero: 0 },
      registration: PA_PERMIT,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const again = (await t.call(buyer, 'GET', `/api/purchase/${order._id}`)).json<Order>();
    expect(again).toMatchObject({ taxes: cart.charges?.taxes, total: 1962.65 });
    expect(await invoiceText(buyer, order._id)).toContain('Tax at 6% $88.85');
  });

  it('wait, on a pallet, for the freight the shop quotes before the order can be paid', async () => {
    const buyer = await signUp(t.ctx.app);
    const anvil = await insertTool(t.ctx.db, { priceCents: 5000, weightGrams: 6000, minOrder: 100 });
    const placed = await t.call(buyer, 'POST', '/api/purchase', {
      ...delivery,
      toolId: anvil.id,
      quantity: 100,
      shipTo: pittsburgh,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<PlaceOrderResult>().order;
    // 600 kg: past the 500 kg pallet weight. (Pennsylvania's rate is 7 % since the test above.)
    expect(order).toMatchObject({
      status: 'awaiting_freight',
      freightStatus: 'quoted',
      freight: null,
      subtotal: 5000,
      total: 5350,
      holdExpiresAt: null,
    });
    // The shop is mailed, and finds it among the orders awaiting freight.
    const asked = await t.smtp.nextMailTo('orders@forgeline.example', /waits for a pallet freight quote/);
    expect(asked.parsed.text).toContain('/dashboard/manageAllOrders/');
    const listed = await t.call(admin, 'GET', '/api/admin/orders?status=awaiting_freight');
    expect(listed.json<{ orders: Order[] }>().orders.map((entry) => entry._id)).toContain(order._id);
    const refused = await t.call(buyer, 'POST', '/api/create-payment-intent', { orderId: order._id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ErrorBody>().error.message).toMatch(/pallet: we are quoting its freight/);

    expect(
      (await t.call(buyer, 'PUT', `/api/admin/orders/${order._id}/freight`, { freight: 450 })).statusCode,
    ).toBe(403);
    const quoted = await t.call(admin, 'PUT', `/api/admin/orders/${order._id}/freight`, { freight: 450 });
    expect(quoted.statusCode, quoted.body).toBe(200);
    expect(quoted.json<Order>()).toMatchObject({
      status: 'unpaid',
      freightStatus: 'quoted',
      freight: 450,
      total: 5800,
      amount: 5800,
      holdExpiresAt: expect.any(String) as unknown,
    });
    const mail = await t.smtp.nextMailTo(buyer.email, /freight quoted/);
    expect(mail.parsed.text).toContain('$5,800.00');
    const twice = await t.call(admin, 'PUT', `/api/admin/orders/${order._id}/freight`, { freight: 500 });
    expect(twice.statusCode).toBe(409);

    await payOrderAs(t.ctx.app, buyer, order._id);
    const paid = (await t.call(buyer, 'GET', `/api/purchase/${order._id}`)).json<Order>();
    expect(paid).toMatchObject({ status: 'paid', total: 5800 });
  });

  it('from stock outside the EU, are an export for a verified VAT ID of the billing country in another member state, never an intra-community supply', async () => {
    const { admin: buyer, companyId } = await newCompany(t.ctx.app, 'Atelier Lumière SARL');
    const tool = await insertTool(t.ctx.db, { priceCents: 1000, weightGrams: 100, minOrder: 100 });
    const order = async () => {
      const placed = await t.call(buyer, 'POST', '/api/purchase', {
        ...delivery,
        toolId: tool.id,
        quantity: 100,
        shipTo: lyon,
      });
      expect(placed.statusCode, placed.body).toBe(201);
      return placed.json<PlaceOrderResult>().order;
    };
    // $1,000 and $90 freight, both at France's 20 % (freight is taxed in the EU): $218 VAT.
    const french = { taxes: [{ rate: 20, amount: 218 }], total: 1308 };
    // Its tax number is British, not an EU VAT ID: French VAT is charged.
    expect(await order()).toMatchObject(french);

    // A malformed VAT ID is refused by France's check-digit rule, saying what a valid one changes.
    const malformed = await t.call(buyer, 'PATCH', '/api/company', { taxId: 'FR 40 123 456 825' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<ErrorBody>().error.message).toBe(
      'Tax number: FR40123456825 is not a valid VAT ID of France: its check digit is wrong. A valid VAT ID, once ' +
        'we have verified it, lets deliveries to another EU member state go without VAT (an intra-community ' +
        'supply). Correct it, or leave the tax number empty.',
    );
    const vat = await t.call(buyer, 'PATCH', '/api/company', { taxId: 'FR 40 123 456 824', billingTo: lyon });
    expect(vat.statusCode, vat.body).toBe(200);
    // Well-formed is not enough: until a shop admin has verified it, VAT is charged.
    expect(await order()).toMatchObject(french);
    const verify = (user: TestUser, verified: boolean, vatId = 'FR40123456824') =>
      t.call(user, 'PUT', `/api/admin/companies/${companyId}/vat-verification`, { verified, vatId });
    expect((await verify(buyer, true)).statusCode).toBe(403);
    // Bound to the ID the admin checked: another (the company changed it meanwhile) is refused.
    const stale = await verify(admin, true, 'FR44732829320');
    expect(stale.statusCode).toBe(409);
    expect(stale.json<ErrorBody>().error.message).toBe(messages.vatIdChangedSince('FR40123456824'));
    const unnamed = await t.call(admin, 'PUT', `/api/admin/companies/${companyId}/vat-verification`, {
      verified: true,
    });
    expect(unnamed.statusCode).toBe(400);
    expect(await order()).toMatchObject(french);
    const verified = await verify(admin, true, 'fr 40 123 456 824');
    expect(verified.statusCode, verified.body).toBe(200);
    const company = (await t.call(buyer, 'GET', '/api/company')).json<{
      taxId: string;
      vatVerifiedAt: string;
    }>();
    expect(company).toMatchObject({ taxId: 'FR40123456824', vatVerifiedAt: expect.any(String) as unknown });

    // The goods leave from Pittsburgh: not an intra-community supply (that needs stock in a member
    // state; eu-stock.test.ts) but an export from the United States, which the buyer imports.
    const supply = await order();
    expect(supply).toMatchObject({
      taxes: [{ rate: 0, amount: 0 }],
      total: 1090,
      tax: { treatment: 'untaxed_place', vatId: null, registration: null, notice: exportNotice('US') },
    });
    await payOrderAs(t.ctx.app, buyer, supply._id);
    const invoice = await invoiceText(buyer, supply._id);
    expect(invoice).toContain('Bill to Atelier Lumière SARL');
    expect(invoice).toContain('Tax / VAT ID: FR40123456824');
    expect(invoice).toContain('Tax $0.00 (outside our tax registrations) Total (USD) $1,090.00');
    expect(invoice).toContain(exportNotice('US'));
    expect(invoice).not.toContain(INTRA_COMMUNITY_NOTICE);
    expect(invoice).not.toContain(SHOP_VAT_ID);

    // Billed from the United States, the French VAT ID is not the buyer's own country's: taxed.
    await t.call(buyer, 'PATCH', '/api/company', { billingTo: pittsburgh });
    expect(await order()).toMatchObject(french);
    await t.call(buyer, 'PATCH', '/api/company', { billingTo: lyon });
    expect((await order()).tax.treatment).toBe('untaxed_place');
    // Saving the same ID keeps the verification; another ID withdraws it.
    await t.call(buyer, 'PATCH', '/api/company', { taxId: 'FR40123456824' });
    expect((await order()).tax.treatment).toBe('untaxed_place');
    expect((await t.call(buyer, 'PATCH', '/api/company', { taxId: 'FR44732829320' })).statusCode).toBe(200);
    expect(await order()).toMatchObject(french);
    expect(
      (await t.call(buyer, 'GET', '/api/company')).json<{ vatVerifiedAt: null }>().vatVerifiedAt,
    ).toBeNull();
    // A tax number that is no EU VAT ID cannot be verified.
    await t.call(buyer, 'PATCH', '/api/company', { taxId: 'EIN 12-3456789' });
    expect((await verify(admin, true, 'EIN 12-3456789')).statusCode).toBe(400);
    const audit = (await t.call(admin, 'GET', '/api/admin/audit?action=company.vat_verification')).json<{
      entries: { subject: string; after: unknown }[];
    }>();
    expect(audit.entries).toContainEqual(
      expect.objectContaining({
        subject: 'company Atelier Lumière SARL',
        after: { vatId: 'FR40123456824', verified: true },
      }),
    );
  });

  it('tax freight where the destination does: in the EU at the goods’ rates, split in proportion; in a US state by its setting', async () => {
    const buyer = await signUp(t.ctx.app);
    const standard = await insertTool(t.ctx.db, { priceCents: 1000, weightGrams: 10, minOrder: 100 });
    const reduced = await insertTool(t.ctx.db, {
      priceCents: 500,
      weightGrams: 10,
      minOrder: 100,
      taxClass: 'reduced',
    });
    for (const tool of [standard, reduced]) {
      expect((await t.call(buyer, 'PUT', `/api/cart/lines/${tool.id}`, { quantity: 100 })).statusCode).toBe(
        200,
      );
    }
    // $1,000 at 20 % and $500 at 5.5 %; the $90 freight follows them: $60 at 20 % ($12), $30 at 5.5 % ($1.65).
    const cart = (await t.call(buyer, 'GET', '/api/cart?country=FR')).json<Cart>();
    expect(cart.charges).toMatchObject({
      subtotal: 1500,
      freight: 90,
      taxes: [
        { rate: 20, amount: 212 },
        { rate: 5.5, amount: 29.15 },
      ],
      total: 1831.15,
    });
    const checkout = await t.call(buyer, 'POST', '/api/cart/checkout', {
      name: 'Pat Buyer',
      number: '+33 4 00 00 00 00',
      shipTo: lyon,
    });
    expect(checkout.statusCode, checkout.body).toBe(201);
    const order = checkout.json<{ order: Order }>().order;
    expect(order).toMatchObject({ taxes: cart.charges?.taxes, total: 1831.15, amount: 1831.15 });
    expect(order.lines.map((line) => line.tax)).toEqual([200, 27.5]);

    // New York taxes freight (its zone says so): $1,000 at 4 % and the $15 freight at 4 % ($0.60).
    const placed = await t.call(buyer, 'POST', '/api/purchase', {
      ...delivery,
      toolId: standard.id,
      quantity: 100,
      shipTo: manhattan,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json<PlaceOrderResult>().order).toMatchObject({
      freight: 15,
      taxes: [{ rate: 4, amount: 40.6 }],
      total: 1055.6,
    });
    // A pallet's freight, quoted later, is taxed there too: $450 at 4 % adds $18.
    const anvil = await insertTool(t.ctx.db, { priceCents: 5000, weightGrams: 6000, minOrder: 100 });
    const pallet = await t.call(buyer, 'POST', '/api/purchase', {
      ...delivery,
      toolId: anvil.id,
      quantity: 100,
      shipTo: manhattan,
    });
    expect(pallet.statusCode, pallet.body).toBe(201);
    const waiting = pallet.json<PlaceOrderResult>().order;
    expect(waiting).toMatchObject({ freight: null, total: 5200 });
    const quoted = await t.call(admin, 'PUT', `/api/admin/orders/${waiting._id}/freight`, { freight: 450 });
    expect(quoted.statusCode, quoted.body).toBe(200);
    expect(quoted.json<Order>()).toMatchObject({
      freight: 450,
      taxes: [{ rate: 4, amount: 218 }],
      total: 5668,
    });
  });

  it('are untaxed outside the shop’s registrations, with the export notice; a state must agree with its postal code', async () => {
    const buyer = await signUp(t.ctx.app);
    const tool = await insertTool(t.ctx.db, { priceCents: 1000, minOrder: 100 });
    // The shop delivers to the United Kingdom (free, in these tests) but keeps no tax zone there.
    const placed = await t.call(buyer, 'POST', '/api/purchase', {
      ...delivery,
      toolId: tool.id,
      quantity: 100,
      shipTo: { line1: '12 Mill Lane', city: 'Leeds', postalCode: 'LS1 4AP', country: 'GB' },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<PlaceOrderResult>().order;
    expect(order).toMatchObject({
      total: 1000,
      tax: { treatment: 'untaxed_place', zone: null, registration: null, notice: exportNotice('US') },
    });
    await payOrderAs(t.ctx.app, buyer, order._id);
    const invoice = await invoiceText(buyer, order._id);
    expect(invoice).toContain('Tax $0.00 (outside our tax registrations)');
    expect(invoice).toContain(exportNotice('US'));

    // New York's ZIP code with Delaware (no sales tax) as the state: refused, naming the field.
    const wrongState = await t.call(buyer, 'POST', '/api/purchase', {
      ...delivery,
      toolId: tool.id,
      quantity: 100,
      shipTo: { ...manhattan, region: 'DE' },
    });
    expect(wrongState.statusCode).toBe(400);
    expect(wrongState.json<ErrorBody>().error.message).toBe(
      'Ship-to region: Postal code 10004 is not in Delaware but in New York: please check the state and the postal code',
    );
    const preview = await t.call(
      buyer,
      'GET',
      `/api/purchase/preview?toolId=${tool.id}&quantity=100&country=US&region=NY`,
    );
    expect(preview.json<ChargesPreview>().tax).toMatchObject({ treatment: 'taxed', registration: NY_PERMIT });
  });

  it('need a structured destination in the cart’s checkout and a quote’s acceptance', async () => {
    const buyer = await signUp(t.ctx.app);
    const tool = await insertTool(t.ctx.db, { priceCents: 1000, minOrder: 100 });
    expect((await t.call(buyer, 'PUT', `/api/cart/lines/${tool.id}`, { quantity: 100 })).statusCode).toBe(
      200,
    );
    const boxed = await t.call(buyer, 'POST', '/api/cart/checkout', delivery);
    expect(boxed.statusCode).toBe(400);
    expect(boxed.json<ErrorBody>().error.message).toBe(
      'Ship-to address line 1: Please enter the street and number',
    );
    const accepted = await t.call(
      buyer,
      'POST',
      '/api/quotes/00000000-0000-4000-8000-000000000000/accept',
      delivery,
    );
    expect(accepted.statusCode).toBe(400);
    expect(accepted.json<ErrorBody>().error.message).toBe(
      'Ship-to address line 1: Please enter the street and number',
    );
    // Nothing was lost: the cart still holds its line.
    expect((await t.call(buyer, 'GET', '/api/cart')).json<Cart>().lines).toHaveLength(1);
  });

  it('keep an unconfirmed account’s one-hour hold once the pallet is quoted', async () => {
    const buyer = await signUp(t.ctx.app, { verified: false });
    const anvil = await insertTool(t.ctx.db, {
      priceCents: 5000,
      weightGrams: 6000,
      minOrder: 100,
      available: 100_000,
    });
    const placed = await t.call(buyer, 'POST', '/api/purchase', {
      ...delivery,
      toolId: anvil.id,
      quantity: 100,
      shipTo: pittsburgh,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<PlaceOrderResult>().order;
    expect(order.status).toBe('awaiting_freight');
    const quotedAt = Date.now();
    const quoted = await t.call(admin, 'PUT', `/api/admin/orders/${order._id}/freight`, { freight: 450 });
    expect(quoted.statusCode, quoted.body).toBe(200);
    const holdEnds = Date.parse(quoted.json<Order>().holdExpiresAt ?? '');
    // An hour from the quote, not the shop's 48: an account made in a minute holds no stock for days.
    expect(holdEnds).toBeGreaterThanOrEqual(quotedAt + 3_600_000 - 1000);
    expect(holdEnds).toBeLessThanOrEqual(Date.now() + 3_600_000 + 1000);
  });

  it('wait for a pallet quote counted against credit and limits, then go back to the approver or to card as the total says', async () => {
    const { admin: buyer, companyId } = await newCompany(t.ctx.app, 'Heavy Lifting Ltd');
    const approver = await t.join(buyer, ['approver']);
    const terms = await t.call(admin, 'PUT', `/api/admin/companies/${companyId}/terms`, {
      terms: 'net30',
      creditLimit: 5000,
    });
    expect(terms.statusCode, terms.body).toBe(200);
    // 100 × $10 at 6 kg: 600 kg, a pallet. Its freight is reckoned from the US zone's heaviest band
    // ($60 up to 100 kg): $360 for 600 kg, Manhattan taxing freight at 4 %: $374.40 more.
    const anvil = await insertTool(t.ctx.db, { priceCents: 1000, weightGrams: 6000, minOrder: 100 });
    const palletOnAccount = async () => {
      expect((await t.call(buyer, 'PUT', `/api/cart/lines/${anvil.id}`, { quantity: 100 })).statusCode).toBe(
        200,
      );
      return t.call(buyer, 'POST', '/api/cart/checkout', {
        name: 'Pat Buyer',
        number: '+1 212 555 0100',
        shipTo: manhattan,
        paymentMethod: 'account',
      });
    };
    // $1,040 each, counted as $1,414.40 while quoted: three fit under $5,000, the fourth does not.
    const placed: Order[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await palletOnAccount();
      expect(response.statusCode, response.body).toBe(201);
      placed.push(response.json<{ order: Order }>().order);
    }
    expect(placed.map((order) => [order.status, order.total])).toEqual([
      ['awaiting_freight', 1040],
      ['awaiting_freight', 1040],
      ['awaiting_freight', 1040],
    ]);
    const fourth = await palletOnAccount();
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json<ErrorBody>().error.message).toBe(
      'On account your company may owe at most $5,000.00; it owes $4,243.20, and this order is $1,414.40. Pay this order by card, or pay an open invoice first',
    );
    // The company's page says what its monthly limit counts: each waiting pallet at its estimate.
    const company = (await t.call(buyer, 'GET', '/api/company')).json<{
      rules: { spentThisMonth: number };
    }>();
    expect(company.rules.spentThisMonth).toBe(4243.2);

    // The first quoted at $300 ($12 tax): $1,352, invoiced on account.
    const first = await t.call(admin, 'PUT', `/api/admin/orders/${placed[0]?._id}/freight`, { freight: 300 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<Order>()).toMatchObject({
      status: 'on_account',
      total: 1352,
      paymentMethod: 'account',
    });

    // Orders above $1,500 now need an approver: the second's quote takes it to $1,976, so it goes to the
    // approver, who sees and approves that total.
    const rules = await t.call(buyer, 'PUT', '/api/company/rules', {
      approvalAbove: 1500,
      monthlyLimit: null,
    });
    expect(rules.statusCode, rules.body).toBe(200);
    const second = await t.call(admin, 'PUT', `/api/admin/orders/${placed[1]?._id}/freight`, {
      freight: 900,
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json<Order>()).toMatchObject({
      status: 'awaiting_approval',
      total: 1976,
      approval: { state: 'awaiting' },
    });
    const request = await t.smtp.nextMailTo(approver.email, /approv/i);
    expect(request.parsed.text).toContain('$1,976.00');

    // Suspended meanwhile, the company's order is not quoted, and waits as it was; reinstated, it is.
    const status = (to: 'active' | 'suspended') =>
      t.call(admin, 'PATCH', `/api/admin/companies/${companyId}`, { status: to });
    expect((await status('suspended')).statusCode).toBe(200);
    const whileSuspended = await t.call(admin, 'PUT', `/api/admin/orders/${placed[2]?._id}/freight`, {
      freight: 100,
    });
    expect(whileSuspended.statusCode).toBe(409);
    expect(whileSuspended.json<ErrorBody>().error.message).toBe(messages.freightCompanySuspended);
    const waiting = await t.call(buyer, 'GET', `/api/purchase/${placed[2]?._id}`);
    expect(waiting.json<Order>()).toMatchObject({ status: 'awaiting_freight', total: 1040 });
    expect((await status('active')).statusCode).toBe(200);

    // The company's terms go back to card: the third, quoted, is offered for card payment, not a 500.
    await t.call(buyer, 'PUT', '/api/company/rules', { approvalAbove: null, monthlyLimit: null });
    const card = await t.call(admin, 'PUT', `/api/admin/companies/${companyId}/terms`, {
      terms: 'card',
      creditLimit: 0,
    });
    expect(card.statusCode, card.body).toBe(200);
    const third = await t.call(admin, 'PUT', `/api/admin/orders/${placed[2]?._id}/freight`, { freight: 100 });
    expect(third.statusCode, third.body).toBe(200);
    expect(third.json<Order>()).toMatchObject({ status: 'unpaid', paymentMethod: 'card', total: 1144 });
    const byCard = await t.smtp.nextMailTo(buyer.email, /please pay \$1,144\.00 by card/);
    expect(byCard.parsed.text).toMatch(/no longer takes this order/);
    await payOrderAs(t.ctx.app, buyer, placed[2]?._id ?? '');
  });

  it('are credited as they were placed: a credit note after a rate change repeats the order’s rates, numbered on', async () => {
    const { admin: buyer, companyId } = await newCompany(t.ctx.app, 'Keystone Fabrication LLC');
    const terms = await t.call(admin, 'PUT', `/api/admin/companies/${companyId}/terms`, {
      terms: 'net30',
      creditLimit: 50_000,
    });
    expect(terms.statusCode, terms.body).toBe(200);
    const tool = await insertTool(t.ctx.db, { priceCents: 2000, weightGrams: 50, minOrder: 100 });
    const onAccount = async () => {
      const line = await t.call(buyer, 'PUT', `/api/cart/lines/${tool.id}`, { quantity: 100 });
      expect(line.statusCode, line.body).toBe(200);
      const placed = await t.call(buyer, 'POST', '/api/cart/checkout', {
        ...delivery,
        shipTo: pittsburgh,
        paymentMethod: 'account',
      });
      expect(placed.statusCode, placed.body).toBe(201);
      return placed.json<{ order: Order }>().order;
    };
    const zones = (await t.call(admin, 'GET', '/api/admin/tax-zones')).json<
      { _id: string; country: string; region: string | null }[]
    >();
    const pa = zones.find((zone) => zone.country === 'US' && zone.region === 'PA')?._id ?? '';
    const rateIs = async (standard: number) => {
      const set = await t.call(admin, 'PUT', `/api/admin/tax-zones/${pa}`, {
        country: 'US',
        region: 'PA',
        rates: { standard, reduced: standard, zero: 0 },
        registration: PA_PERMIT,
      });
      expect(set.statusCode, set.body).toBe(200);
    };
    await rateIs(6);
    // $2,000 at 6 % and $15 freight (5 kg).
    const first = await onAccount();
    expect(first).toMatchObject({ status: 'on_account', taxes: [{ rate: 6, amount: 120 }], total: 2135 });
    await rateIs(8);
    const second = await onAccount();
    expect(second).toMatchObject({ taxes: [{ rate: 8, amount: 160 }], total: 2175 });

    // Both cancelled after the rate moved again: each credit note repeats its own order's rate.
    await rateIs(9.5);
    for (const order of [first, second]) {
      const cancelled = await t.call(buyer, 'DELETE', `/api/purchase/${order._id}`);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
    }
    const [one, two] = await Promise.all(
      [first, second].map(async (order) =>
        (await t.call(buyer, 'GET', `/api/purchase/${order._id}`)).json<Order>(),
      ),
    );
    const numbers = [one?.creditNoteNumber, two?.creditNoteNumber].map((n) => Number(n?.slice(3)));
    expect(numbers[1]).toBe((numbers[0] ?? 0) + 1);
    const note = await t.call(buyer, 'GET', `/api/purchase/${first._id}/credit-note`);
    expect(note.statusCode, note.body).toBe(200);
    const text = await pdfText(note.rawPayload);
    expect(text).toContain(`CREDIT NOTE`);
    expect(text).toContain(`Credit note number ${one?.creditNoteNumber}`);
    expect(text).toContain(`Credits invoice ${one?.invoiceNumber}`);
    expect(text).toContain('Subtotal $2,000.00 Freight $15.00 Tax at 6% $120.00 Total (USD) $2,135.00');
    expect(text).not.toContain('9.5%');
    const statement = (await t.call(buyer, 'GET', '/api/company/statement')).json<{ balance: number }>();
    expect(statement.balance).toBe(0);
    // An order never cancelled has no credit note.
    const none = await t.call(buyer, 'GET', `/api/purchase/${(await onAccount())._id}/credit-note`);
    expect(none.statusCode).toBe(404);
  });

  it('are untaxed under an approved certificate covering the place, until it expires; not for resale is taxed', async () => {
    const { admin: buyer } = await newCompany(t.ctx.app, 'Allegheny Supply Co');
    const viewer = await t.join(buyer, ['viewer']);
    const pdf = Buffer.from(
      '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
    );
    const inAYear = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
    const certificate = {
      kind: 'resale',
      number: 'PA-REV-1220-55',
      regions: ['us-pa', 'CA-ON'],
      expiresOn: inAYear,
      fileName: 'resale certificate.pdf',
      content: pdf.toString('base64'),
    };
    expect((await t.call(viewer, 'POST', '/api/company/tax-certificates', certificate)).statusCode).toBe(403);
    const script = await t.call(buyer, 'POST', '/api/company/tax-certificates', {
      ...certificate,
      content: Buffer.from('#!/bin/sh\necho hi\n').toString('base64'),
    });
    expect(script.statusCode).toBe(415);
    const badPlace = await t.call(buyer, 'POST', '/api/company/tax-certificates', {
      ...certificate,
      regions: ['US-ZZ'],
    });
    expect(badPlace.statusCode).toBe(400);
    const uploaded = await t.call(buyer, 'POST', '/api/company/tax-certificates', certificate);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const id = uploaded.json<{ insertedId: string }>().insertedId;

    const tool = await insertTool(t.ctx.db, { priceCents: 1000, weightGrams: 100, minOrder: 100 });
    const order = async (extra: Record<string, unknown> = {}) => {
      const placed = await t.call(buyer, 'POST', '/api/purchase', {
        ...delivery,
        toolId: tool.id,
        quantity: 100,
        shipTo: pittsburgh,
        ...extra,
      });
      expect(placed.statusCode, placed.body).toBe(201);
      return placed.json<PlaceOrderResult>().order;
    };
    // Pending: it does not count yet.
    expect((await order()).tax.treatment).toBe('taxed');

    const pending = (await t.call(admin, 'GET', '/api/admin/tax-certificates')).json<{ _id: string }[]>();
    expect(pending.map((entry) => entry._id)).toContain(id);
    const file = await t.call(admin, 'GET', `/api/admin/tax-certificates/${id}/file`);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="certificate-${id}.pdf"`);
    expect(file.rawPayload.equals(pdf)).toBe(true);
    const approved = await t.call(admin, 'POST', `/api/admin/tax-certificates/${id}/decision`, {
      approve: true,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', regions: ['US-PA', 'CA-ON'] });
    await t.smtp.nextMailTo(buyer.email, /tax certificate PA-REV-1220-55 is approved/);
    const again = await t.call(admin, 'POST', `/api/admin/tax-certificates/${id}/decision`, {
      approve: false,
      reason: 'x',
    });
    expect(again.statusCode).toBe(409);

    const exempt = await order();
    expect(exempt).toMatchObject({
      taxes: [{ rate: 0, amount: 0 }],
      total: 1015,
      tax: { treatment: 'exempt', certificateId: id, certificateKind: 'resale', notForResale: false },
    });
    await payOrderAs(t.ctx.app, buyer, exempt._id);
    expect(await invoiceText(buyer, exempt._id)).toContain(
      // The certificate named as what it is (a resale one here), its expiry written as every day is.
      `Exempt from sales tax: the buyer’s resale certificate PA-REV-1220-55 (US-PA, CA-ON), valid until ${formatDay(inAYear)}.`,
    );
    // Bought for its own use: taxed, though the certificate covers the place.
    const ownUse = await order({ notForResale: true });
    expect(ownUse.tax).toMatchObject({ treatment: 'taxed', notForResale: true });
    expect(ownUse.taxes[0]?.amount).toBeGreaterThan(0);
    // France is not covered: VAT is charged.
    expect((await order({ shipTo: lyon })).taxes).toEqual([{ rate: 20, amount: 218 }]);

    // Within 30 days of its expiry: the company's admin is mailed once, and the dashboard lists it.
    const soon = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    await t.ctx.db.update(taxCertificates).set({ expiresOn: soon }).where(eq(taxCertificates.id, id));
    expect(
      await noticeExpiringCertificates({ db: t.ctx.db, mail: testMailContext() }),
    ).toBeGreaterThanOrEqual(1);
    expect(await noticeExpiringCertificates({ db: t.ctx.db, mail: testMailContext() })).toBe(0);
    const dashboard = (await t.call(admin, 'GET', '/api/admin/dashboard')).json<SalesDashboard>();
    expect(dashboard.certificatesExpiring).toContainEqual(
      expect.objectContaining({ _id: id, company: 'Allegheny Supply Co', expiresOn: soon }),
    );
    // Expired: taxed again.
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await t.ctx.db.update(taxCertificates).set({ expiresOn: yesterday }).where(eq(taxCertificates.id, id));
    expect((await order()).tax.treatment).toBe('taxed');
    const mine = (await t.call(viewer, 'GET', '/api/company/tax-certificates')).json<
      { expired: boolean }[]
    >();
    expect(mine).toEqual([expect.objectContaining({ expired: true, status: 'approved' })]);
    // The exempt order still says what it rested on.
    const kept = (await t.call(buyer, 'GET', `/api/purchase/${exempt._id}`)).json<Order>();
    expect(kept.tax).toMatchObject({ treatment: 'exempt', certificateId: id });
  });

  it('take certificate uploads into the audit log and a company’s quota: ten waiting at most', async () => {
    const { admin: buyer } = await newCompany(t.ctx.app, 'Quota Supply Co');
    const shopAdmin = await signUpAdmin(t.ctx.app, t.ctx.db);
    const file = Buffer.from('%PDF-1.4\ntrailer << /Root 1 0 R >>\n%%EOF\n');
    const certificate = {
      kind: 'exemption',
      number: 'PA-EX-1',
      regions: ['US-PA'],
      expiresOn: new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10),
      fileName: 'exemption.pdf',
      content: file.toString('base64'),
    };
    const ids: string[] = [];
    for (let n = 0; n < CERTIFICATE_QUOTA.pending; n += 1) {
      const uploaded = await t.call(buyer, 'POST', '/api/company/tax-certificates', certificate);
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      ids.push(uploaded.json<{ insertedId: string }>().insertedId);
    }
    const over = await t.call(buyer, 'POST', '/api/company/tax-certificates', certificate);
    expect(over.statusCode).toBe(409);
    expect(over.json<ErrorBody>().error.message).toBe(
      'Your company has 10 certificates waiting for our decision already: please wait for it before uploading more',
    );
    const audit = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'tax_certificate.upload'), eq(auditLog.actorEmail, buyer.email)));
    expect(audit).toHaveLength(CERTIFICATE_QUOTA.pending);
    expect(audit[0]?.after).toMatchObject({
      number: 'PA-EX-1',
      fileName: 'exemption.pdf',
      bytes: file.length,
    });
    // A decision frees a place.
    const rejected = await t.call(shopAdmin, 'POST', `/api/admin/tax-certificates/${ids[0]}/decision`, {
      approve: false,
      reason: 'Unsigned',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect((await t.call(buyer, 'POST', '/api/company/tax-certificates', certificate)).statusCode).toBe(201);
  });

  it('refuse a place the shop does not deliver to, before anything is stored', async () => {
    const buyer = await signUp(t.ctx.app);
    const tool = await insertTool(t.ctx.db, { minOrder: 100, available: 500 });
    const preview = await t.call(
      buyer,
      'GET',
      `/api/purchase/preview?toolId=${tool.id}&quantity=100&country=JP`,
    );
    expect(preview.json<ChargesPreview>()).toMatchObject({
      freightStatus: 'unavailable',
      problem: 'Sorry, we do not deliver to Japan yet. Please choose another address or contact us.',
    });
    const placed = await t.call(buyer, 'POST', '/api/purchase', {
      ...delivery,
      toolId: tool.id,
      quantity: 100,
      shipTo: { line1: '1-1 Marunouchi', city: 'Tokyo', postalCode: '100-0005', country: 'JP' },
    });
    expect(placed.statusCode).toBe(400);
    expect(placed.json<ErrorBody>().error.message).toMatch(/do not deliver to Japan/);
    const badRegion = await t.call(buyer, 'POST', '/api/purchase', {
      ...delivery,
      toolId: tool.id,
      quantity: 100,
      shipTo: { ...pittsburgh, region: 'ZZ' },
    });
    expect(badRegion.statusCode).toBe(400);
    expect(badRegion.json<ErrorBody>().error.message).toBe('Ship-to region: Please choose a state');
    const badCode = await t.call(buyer, 'POST', '/api/purchase', {
      ...delivery,
      toolId: tool.id,
      quantity: 100,
      shipTo: { ...pittsburgh, postalCode: 'K1A 0B1' },
    });
    expect(badCode.json<ErrorBody>().error.message).toBe(
      'Ship-to postal code: This is not a postal code of this country (e.g. 15201 or 15201-1234)',
    );
    const [stock] = await t.ctx.db.select().from(products).where(eq(products.id, tool.id));
    expect(stock?.available).toBe(500);
  });

  it('are charged for the spec’s one-box address as if delivered to the shop’s own address, never left out', async () => {
    const buyer = await signUp(t.ctx.app);
    const tool = await insertTool(t.ctx.db, { priceCents: 1250, minOrder: 100 });
    const placed = await t.call(buyer, 'POST', '/api/purchase', {
      ...delivery,
      toolId: tool.id,
      quantity: 100,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    // content/business.json's premises are in Pittsburgh: Pennsylvania's zone (9.5 % since the tests
    // above) and the US freight ($15 for up to 10 kg).
    const atShop = (
      await t.call(buyer, 'GET', `/api/purchase/preview?toolId=${tool.id}&quantity=100&country=US&region=PA`)
    ).json<ChargesPreview>();
    expect(atShop).toMatchObject({ freight: 15, taxes: [{ rate: 9.5, amount: 118.75 }], total: 1383.75 });
    expect(placed.json<PlaceOrderResult>().order).toMatchObject({
      address: delivery.address,
      shipTo: null,
      subtotal: 1250,
      freight: atShop.freight,
      freightStatus: 'priced',
      taxes: atShop.taxes,
      total: atShop.total,
      amount: atShop.total,
      tax: { treatment: 'taxed', zone: 'Pennsylvania, United States', atShopAddress: true },
    });
    const nowhere = await t.call(buyer, 'POST', '/api/purchase', {
      ...delivery,
      address: '',
      toolId: tool.id,
      quantity: 100,
    });
    expect(nowhere.statusCode).toBe(400);
    expect(nowhere.body).toMatch(/Please enter your address/);
  });
});
