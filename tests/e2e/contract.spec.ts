import type { Page } from '@playwright/test';
import { axe, expect, fillShipTo, signInOrUp, test, waitingForTheApp, shopOwnerAccount } from './fixtures';
import { shopUrl } from './support/ports';

const axeViolations = async (page: Page) => {
  const { violations } = await axe(page).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  return violations.map((v) => `${v.id} ${v.nodes[0]?.target.join(' ') ?? ''}`);
};

/**
 * A shop admin gives a company a contract price and Net 30 → its buyer sees their
 * price, orders on account → the statement shows the invoice → the admin records the payment → the
 * balance is 0.
 */
test('a contract price and Net 30: the buyer sees their price, orders on account, and the payment clears it', async ({
  browser,
  page,
  customer: _,
  product,
}) => {
  const stamp = Date.now();
  const companyName = `Contract Buyers ${stamp}`;
  const made = await page.request.post('/api/companies', {
    data: { name: companyName, taxId: 'US-99-1234567' },
    headers: { origin: shopUrl },
  });
  expect(made.status(), await made.text()).toBe(201);

  // The shop admin, in a browser of their own: a price list with the product at $9.50.
  const adminContext = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.91' } });
  const admin = waitingForTheApp(await adminContext.newPage());
  await signInOrUp(admin.request, shopOwnerAccount);
  const listName = `Contract ${stamp}`;
  await admin.goto('/dashboard/priceLists');
  const newList = admin.getByRole('form', { name: 'New price list' });
  await newList.getByLabel('New price list').fill(listName);
  await newList.getByRole('button', { name: 'Create' }).click();
  const addEntry = admin.getByRole('form', { name: `Add an entry to ${listName}` });
  await addEntry.getByLabel('SKU').fill(product.sku);
  await addEntry.getByLabel('Price', { exact: true }).fill('9.50');
  await addEntry.getByRole('button', { name: 'Add entry' }).click();
  await expect(admin.getByTestId('price-list-entry')).toContainText([product.sku]);
  await expect(admin.getByTestId('price-list-entry').first()).toContainText('$9.50');
  // A second entry, by percentage, for a mistyped SKU: refused, with the SKU meant.
  const typo = `${product.sku}X`;
  await addEntry.getByLabel('SKU').fill(typo);
  await addEntry.getByLabel('Contract price').selectOption({ label: 'Percent off' });
  await addEntry.getByLabel('Percent', { exact: true }).fill('5');
  await addEntry.getByRole('button', { name: 'Add entry' }).click();
  await expect(
    admin
      .getByRole('alert')
      .filter({ hasText: `No product has the SKU ${typo}. Did you mean ${product.sku}` })
      .first(),
  ).toBeVisible();
  await expect(admin.getByTestId('price-list-entry')).toHaveCount(1);
  // Removed, and added again.
  await admin.getByRole('button', { name: `Remove ${product.sku} from ${listName}` }).click();
  await expect(admin.getByTestId('price-list-entry')).toHaveCount(0);
  await addEntry.getByLabel('SKU').fill(product.sku);
  await addEntry.getByLabel('Contract price').selectOption({ label: 'Unit price ($)' });
  await addEntry.getByLabel('Price', { exact: true }).fill('9.50');
  await addEntry.getByRole('button', { name: 'Add entry' }).click();
  await expect(admin.getByTestId('price-list-entry')).toHaveCount(1);

  // Net 30 with a $5,000 limit, and the list, on the Companies page.
  await admin.goto('/dashboard/companies');
  await admin.getByRole('button', { name: `Manage ${companyName}` }).click();
  const terms = admin.getByRole('form', { name: `Terms of ${companyName}` });
  await terms.getByLabel('Payment terms').selectOption({ label: 'Net 30' });
  await terms.getByLabel('Credit limit ($)').fill('5000');
  await terms.getByRole('button', { name: 'Save terms' }).click();
  await expect(admin.getByRole('alert').filter({ hasText: `${companyName}: terms saved` })).toBeVisible();
  const lists = admin.getByRole('form', { name: `Price lists of ${companyName}` });
  await lists.getByLabel(listName).check();
  await lists.getByRole('button', { name: 'Save price lists' }).click();
  await expect(
    admin.getByRole('alert').filter({ hasText: `${companyName}: price lists saved` }),
  ).toBeVisible();

  // The buyer sees their contract price on the product page, with why.
  await page.goto(`/tools/${product._id}`);
  await expect(page.getByText(`Your contract price (list ${listName})`).first()).toBeVisible();
  await expect(page.getByText('$9.50').first()).toBeVisible();
  await page.getByText('Why this price?').first().click();
  await expect(
    page.getByText('The list price is $12.50 a unit: you pay $3.00 less (24 %).').first(),
  ).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/contract-price-${width}.png` });
  }

  // The cart shows it too; the order goes on account.
  const put = await page.request.put(`/api/cart/lines/${product._id}`, {
    data: { quantity: 100 },
    headers: { origin: shopUrl },
  });
  expect(put.status(), await put.text()).toBe(200);
  await page.goto('/cart');
  await expect(page.getByTestId('cart-line')).toContainText(`Your contract price (list ${listName})`);
  await expect(page.getByTestId('cart-total')).toHaveText('$950.00');
  // On a phone the price and the contract label stack in their cell, never on top of each other.
  await page.setViewportSize({ width: 375, height: 900 });
  const priceCell = page.getByTestId('cart-line').locator('td[data-label="Unit price"]');
  const price = await priceCell.locator('.text-nowrap').first().boundingBox();
  const label = await priceCell.locator('.contract-price').boundingBox();
  expect(price && label).toBeTruthy();
  if (price && label) expect(price.y + price.height).toBeLessThanOrEqual(label.y + 1);
  await page.screenshot({ path: 'test-results/cart-contract-375.png' });
  await page.setViewportSize({ width: 1280, height: 900 });
  const checkout = page.getByRole('form', { name: 'Check out' });
  await fillShipTo(checkout, {
    line1: '12 Mill Lane',
    city: 'Pittsburgh',
    region: 'PA',
    postalCode: '15201',
    country: 'US',
  });
  await checkout.getByLabel('Phone number').fill('4125550100');
  await expect(checkout.getByText('Your company has $5,000.00 of credit available.')).toBeVisible();
  await checkout.getByLabel(/Pay on account \(Net 30\)/).check();
  expect(await axeViolations(page)).toEqual([]);
  await checkout.getByRole('button', { name: 'Place order on account' }).click();

  // The statement shows the invoice.
  await expect(page).toHaveURL(/\/dashboard\/statement$/);
  await expect(
    page.getByRole('alert').filter({ hasText: /confirmed on account: invoice INV-\d+ is due on/ }),
  ).toBeVisible();
  await expect(page.getByTestId('statement-balance')).toHaveText('$1,019.72');
  await expect(page.getByTestId('statement-available')).toHaveText('$3,980.28');
  await expect(page.getByTestId('open-invoice')).toHaveCount(1);
  await expect(page.getByTestId('open-invoice')).toContainText('$1,019.72');
  expect(await axeViolations(page)).toEqual([]);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/statement-${width}.png`, fullPage: true });
  }
  const pdf = await page.request.get('/api/company/statement.pdf');
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');

  // The admin records the payment: the balance is 0, on both sides.
  await admin.reload();
  await admin.getByRole('button', { name: `Manage ${companyName}` }).click();
  const payment = admin.getByRole('form', { name: `Record a payment from ${companyName}` });
  await payment.getByLabel('Amount ($)').fill('1019.72');
  await payment.getByLabel('Reference').fill(`BACS ${stamp}`);
  await payment.getByRole('button', { name: 'Record payment' }).click();
  await expect(
    admin.getByRole('alert').filter({ hasText: `${companyName}: payment recorded; the balance is $0.00` }),
  ).toBeVisible();
  await expect(admin.getByTestId('admin-company').filter({ hasText: companyName })).toContainText('$0.00');
  expect(await axeViolations(admin)).toEqual([]);
  for (const width of [375, 1280]) {
    await admin.setViewportSize({ width, height: 900 });
    await admin.screenshot({ path: `test-results/companies-${width}.png`, fullPage: true });
  }
  await page.reload();
  await expect(page.getByTestId('statement-balance')).toHaveText('$0.00');
  await expect(page.getByTestId('statement-entry')).toHaveCount(2);
  await adminContext.close();
});
