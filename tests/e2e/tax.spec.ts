import type { Page } from '@playwright/test';
import { pdfText } from '../../src/server/test/pdf-text';
import {
  type Address,
  axe,
  expect,
  fillShipTo,
  mailsTo,
  payByCard,
  signInOrUp,
  test,
  waitingForTheApp,
  shopOwnerAccount,
} from './fixtures';
import { shopUrl } from './support/ports';

const PITTSBURGH: Address = {
  line1: '400 Liberty Avenue',
  line2: 'Dock 3',
  city: 'Pittsburgh',
  region: 'PA',
  postalCode: '15222',
  country: 'US',
};

const axeViolations = async (page: Page) => {
  const { violations } = await axe(page).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  return violations.map((v) => `${v.id} ${v.nodes[0]?.target.join(' ') ?? ''}`);
};

/**
 * A structured address → freight and tax shown before the order is placed → pay
 * → the invoice shows the tax by rate and the freight; the same buyer, once the shop has approved
 * their company's resale certificate for Pennsylvania, pays no tax.
 */
test('freight and tax before Buy Now, on the invoice, and none under an approved certificate', async ({
  page,
  customer: _,
  browser,
  addProduct,
}) => {
  // $20.00 a unit, 1.2 kg each: 150 units weigh 180 kg, the demo's US band up to 300 kg ($180).
  const tool = await addProduct({
    price: 20,
    min_order: 100,
    available: 5000,
    weightKg: 1.2,
    unitsPerCarton: 10,
  });
  const buy = async () => {
    await page.goto(`/buyNow/${tool._id}`);
    const form = page.getByRole('form', { name: 'Buy Now' });
    await form.getByLabel('Quantity').fill('150');
    await fillShipTo(form, PITTSBURGH);
    await form.getByLabel('Phone number').fill('4125550100');
    return form;
  };

  const form = await buy();
  const charges = form.getByTestId('buy-charges');
  await expect(charges).toContainText('Delivered to Pennsylvania, United States');
  await expect(charges).toContainText('Subtotal$3,000.00');
  await expect(charges).toContainText('Freight$180.00');
  await expect(charges).toContainText('Tax at 6%$190.80');
  await expect(form.getByTestId('buy-charges-total')).toHaveText('$3,370.80');
  await page.screenshot({ path: 'test-results/tax-buy-form-1280.png', fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await charges.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/tax-buy-form-375.png', fullPage: true });
  expect(await axeViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 900 });

  await form.getByRole('button', { name: 'Buy Now' }).click();
  await expect(page.getByTestId('placed-total')).toHaveText('$3,370.80');
  await page.getByRole('link', { name: 'Pay now' }).click();
  await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f-]{36}$/);
  const orderId = page.url().split('/').pop() ?? '';
  await payByCard(page);
  const invoice = await page.request.get(`/api/purchase/${orderId}/invoice`);
  expect(invoice.status()).toBe(200);
  const text = await pdfText(await invoice.body());
  expect(text).toContain(
    'Ship to Casey Customer 400 Liberty Avenue Dock 3 Pittsburgh, PA 15222 United States',
  );
  expect(text).toContain('$20.00 6% $3,000.00');
  expect(text).toContain('Subtotal $3,000.00 Freight $180.00 Tax at 6% $190.80 Total (USD) $3,370.80');

  // The buyer's company holds a resale certificate for Pennsylvania, which the shop approves.
  const made = await page.request.post('/api/companies', {
    data: { name: `Keystone Resellers ${Date.now()}`, taxId: '25-1234567' },
    headers: { origin: shopUrl },
  });
  expect(made.status(), await made.text()).toBe(201);
  // Its admin uploads the certificate on the company page…
  const number = `REV-1220-${Date.now()}`;
  await page.goto('/dashboard/company');
  const upload = page.getByRole('form', { name: 'Upload a tax certificate' });
  await upload.getByLabel('Certificate number').fill(number);
  await upload.getByLabel('Places it covers').fill('US-PA, US-OH');
  await upload
    .getByLabel('Expires on')
    .fill(new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10));
  await upload.getByLabel(/The certificate \(PDF/).setInputFiles({
    name: 'rev-1220.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
  });
  await upload.getByRole('button', { name: 'Upload certificate' }).click();
  const mine = page.getByTestId('certificate').filter({ hasText: number });
  await expect(mine).toContainText('Waiting for the shop');
  await expect(mine).toContainText('US-PA, US-OH');
  expect(await axeViolations(page)).toEqual([]);

  // …and the shop admin approves it on the Companies page.
  const adminContext = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.92' } });
  const admin = waitingForTheApp(await adminContext.newPage());
  await signInOrUp(admin.request, shopOwnerAccount);
  await admin.goto('/dashboard/companies');
  const toCheck = admin.getByTestId('certificate-to-check').filter({ hasText: number });
  await expect(toCheck).toContainText('resale certificate');
  await toCheck.getByRole('button', { name: 'Approve' }).click();
  await expect(admin.getByRole('alert').filter({ hasText: `Certificate ${number} approved` })).toBeVisible();
  await admin.screenshot({ path: 'test-results/tax-certificates-admin-1280.png', fullPage: true });
  await adminContext.close();
  await page.reload();
  await expect(page.getByTestId('certificate').filter({ hasText: number })).toContainText('Approved');

  const exempt = await buy();
  await expect(exempt.getByTestId('buy-charges')).toContainText('Tax$0.00 (your resale certificate)');
  await expect(exempt.getByTestId('buy-charges-total')).toHaveText('$3,180.00');
  await page.screenshot({ path: 'test-results/tax-buy-form-exempt-1280.png', fullPage: true });
  // Bought for the company's own use: taxed, the certificate notwithstanding.
  const ownUse = exempt.getByLabel(/Not for resale/);
  await ownUse.check();
  await expect(exempt.getByTestId('buy-charges')).toContainText('Tax at 6%$190.80');
  await expect(exempt.getByTestId('buy-charges-total')).toHaveText('$3,370.80');
  await ownUse.uncheck();
  await expect(exempt.getByTestId('buy-charges-total')).toHaveText('$3,180.00');
  await exempt.getByRole('button', { name: 'Buy Now' }).click();
  await expect(page.getByTestId('placed-total')).toHaveText('$3,180.00');
});

