import type { APIRequestContext, Page } from '@playwright/test';
import type { Tool } from '../../src/shared/api/catalog.schemas';
import { pdfText } from '../../src/server/test/pdf-text';
import { axe, catalogAdminAccount, expect, payByCard, signInOrUp, test, waitingForTheApp } from './fixtures';
import { shopUrl } from './support/ports';

const headers = { origin: shopUrl };
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** axe's serious and critical findings on the page as it is now. */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await axe(page)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id} at ${v.nodes[0]?.target.join(' ') ?? '?'}`);
}

const stockOf = async (api: APIRequestContext, tool: Tool) =>
  ((await (await api.get(`/api/buyNow/${tool._id}`)).json()) as { available: number }).available;

test('a 3-line order ships in two parts, the backordered line when its stock arrives; the buyer returns 10 units, the shop receives 8 resellable and 2 damaged and refunds them once, at the order’s rates', async ({
  browser,
  page,
  customer: _,
  addProduct,
  catalogAdmin,
}) => {
  test.slow();
  const [wrench, press, clamp] = await Promise.all([
    addProduct({ name: `Return Wrench ${Date.now()}`, price: 12.5 }),
    addProduct({ name: `Return Press ${Date.now()}`, price: 20 }),
    addProduct({ name: `Return Clamp ${Date.now()}`, price: 8, available: 100 }),
  ]);
  // The buyer asks for a quote of three lines, the clamps beyond the stock; the shop prices it, with
  // the day the rest of the clamps ship, and the buyer accepts it to Pittsburgh (6 % tax).
  const asked = await page.request.post('/api/quotes', {
    data: {
      lines: [
        { toolId: wrench._id, quantity: 200 },
        { toolId: press._id, quantity: 100 },
        { toolId: clamp._id, quantity: 300 },
      ],
      note: 'Three lines for the new plant',
    },
    headers,
  });
  expect(asked.status(), await asked.text()).toBe(201);
  const quoteId = ((await asked.json()) as { quote: { _id: string } }).quote._id;
  const answered = await catalogAdmin.patch(`/api/admin/quotes/${quoteId}`, {
    data: {
      lines: [
        { line: 1, unitPrice: 12 },
        { line: 2, unitPrice: 19 },
        { line: 3, unitPrice: 7.5 },
      ],
      validUntil: inDays(7),
      shipDate: inDays(14),
    },
  });
  expect(answered.status(), await answered.text()).toBe(200);
  const accepted = await page.request.post(`/api/quotes/${quoteId}/accept`, {
    data: {
      name: 'Dock 4',
      number: '4125550100',
      shipTo: {
        line1: '400 Liberty Avenue',
        city: 'Pittsburgh',
        region: 'PA',
        postalCode: '15222',
        country: 'US',
      },
    },
    headers,
  });
  expect(accepted.status(), await accepted.text()).toBe(201);
  const orderId = ((await accepted.json()) as { order: { _id: string } }).order._id;

  // The buyer pays by card on a phone.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/dashboard/payment/${orderId}`);
  await payByCard(page);

  // The shop's admin, at a desk, ships the wrenches and presses with tracking; the clamps wait.
  const desk = await browser.newContext({
    baseURL: shopUrl,
    viewport: { width: 1280, height: 900 },
    extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.78' },
  });
  const admin = waitingForTheApp(await desk.newPage());
  await signInOrUp(admin.request, catalogAdminAccount);
  await admin.goto(`/dashboard/manageAllOrders/${orderId}`);
  const shipSome = admin.getByRole('form', { name: 'Ship some units' });
  await shipSome.getByRole('button', { name: 'Fill in every unit ready' }).click();
  await expect(shipSome.getByRole('spinbutton', { name: `Units of ${clamp.sku} to ship` })).toHaveValue(
    '100',
  );
  await shipSome.getByRole('spinbutton', { name: `Units of ${clamp.sku} to ship` }).fill('0');
  await shipSome.getByLabel('Carrier').fill('UPS');
  await shipSome.getByLabel('Tracking number (optional)').fill('1Z999AA10123456784');
  await shipSome.getByRole('button', { name: 'Ship these units' }).click();
  await expect(admin.getByRole('alert').filter({ hasText: /^Shipment of order \d+ recorded/ })).toBeVisible();
  await expect(admin.getByText('Partially shipped', { exact: true })).toBeVisible();

  // The clamps' stock arrives: it fills the order's backorder first, and the rest of the order ships.
  const restocked = await catalogAdmin.patch(`/api/tools/${clamp._id}`, { data: { availableChange: 250 } });
  expect(restocked.status(), await restocked.text()).toBe(200);
  expect(await stockOf(catalogAdmin, clamp)).toBe(50);
  await admin.reload();
  const clamps = shipSome.getByRole('spinbutton', { name: `Units of ${clamp.sku} to ship` });
  await shipSome.getByRole('button', { name: 'Fill in every unit ready' }).click();
  await expect(clamps).toHaveValue('300');
  await shipSome.getByLabel('Carrier').fill('DHL Freight');
  await shipSome.getByLabel('Tracking number (optional)').fill('JD014600003');
  await shipSome.getByRole('button', { name: 'Ship these units' }).click();
  await expect(admin.locator('.badge').getByText('Shipped', { exact: true })).toBeVisible();
  const shipments = admin.getByRole('list', { name: /^Shipments of order/ });
  await expect(shipments.getByRole('listitem')).toHaveCount(2);
  await expect(shipments).toContainText('DHL Freight, tracking JD014600003');
  await admin.screenshot({ path: test.info().outputPath('admin-order-shipped-1280.png'), fullPage: true });

  // The buyer returns 10 wrenches from the order's page, on a phone.
  const stockBefore = await stockOf(catalogAdmin, wrench);
  await page.goto(`/dashboard/myOrder/${orderId}`);
  const timeline = page.getByRole('list', { name: /^Timeline of order/ });
  await expect(timeline).toContainText('Shipped · part of the order');
  // The order's page offers its invoice as UBL too, for the buyer's accounting system.
  await expect(page.getByRole('link', { name: /^Download e-invoice \(UBL\) INV-\d{6}$/ })).toHaveAttribute(
    'href',
    `/api/purchase/${orderId}/invoice?format=ubl`,
  );
  await page.screenshot({ path: test.info().outputPath('buyer-order-375.png'), fullPage: true });
  await page.getByRole('button', { name: 'Return items' }).click();
  const form = page.getByRole('form', { name: 'Return items' });
  const wrenches = form.getByRole('group', { name: new RegExp(wrench.sku) });
  await wrenches.getByLabel('Units').fill('10');
  await wrenches.getByLabel('Why').fill('Wrong size');
  await form.getByRole('button', { name: 'Ask to return these units' }).click();
  await expect(page.getByText(/^Return RMA-\d{6} is asked for/)).toBeVisible();
  await page.getByRole('link', { name: 'My Returns' }).first().click();
  const mine = page.getByRole('list', { name: 'Your returns' });
  await expect(mine).toContainText('10 × ');
  await expect(mine).toContainText('Requested');
  const rma = (await mine.getByRole('heading').first().textContent())?.match(/RMA-\d{6}/)?.[0] ?? '';
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('my-returns-375.png'), fullPage: true });

  // The admin approves it with instructions, records what arrived and refunds it.
  await admin.goto('/dashboard/returns?status=requested');
  await admin.getByRole('link', { name: rma }).click();
  await admin
    .getByLabel(/^Return instructions/)
    .fill('Ship to Returns Dock 2 with the RMA number on the box');
  await admin.getByRole('button', { name: 'Approve with these instructions' }).click();
  await expect(admin.getByText('Approved: send the units')).toBeVisible();
  const arrived = admin.getByRole('form', { name: 'What arrived' });
  await arrived.getByLabel(/^Resellable units of/).fill('8');
  await arrived.getByLabel(/^Damaged units of/).fill('2');
  expect(await seriousViolations(admin)).toEqual([]);
  await arrived.getByRole('button', { name: 'Record what arrived' }).click();
  await expect(admin.getByText('arrived 8 resellable, 2 damaged')).toBeVisible();
  await admin
    .getByRole('form', { name: 'Refund' })
    .getByRole('button', { name: 'Refund the units received' })
    .click();
  // Asked first, with what the credit note gives back: 10 × $12.00 and 6 % tax.
  const refunding = admin.getByRole('dialog', { name: /^Refund return RMA-/ });
  await expect(refunding).toContainText('A credit note gives back $127.20');
  await refunding.getByRole('button', { name: 'Refund' }).click();
  await expect(admin.getByText(/^Refunded with/)).toBeVisible();
  await admin.screenshot({ path: test.info().outputPath('admin-return-1280.png'), fullPage: true });
  // The 8 resellable wrenches are back on sale; the damaged 2 are not.
  expect(await stockOf(catalogAdmin, wrench)).toBe(stockBefore + 8);
  // The credit note is found on Credit Notes by its number, and sent again as it was issued.
  const issued = (await admin.getByText(/^Refunded with/).textContent())?.match(/CN-\d{6}/)?.[0] ?? '';
  expect(issued).toMatch(/^CN-\d{6}$/);
  await admin.goto('/dashboard/creditNotes');
  const finder = admin.getByRole('form', { name: 'Find credit notes' });
  await finder.getByLabel('Number, invoice, company or email').fill(issued);
  await finder.getByRole('button', { name: 'Find' }).click();
  const notes = admin.getByRole('table', { name: 'Credit notes, newest first' });
  await expect(notes.getByRole('row')).toHaveCount(2);
  await expect(notes).toContainText('$127.20');
  expect(await seriousViolations(admin)).toEqual([]);
  await admin.getByRole('button', { name: `Send ${issued} again` }).click();
  await expect(admin.getByText(new RegExp(`^${issued} sent again to `))).toBeVisible();
  await admin.screenshot({ path: test.info().outputPath('credit-notes-1280.png'), fullPage: true });
  await admin.setViewportSize({ width: 375, height: 800 });
  await admin.reload();
  await expect(notes).toContainText('$127.20');
  // The table scrolls in its own box; nothing widens the page.
  expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await admin.screenshot({ path: test.info().outputPath('credit-notes-375.png'), fullPage: true });
  await desk.close();

  // The buyer sees it refunded with its credit note: 10 × $12.00, the quote's price, and their 6 %
  // tax, the order's rate; the card was refunded once, that amount.
  await page.reload();
  await expect(mine).toContainText('Refunded');
  const note = mine.getByRole('link', { name: /^credit note CN-\d+$/ });
  const pdf = await page.request.get((await note.getAttribute('href')) ?? '');
  expect(pdf.status()).toBe(200);
  const text = await pdfText(await pdf.body());
  expect(text).toContain(`Reason: Return ${rma}: 10 × ${wrench.sku}`);
  expect(text).toContain('$12.00');
  expect(text).toMatch(/6(\.0+)? ?%/);
  expect(text).toContain('$127.20');
  const order = (await (await page.request.get(`/api/purchase/${orderId}`)).json()) as {
    refunds: { amount: number; method: string; status: string }[];
    status: string;
  };
  expect(order.status).toBe('shipped');
  expect(order.refunds).toEqual([
    expect.objectContaining({ amount: 127.2, method: 'card', status: 'succeeded' }),
  ]);
  await page.goto(`/dashboard/myOrder/${orderId}`);
  await expect(page.getByRole('list', { name: /^Credit notes and refunds of order/ })).toContainText(
    '$127.20 refunded to the card',
  );
  await expect(timeline).toContainText('Returned units received');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: test.info().outputPath('my-order-returned-1280.png'), fullPage: true });
});
