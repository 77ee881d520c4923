import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { catalogAdminEmail, expect, signInOrUp, test, waitingForTheApp } from './fixtures';
import { shopUrl } from './support/ports';

const headers = { origin: shopUrl };

/** axe's serious and critical findings on the page as it is now. */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id} at ${v.nodes[0]?.target.join(' ') ?? '?'}`);
}

test('a buyer returns ten units; the shop approves, receives 8 resellable and 2 damaged, and refunds them', async ({
  browser,
  page,
  customer: _,
  product,
  catalogAdmin,
}) => {
  test.slow();
  // A paid order of 100 units, shipped whole (the order and shipping journeys are others' to test).
  const placed = await page.request.post('/api/purchase', {
    data: { toolId: product._id, name: 'Dock 2', address: '1 Road\nLeeds', number: '5550100', quantity: 100 },
    headers,
  });
  expect(placed.status()).toBe(201);
  const orderId = ((await placed.json()) as { insertedId: string }).insertedId;
  const intent = await page.request.post('/api/create-payment-intent', { data: { orderId }, headers });
  const { clientSecret } = (await intent.json()) as { clientSecret: string };
  const card = await page.request.post('/api/payments/test/confirm', {
    data: { clientSecret, number: '4242 4242 4242 4242', expMonth: 12, expYear: 2034, cvc: '123' },
    headers,
  });
  const { transactionId } = (await card.json()) as { transactionId: string };
  expect(
    (
      await page.request.patch(`/api/purchase/${orderId}`, { data: { payment: { transactionId } }, headers })
    ).status(),
  ).toBe(200);
  const shipped = await catalogAdmin.post(`/api/admin/orders/${orderId}/shipments`, {
    data: { lines: [{ sku: product.sku, quantity: 100 }], carrier: 'UPS' },
  });
  expect(shipped.status()).toBe(201);
  const stockBefore = (
    (await (await catalogAdmin.get(`/api/buyNow/${product._id}`)).json()) as { available: number }
  ).available;

  // On a phone, the buyer returns 10 units from the order's page.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/dashboard/myOrder/${orderId}`);
  await page.getByRole('button', { name: 'Return items' }).click();
  const form = page.getByRole('form', { name: 'Return items' });
  await form.getByLabel('Units').fill('10');
  await form.getByLabel('Why').fill('Wrong size');
  await form.getByRole('button', { name: 'Ask to return these units' }).click();
  await expect(page.getByText(/^Return RMA-\d{6} is asked for/)).toBeVisible();
  await page.getByRole('link', { name: 'My Returns' }).first().click();
  const mine = page.getByRole('list', { name: 'Your returns' });
  await expect(mine).toContainText('10 × ');
  await expect(mine).toContainText('Requested');
  const rma = (await mine.getByRole('heading').first().textContent())?.match(/RMA-\d{6}/)?.[0] ?? '';
  expect(await seriousViolations(page)).toEqual([]);

  // The shop's admin, at a desk, approves it with instructions, records what arrived and refunds it.
  const desk = await browser.newContext({
    baseURL: shopUrl,
    extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.77' },
  });
  const admin = waitingForTheApp(await desk.newPage());
  await signInOrUp(admin.request, {
    name: 'Catalog Admin',
    email: catalogAdminEmail,
    password: 'catalog-admin-secret',
  });
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
  await expect(admin.getByText(/^Refunded with/)).toBeVisible();
  const stockAfter = (
    (await (await catalogAdmin.get(`/api/buyNow/${product._id}`)).json()) as { available: number }
  ).available;
  expect(stockAfter).toBe(stockBefore + 8);
  await desk.close();

  // The buyer sees it refunded, with its credit note: 10 × $12.50 and their 6 % tax, the order's rate
  // (a one-box address is taxed as at the shop's own).
  await page.reload();
  await expect(mine).toContainText('Refunded');
  const note = mine.getByRole('link', { name: /^credit note CN-\d+$/ });
  await expect(note).toBeVisible();
  const pdf = await page.request.get((await note.getAttribute('href')) ?? '');
  expect(pdf.status()).toBe(200);
  const order = (await (await page.request.get(`/api/purchase/${orderId}`)).json()) as {
    refunds: { amount: number; method: string; status: string }[];
  };
  expect(order.refunds).toEqual([
    expect.objectContaining({ amount: 132.5, method: 'card', status: 'succeeded' }),
  ]);
});