test('the cart shows freight and tax for the address typed at checkout, at 375 and 1280 px', async ({
  page,
  customer: _,
  addProduct,
}) => {
  const tool = await addProduct({ price: 20, min_order: 100, available: 5000, weightKg: 0.5 });
  const line = await page.request.put(`/api/cart/lines/${tool._id}`, {
    data: { quantity: 200 },
    headers: { origin: shopUrl },
  });
  expect(line.status(), await line.text()).toBe(200);
  await page.goto('/cart');
  const checkout = page.getByRole('form', { name: 'Check out' });
  await expect(checkout.getByText('Choose where it goes to see its freight and tax.')).toBeVisible();
  await fillShipTo(checkout, { ...PITTSBURGH, region: 'OH', city: 'Columbus', postalCode: '43215' });
  // 200 × $20.00 = $4,000.00; 100 kg: the $65 band; Ohio's 5.75 % on both (Ohio taxes freight): $233.74.
  const charges = checkout.getByTestId('charges');
  await expect(charges).toContainText('Delivered to Ohio, United States');
  await expect(charges).toContainText('Freight$65.00');
  await expect(charges).toContainText('Tax at 5.75%$233.74');
  await expect(checkout.getByTestId('charges-total')).toHaveText('$4,298.74');
  expect(await axeViolations(page)).toEqual([]);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await charges.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/tax-checkout-${width}.png`, fullPage: true });
  }
  // Somewhere the shop does not deliver: said at once, and Place order is disabled.
  await fillShipTo(checkout, {
    line1: '1-1 Marunouchi',
    city: 'Tokyo',
    postalCode: '100-0005',
    country: 'JP',
  });
  await expect(charges).toContainText('Sorry, we do not deliver to Japan yet.');
  await expect(checkout.getByRole('button', { name: 'Place order' })).toBeDisabled();
});

test('a shop admin keeps tax and shipping zones on the Tax & Freight page', async ({ browser }) => {
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.93' } });
  const admin = waitingForTheApp(await context.newPage());
  await signInOrUp(admin.request, shopOwnerAccount);
  await admin.goto('/dashboard/taxes');
  await expect(
    admin.getByTestId('tax-zone').filter({ hasText: 'Pennsylvania, United States' }),
  ).toContainText('6%');

  const tax = admin.getByRole('form', { name: 'New tax zone' });
  await tax.getByLabel('Country').selectOption('US');
  await tax.getByLabel('State or province').fill('NV');
  await tax.getByLabel('Standard %').fill('6.85');
  await tax.getByLabel('Reduced %').fill('6.85');
  await tax.getByLabel('Registration you collect under').fill('Nevada seller’s permit 1234567890');
  await tax.getByRole('button', { name: 'Add the tax zone' }).click();
  const nevada = admin.getByTestId('tax-zone').filter({ hasText: 'Nevada, United States' });
  await expect(nevada).toContainText('6.85%');

  const shipping = admin.getByRole('form', { name: 'New shipping zone' });
  await shipping.getByLabel('Country').selectOption('NO');
  await shipping.getByLabel('Weight bands').fill('20: 110\n200: 480');
  await shipping.getByLabel('Pallet from (kg)').fill('250');
  await shipping.getByRole('button', { name: 'Add the shipping zone' }).click();
  const norway = admin.getByTestId('shipping-zone').filter({ hasText: 'Norway' });
  await expect(norway).toContainText('≤ 20 kg $110 · ≤ 200 kg $480');
  await expect(norway).toContainText('250 kg');
  // A band past the pallet weight is refused with the reason.
  await shipping.getByLabel('Country').selectOption('IS');
  await shipping.getByLabel('Weight bands').fill('400: 900');
  await shipping.getByLabel('Pallet from (kg)').fill('300');
  await shipping.getByRole('button', { name: 'Add the shipping zone' }).click();
  await expect(shipping.getByRole('alert')).toContainText('below the pallet weight');

  expect(await axeViolations(admin)).toEqual([]);
  for (const width of [375, 1280]) {
    await admin.setViewportSize({ width, height: 900 });
    await admin.screenshot({ path: `test-results/tax-freight-admin-${width}.png`, fullPage: true });
  }
  // Deleting a zone is asked first: closed, nothing goes.
  await admin.getByRole('button', { name: 'Delete Nevada, United States' }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await expect(nevada).toHaveCount(1);
  await admin.getByRole('button', { name: 'Delete Nevada, United States' }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(nevada).toHaveCount(0);
  await admin.getByRole('button', { name: 'Delete Norway' }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(norway).toHaveCount(0);
  await context.close();
});

test('a company asks for its invoices as UBL too, to its accounts payable; the buyer downloads the e-invoice, at 375 and 1280 px', async ({
  page,
  customer: _,
  product,
}) => {
  const made = await page.request.post('/api/companies', {
    data: {
      name: `Allegheny Fabrication ${Date.now()}`,
      taxId: '25-7654321',
      billingTo: PITTSBURGH,
    },
    headers: { origin: shopUrl },
  });
  expect(made.status(), await made.text()).toBe(201);

  // The company's admin, on a phone, says where invoices go and how.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/dashboard/company');
  const delivery = page.getByRole('form', { name: 'Invoices and credit notes' });
  const billingEmail = `ap.${Date.now()}@allegheny-fab.example`;
  await delivery.getByLabel(/^Billing email/).fill(billingEmail);
  await delivery.getByLabel('Send invoices as').selectOption('both');
  await delivery.getByLabel(/^Peppol participant ID/).fill('0001:5790000435975');
  await delivery.getByRole('button', { name: 'Save' }).click();
  await expect(delivery.getByText(/A Peppol participant ID reads scheme:identifier/)).toBeVisible();
  await delivery.getByLabel(/^Peppol participant ID/).fill('0088:5790000435975');
  await delivery.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'How you receive invoices is saved' }),
  ).toBeVisible();
  await expect(page.getByText(`and to ${billingEmail}`)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/invoice-delivery-375.png', fullPage: true });

  // An order, paid by card: its invoice mail goes to the buyer and to accounts payable, PDF and UBL.
  const placed = await page.request.post('/api/purchase', {
    data: {
      toolId: product._id,
      quantity: 100,
      name: 'Dock 3',
      number: '4125550100',
      shipTo: PITTSBURGH,
    },
    headers: { origin: shopUrl },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const orderId = ((await placed.json()) as { insertedId: string }).insertedId;
  await page.goto(`/dashboard/payment/${orderId}`);
  await payByCard(page);
  await expect
    .poll(async () => (await mailsTo(billingEmail, /^Payment received/)).length, { timeout: 15_000 })
    .toBe(1);

  // My Orders offers the e-invoice; it is UBL following Peppol BIS Billing 3.0.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/dashboard/myOrder');
  const link = page.getByRole('link', { name: /^Download e-invoice \(UBL\) INV-\d{6}$/ }).first();
  const xml = await (await page.request.get((await link.getAttribute('href')) ?? '')).text();
  expect(xml).toContain(
    '<cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0</cbc:CustomizationID>',
  );
  expect(xml).toContain('<cbc:EndpointID schemeID="0088">5790000435975</cbc:EndpointID>');
  await page.screenshot({ path: 'test-results/my-orders-e-invoice-1280.png', fullPage: true });
});

test('in Quebec, GST and QST each with its registration: before Buy Now and on the invoice, at 375 and 1280 px', async ({
  page,
  customer: _,
  addProduct,
}) => {
  // $20.00 a unit: 150 units, $3,000.00; the demo's Quebec zone is GST 5 % and QST 9.975 %, freight taxed.
  const tool = await addProduct({ price: 20, min_order: 100, available: 5000, weightKg: 0.2 });
  await page.goto(`/buyNow/${tool._id}`);
  const form = page.getByRole('form', { name: 'Buy Now' });
  await form.getByLabel('Quantity').fill('150');
  await fillShipTo(form, {
    line1: '1000 Rue Sherbrooke Ouest',
    city: 'Montréal',
    region: 'QC',
    postalCode: 'H3A 3G4',
    country: 'CA',
  });
  await form.getByLabel('Phone number').fill('5145550100');
  const charges = form.getByTestId('buy-charges');
  await expect(charges).toContainText('Delivered to Quebec, Canada');
  const freightText = (await charges.getByRole('row', { name: /^Freight/ }).textContent()) ?? '';
  const freightCents = Math.round(Number(freightText.replace(/[^\d.]/g, '')) * 100);
  const base = 300_000 + freightCents;
  const dollars = (cents: number) =>
    `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
  // Each tax on its own, rounded half up to the cent.
  const gst = Math.floor((base * 5_000 + 50_000) / 100_000);
  const qst = Math.floor((base * 9_975 + 50_000) / 100_000);
  await expect(charges).toContainText(`GST at 5%123456789 RT0001${dollars(gst)}`);
  await expect(charges).toContainText(`QST at 9.975%1234567890 TQ0001${dollars(qst)}`);
  await expect(form.getByTestId('buy-charges-total')).toHaveText(dollars(base + gst + qst));
  await page.screenshot({ path: 'test-results/tax-quebec-buy-form-1280.png', fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await charges.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/tax-quebec-buy-form-375.png', fullPage: true });
  expect(await axeViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 900 });

  await form.getByRole('button', { name: 'Buy Now' }).click();
  await expect(page.getByTestId('placed-total')).toHaveText(dollars(base + gst + qst));
  await page.getByRole('link', { name: 'Pay now' }).click();
  await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f-]{36}$/);
  const orderId = page.url().split('/').pop() ?? '';
  await payByCard(page);
  const invoice = await page.request.get(`/api/purchase/${orderId}/invoice`);
  expect(invoice.status()).toBe(200);
  const text = await pdfText(await invoice.body());
  expect(text).toContain(`GST at 5% (123456789 RT0001) ${dollars(gst)}`);
  expect(text).toContain(`QST at 9.975% (1234567890 TQ0001) ${dollars(qst)}`);
});
