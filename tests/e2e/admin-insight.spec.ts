import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, newAccount, signInOrUp, signUp, test, waitingForTheApp, shopOwnerAccount } from './fixtures';
import { shopUrl } from './support/ports';

const owner = shopOwnerAccount;
const headers = { origin: shopUrl };

/** Places an order and pays it with the built-in test card, through the API as the customer would. */
async function placeAndPay(api: APIRequestContext, toolId: string, quantity = 150): Promise<string> {
  const placed = await api.post('/api/purchase', {
    data: { toolId, name: 'Pat Buyer', address: '1 Mill Lane', number: '5550100', quantity },
    headers,
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { insertedId } = (await placed.json()) as { insertedId: string };
  const intent = await api.post('/api/create-payment-intent', { data: { orderId: insertedId }, headers });
  const { clientSecret } = (await intent.json()) as { clientSecret: string };
  const card = await api.post('/api/payments/test/confirm', {
    data: { clientSecret, number: '4242 4242 4242 4242', expMonth: 12, expYear: 2034, cvc: '123' },
    headers,
  });
  const { transactionId } = (await card.json()) as { transactionId: string };
  const settled = await api.patch(`/api/purchase/${insertedId}`, {
    data: { payment: { transactionId } },
    headers,
  });
  expect(settled.status(), await settled.text()).toBe(200);
  return insertedId;
}

/** Nothing on the page reaches past the right edge of a phone's screen. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
}

test.describe('running the shop at a glance', () => {
  test('the overview shows sales, states, low stock and holds, each linking to its list', async ({
    page,
    browser,
    addProduct,
  }) => {
    const scarce = await addProduct({ available: 150, name: `Scarce Anvil ${Date.now()}` });
    const buyer = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.91' } });
    await signUp(buyer.request, newAccount('Bea Buyer'));
    await placeAndPay(buyer.request, scarce._id, 100);

    await signInOrUp(page.request, owner);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
    await expect(page).toHaveTitle(/^Overview · Dashboard/);
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    await expect(nav.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('img', { name: /^Revenue per day from / })).toBeVisible();
    await expect(page.locator('.revenue-chart canvas')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Top products by units, 30 days' })).toBeVisible();
    const lowStock = page
      .locator('.card')
      .filter({ has: page.getByRole('heading', { name: 'Low stock', exact: true }) });
    await expect(lowStock.getByRole('link', { name: new RegExp(scarce.name) })).toBeVisible();
    await page.screenshot({ path: 'test-results/overview-1280.png', fullPage: true });

    // The state counts link to the list of that state.
    await page.getByRole('link', { name: 'Paid', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/manageAllOrders\?status=paid$/);
    await expect(page.getByRole('combobox', { name: 'Show orders that are' })).toHaveValue('paid');

    // The low-stock figure links to Manage Products, filtered.
    await page.goto('/dashboard');
    await page.getByRole('link', { name: /cannot be ordered$/ }).click();
    await expect(page).toHaveURL(/\/dashboard\/manageProducts\?lowStock=true$/);
    await expect(page.getByLabel('Low stock only')).toBeChecked();
    await expect(page.getByRole('row').filter({ hasText: scarce.sku })).toBeVisible();
    await buyer.close();
  });

  test('an owner exports the catalog, changes a price in the file and imports it after a dry run', async ({
    page,
    product,
  }) => {
    await signInOrUp(page.request, owner);
    await page.goto('/dashboard/manageProducts');
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV' }).click();
    const file = await (await download).path();
    const exported = await readFile(file, 'utf8');
    const line = exported.split('\n').find((row) => row.startsWith(`${product.sku},`));
    expect(line, 'the export has the product').toBeTruthy();
    expect(line).toContain('100:12.50');

    // A file with a mistake: the dry run names it by line, and nothing can be imported.
    const header = exported.split('\n')[0] ?? '';
    const broken = [header, (line ?? '').replace('100:12.50', '100:12.50|50:11.00')].join('\n');
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import products from CSV' });
    await dialog
      .getByLabel('CSV file')
      .setInputFiles({ name: 'broken.csv', mimeType: 'text/csv', buffer: Buffer.from(broken) });
    await expect(
      dialog.getByRole('row').filter({ hasText: 'its quantity must be above 100 units' }),
    ).toContainText('2');
    await expect(dialog.getByRole('button', { name: /^Import/ })).toBeDisabled();

    const changed = [header, (line ?? '').replace('100:12.50', '100:11.75')].join('\n');
    await dialog
      .getByLabel('CSV file')
      .setInputFiles({ name: 'prices.csv', mimeType: 'text/csv', buffer: Buffer.from(changed) });
    await expect(dialog.getByText('1 row: 0 new, 1 changed, 0 unchanged.')).toBeVisible();
    await expect(dialog.getByRole('row').filter({ hasText: product.sku })).toContainText(
      'Changes priceTiers',
    );
    await dialog.getByRole('button', { name: 'Import 1 product' }).click();
    await expect(dialog.getByText('Imported: 0 new and 1 changed products.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).first().click();

    const tool = (await (await page.request.get(`/api/buyNow/${product._id}`)).json()) as { price: number };
    expect(tool.price).toBe(11.75);

    // The audit log says who changed it, from what to what.
    await page.goto('/dashboard/auditLog?action=product.import');
    const entry = page.getByRole('row').filter({ hasText: `SKU ${product.sku}` });
    await expect(entry).toContainText(owner.email);
    await expect(entry).toContainText('Product imported');
    // The price breaks read as prices, not as the cents the database keeps.
    await expect(entry.locator('del')).toContainText('$12.50');
    await expect(entry.locator('ins')).toContainText('$11.75');
  });

  test('an admin uploads a picture for a product in the edit dialog', async ({ page, product }) => {
    await signInOrUp(page.request, owner);
    await page.goto(`/dashboard/manageProducts?q=${product.sku}`);
    await page
      .getByRole('row')
      .filter({ hasText: product.sku })
      .getByRole('button', { name: 'Edit' })
      .click();
    const dialog = page.getByRole('dialog');
    const picture = dialog.getByLabel(/^Upload a picture/);
    // Not a picture: the server reads the content and says so.
    await picture.setInputFiles({
      name: 'notes.png',
      mimeType: 'image/png',
      buffer: Buffer.from('just text'),
    });
    await expect(dialog.getByText('Pictures must be JPEG, PNG or WebP images')).toBeVisible();
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    await picture.setInputFiles({ name: 'press.png', mimeType: 'image/png', buffer: png });
    await expect(dialog.getByLabel('Image', { exact: true })).toHaveValue(/^\/uploads\/[a-f0-9]{40}\.png$/);
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('alert').filter({ hasText: product.name })).toBeVisible();
    const tool = (await (await page.request.get(`/api/buyNow/${product._id}`)).json()) as { img: string };
    expect(tool.img).toMatch(/^\/uploads\//);
    expect((await page.request.get(tool.img)).headers()['content-type']).toBe('image/png');
  });

  test('a review by a customer who bought shows "Verified buyer" first on the home page', async ({
    page,
    customer: _,
    product,
  }) => {
    await placeAndPay(page.request, product._id, 600);
    await page.goto('/dashboard/addReview');
    const form = page.getByRole('form', { name: 'Add A Review' });
    await form.getByLabel('Name', { exact: true }).fill('Vera Verified');
    await form.getByLabel('Your picture (image URL)').fill('https://example.com/vera.png');
    await form.getByLabel('Review', { exact: true }).fill('Six hundred presses, all perfect.');
    await form.getByLabel('Rating out of 5').fill('5');
    await form.getByRole('button').click();
    await expect(page.getByRole('alert').filter({ hasText: 'Review Added Successfully' })).toBeVisible();
    await page.goto('/');
    const first = page.getByRole('region', { name: 'What Our Customers Say' }).getByRole('article').first();
    await expect(first).toContainText('Vera Verified');
    await expect(first).toContainText('Verified buyer');
    await expect(first).toContainText('bought 500–1,999 units');
  });
});

test.describe('every table on a phone (375 px)', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('rows become cards with every value and action in view', async ({ page, browser, product }) => {
    // A customer with an order and a quote, so that their tables and the admin's have rows.
    const customerContext = await browser.newContext({
      viewport: { width: 375, height: 800 },
      extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.92' },
    });
    const customerPage = waitingForTheApp(await customerContext.newPage());
    await signUp(customerContext.request, newAccount('Phil Phone'));
    await placeAndPay(customerContext.request, product._id);
    const quote = await customerContext.request.post('/api/quotes', {
      data: { toolId: product._id, quantity: 5000, note: 'Phone quote' },
      headers,
    });
    expect(quote.status()).toBe(201);
    const unpaid = await customerContext.request.post('/api/purchase', {
      data: { toolId: product._id, name: 'Phil', address: '2 Road', number: '5550100', quantity: 100 },
      headers,
    });
    expect(unpaid.status()).toBe(201);

    for (const [path, action] of [
      ['/dashboard/myOrder', 'Pay Now'],
      ['/dashboard/myQuotes', null],
    ] as const) {
      await customerPage.goto(path);
      const card = customerPage.locator('table.table-stack tbody tr').first();
      await expect(card).toBeVisible();
      if (action) await expect(card.getByRole('link', { name: action })).toBeInViewport();
      await expectNoSidewaysScroll(customerPage);
    }
    await customerPage.screenshot({ path: 'test-results/my-quotes-375.png', fullPage: true });
    await customerPage.goto('/dashboard/myOrder');
    await customerPage.screenshot({ path: 'test-results/my-orders-375.png', fullPage: true });

    await signInOrUp(page.request, owner);
    for (const [path, action] of [
      ['/dashboard/manageAllOrders?status=paid', 'Mark shipped'],
      [`/dashboard/manageProducts?q=${product.sku}`, 'Delete'],
      ['/dashboard/makeAdmin', 'Delete'],
      ['/dashboard/quotes', 'Answer'],
      ['/dashboard/auditLog', null],
      ['/dashboard/manageReviews', 'Delete'],
      ['/dashboard/taxes', 'Change'],
    ] as const) {
      await page.goto(path);
      const card = page.locator('table.table-stack tbody tr').first();
      await expect(card, path).toBeVisible();
      // The column names stand beside the values, and the header row is hidden from sight.
      await expect(page.locator('table.table-stack thead').first()).not.toBeInViewport();
      if (action) {
        const button = card.getByRole('button', { name: action });
        await button.scrollIntoViewIfNeeded();
        await expect(button, `${path}: ${action}`).toBeInViewport({ ratio: 1 });
      }
      await expectNoSidewaysScroll(page);
      const name = path.split('/').pop()?.split('?')[0] ?? 'page';
      await page.screenshot({ path: `test-results/${name}-375.png`, fullPage: true });
    }
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
    await expect(page.locator('.revenue-chart canvas')).toBeVisible();
    await page.screenshot({ path: 'test-results/overview-375.png', fullPage: true });
    await expectNoSidewaysScroll(page);
    await customerContext.close();
  });
});
