import type { Page } from '@playwright/test';
import type { Tool } from '../../src/shared/api/catalog.schemas';
import {
  type Address,
  axe,
  catalogAdminAccount,
  expect,
  fillShipTo,
  mailsTo,
  newAccount,
  payByCard,
  register,
  signInOrUp,
  test,
  waitingForTheApp,
} from './fixtures';
import { shopUrl } from './support/ports';

async function addFromProductPage(page: Page, tool: Tool) {
  await page.goto(`/tools/${tool._id}`);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('alert').filter({ hasText: `× ${tool.name} is in your cart` })).toBeVisible();
}

/** Fills the cart's checkout form and places the order; answers the form. */
async function placeOrder(page: Page, address: Address, phone: string, poNumber: string) {
  const checkout = page.getByRole('form', { name: 'Check out' });
  await fillShipTo(checkout, address);
  await checkout.getByLabel('Phone number').fill(phone);
  await checkout.getByLabel('PO number').fill(poNumber);
  await checkout.getByRole('button', { name: 'Place order' }).click();
  return checkout;
}

const cartLine = (page: Page, tool: Tool) => page.getByTestId('cart-line').filter({ hasText: tool.name });

test.describe('a cart: many products, one purchase order', () => {
  test('a buyer fills a cart, changes a line to the next price break, checks out with a PO and pays once', async ({
    page,
    customer: _,
    addProduct,
  }) => {
    const drill = await addProduct({
      min_order: 100,
      available: 5000,
      price: 20,
      priceTiers: [
        { minQuantity: 100, price: 20 },
        { minQuantity: 500, price: 18 },
      ],
    });
    // 150 saws: once this order takes 100, too few are left to order them again.
    const saw = await addProduct({ min_order: 100, available: 150, price: 12.5 });
    const clamp = await addProduct({ min_order: 100, available: 5000, price: 4 });
    for (const tool of [drill, saw, clamp]) await addFromProductPage(page, tool);
    await expect(page.getByTestId('cart-badge')).toHaveText('3');

    await page.getByRole('link', { name: 'Cart 3 lines' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
    await expect(cartLine(page, drill)).toContainText('$2,000.00');
    await expect(page.getByTestId('cart-total')).toHaveText('$3,650.00');

    // 500 drills reach the $18 break: the line and the total are priced again by the server.
    const quantity = page.getByLabel(`Quantity of ${drill.name}`);
    await quantity.fill('500');
    await quantity.press('Enter');
    await expect(cartLine(page, drill)).toContainText('$9,000.00');
    await expect(cartLine(page, drill)).toContainText('$18.00');
    await expect(page.getByTestId('cart-total')).toHaveText('$10,650.00');
    await page.getByRole('button', { name: `Remove ${clamp.name}` }).click();
    await expect(page.getByTestId('cart-line')).toHaveCount(2);
    await expect(page.getByTestId('cart-total')).toHaveText('$10,250.00');

    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `test-results/cart-${width}.png`, fullPage: true });
    }

    const checkout = await placeOrder(
      page,
      { line1: 'Unit 4, Dockside Estate', city: 'Hull', postalCode: 'HU1 1AA', country: 'GB' },
      '441482000000',
      'PO-2291',
    );

    await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('order-line')).toHaveCount(2);
    await expect(page.getByText('$10,345.00').first()).toBeVisible();
    await expect(page.getByTestId('cart-badge')).toHaveCount(0);

    const card = page.getByRole('form', { name: 'Card payment' });
    await card.getByLabel('Card number').fill('4242424242424242');
    await card.getByLabel('Expiry (MM / YY)').fill('1234');
    await card.getByLabel('CVC').fill('123');
    await card.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Your payment is completed' })).toBeVisible();

    await page.goto('/dashboard/myOrder');
    const row = page.getByRole('row').filter({ hasText: `${drill.name} + 1 more` });
    await expect(row).toContainText('$10,345.00');
    await row.getByText('2 lines').click();
    await expect(row.getByTestId('order-line')).toHaveCount(2);

    // Order again: the drills go back into the cart; the saws, sold out since, are left out with a note.
    await row.getByRole('button', { name: 'Order again' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    const notes = page.getByRole('status').filter({ hasText: 'are in your cart, with these changes' });
    await expect(notes).toContainText(`Line 2, ${saw.name}`);
    await expect(notes).toContainText('Out of stock now, so it was left out');
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    await expect(cartLine(page, drill)).toContainText('$9,000.00');
    await expect(checkout.getByLabel('Street and number')).toHaveValue('Unit 4, Dockside Estate');
    await expect(checkout.getByLabel('City', { exact: true })).toHaveValue('Hull');
    await expect(checkout.getByLabel('PO number')).toHaveValue('');
    await page.screenshot({ path: 'test-results/cart-order-again-1280.png', fullPage: true });
  });

  test('a buyer changes an unpaid order before paying: a line to the next price break, one removed, one added by SKU', async ({
    page,
    customer: _,
    addProduct,
  }) => {
    const [drill, saw, bolt] = await Promise.all([
      addProduct({
        available: 5000,
        price: 20,
        priceTiers: [
          { minQuantity: 100, price: 20 },
          { minQuantity: 500, price: 18 },
        ],
      }),
      addProduct({ available: 5000, price: 12.5 }),
      addProduct({ available: 150, price: 4 }),
    ]);
    for (const [tool, quantity] of [
      [drill, 100],
      [saw, 100],
    ] as const) {
      const put = await page.request.put(`/api/cart/lines/${tool._id}`, {
        data: { quantity },
        headers: { origin: shopUrl },
      });
      expect(put.status(), await put.text()).toBe(200);
    }
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/cart');
    await placeOrder(
      page,
      { line1: 'Unit 4, Dockside Estate', city: 'Hull', postalCode: 'HU1 1AA', country: 'GB' },
      '441482000000',
      'PO-3301',
    );
    await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f-]{36}$/);
    const orderId = page.url().split('/').at(-1) ?? '';

    // Before paying, the buyer changes it from My Orders.
    await page.goto('/dashboard/myOrder');
    await page
      .getByRole('row')
      .filter({ hasText: drill.name })
      .getByRole('link', { name: 'Change order' })
      .click();
    const form = page.getByRole('form', { name: /^The lines of order \d+$/ });
    await form.getByLabel(`Units of ${drill.sku}`).fill('500');
    await form.getByRole('button', { name: `Remove ${saw.sku}` }).click();
    // More bolts than are in stock: refused, and nothing changes.
    await form.getByLabel('SKU').fill(bolt.sku.toLowerCase());
    await form.getByLabel('Units', { exact: true }).fill('200');
    await form.getByRole('button', { name: 'Add line' }).click();
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(form.getByRole('alert')).toContainText(
      `${bolt.sku} ${bolt.name}: Only 150 units are in stock.`,
    );
    await form.getByLabel(`Units of ${bolt.sku}`).fill('150');
    // Before it is saved, the form says what the order would come to, tax and freight included.
    const preview = form.getByTestId('change-preview');
    await expect(preview).toContainText('With these lines: 650 units');
    await expect(preview).toContainText(/freight \$[\d,.]+, tax \$[\d,.]+, total \$[\d,.]+/);
    const previewed = /\btotal \$([\d,]+\.\d{2})/.exec((await preview.textContent()) ?? '')?.[1];
    const { violations } = await axe(page).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
    expect(violations.map((violation) => violation.id)).toEqual([]);
    await page.screenshot({ path: 'test-results/change-order-375.png', fullPage: true });
    await form.getByRole('button', { name: 'Save changes' }).click();

    // Saved, the buyer pays the order as it is now: 500 drills at the $18 break, and the bolts.
    await expect(page).toHaveURL(new RegExp(`/dashboard/payment/${orderId}$`));
    await expect(page.getByRole('alert').filter({ hasText: /^Order \d+ changed: now \$/ })).toBeVisible();
    await expect(page.getByTestId('order-line')).toHaveCount(2);
    await expect(page.getByTestId('order-line').first()).toContainText('$18.00');
    const changed = (await (await page.request.get(`/api/purchase/${orderId}`)).json()) as {
      total: number;
      lines: { sku: string; quantity: number }[];
    };
    expect(changed.lines.map((line) => [line.sku, line.quantity])).toEqual([
      [drill.sku, 500],
      [bolt.sku, 150],
    ]);
    // The saved total is the one the form showed.
    expect(Number(previewed?.replace(/,/g, ''))).toBe(changed.total);
    await payByCard(page);
    await page.goto(`/dashboard/myOrder/${orderId}`);
    await expect(page.getByRole('list', { name: /^Timeline of order/ })).toContainText('Lines changed');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: 'test-results/change-order-paid-1280.png', fullPage: true });
  });

  test('a visitor’s cart is kept in the browser and joins the account’s cart at sign-up', async ({
    page,
    addProduct,
  }) => {
    const wrench = await addProduct({ min_order: 100, available: 900, price: 7 });
    await addFromProductPage(page, wrench);
    await page.goto('/cart');
    await expect(cartLine(page, wrench)).toContainText('$700.00');
    await expect(page.getByRole('link', { name: 'Sign in to check out' })).toBeVisible();

    await register(page, newAccount('Vera Visitor'));
    await expect(page.getByTestId('cart-badge')).toHaveText('1');
    await page.goto('/cart');
    await expect(cartLine(page, wrench)).toContainText('$700.00');
    await expect(page.getByRole('form', { name: 'Check out' })).toBeVisible();
  });

  test('a purchasing agent pastes 10 SKUs, fixes the row the shop flags, checks out one PO and pays once', async ({
    page,
    customer: _,
    addProduct,
  }) => {
    const tools = await Promise.all(
      Array.from({ length: 10 }, () => addProduct({ available: 2000, price: 5 })),
    );
    const rows = tools.map((tool, n) => `${tool.sku}\t${100 + n * 10}`);
    await page.goto('/dashboard/quickOrder');
    const pad = page.getByLabel('SKUs and quantities');
    await pad.fill([...rows.slice(0, 9), `${tools[9]?.sku ?? ''}X\t190`].join('\n'));
    await page.getByRole('button', { name: 'Check the lines' }).click();
    await expect(page.getByRole('status')).toContainText('10 lines read, 1 to fix');
    await expect(page.getByTestId('quick-order-row').nth(9)).toContainText(
      `Did you mean ${tools[9]?.sku ?? ''}`,
    );
    // The suggestion is a button: it corrects the line and checks the lines again.
    await page.getByRole('button', { name: `Use ${tools[9]?.sku ?? ''} on line 10` }).click();
    await expect(page.getByRole('status')).toContainText('10 lines read, all good');
    await expect(pad).toHaveValue(rows.join('\n'));

    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByRole('status')).toContainText('10 lines read, all good; 10 added to your cart');
    await expect(page.getByTestId('cart-badge')).toHaveText('10');
    await page.getByRole('link', { name: 'Go to your cart' }).click();
    await expect(page.getByTestId('cart-line')).toHaveCount(10);

    await placeOrder(
      page,
      { line1: '2 Mill Yard', city: 'Sheffield', postalCode: 'S1 2HE', country: 'GB' },
      '441142000000',
      'PO-10-LINES',
    );
    await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('order-line')).toHaveCount(10);
    const orderId = page.url().split('/').pop() ?? '';

    const card = page.getByRole('form', { name: 'Card payment' });
    await card.getByLabel('Card number').fill('4242424242424242');
    await card.getByLabel('Expiry (MM / YY)').fill('1234');
    await card.getByLabel('CVC').fill('123');
    await card.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Your payment is completed' })).toBeVisible();
    const order = (await (await page.request.get(`/api/purchase/${orderId}`)).json()) as {
      lines: unknown[];
      status: string;
      poNumber: string;
    };
    expect(order).toMatchObject({ status: 'paid', poNumber: 'PO-10-LINES' });
    expect(order.lines).toHaveLength(10);
    const invoice = await page.request.get(`/api/purchase/${orderId}/invoice`);
    expect(invoice.status()).toBe(200);
    expect(invoice.headers()['content-type']).toBe('application/pdf');
  });
});

test('a pallet order waits for its freight: the buyer is told so, not to pay, and the shop’s quote says where it went (375 and 1280 px)', async ({
  page,
  customer,
  addProduct,
  browser,
}) => {
  // 100 anvils of 6 kg: 600 kg, past the US zone's 500 kg pallet weight.
  const anvil = await addProduct({ min_order: 100, available: 1000, price: 10, weightKg: 6 });
  await addFromProductPage(page, anvil);
  await page.goto('/cart');
  await placeOrder(
    page,
    { line1: '1200 Foundry Road', city: 'Pittsburgh', region: 'PA', postalCode: '15201', country: 'US' },
    '4125550100',
    'PO-PALLET-1',
  );
  const told = page.getByRole('alert').filter({ hasText: /placed\. This order ships on a pallet/ });
  await expect(told).toBeVisible();
  await expect(told).not.toContainText(/pay now/i);
  await expect(page).toHaveURL(/\/dashboard\/myOrder\/[0-9a-f-]{36}$/);
  const orderId = page.url().split('/').pop() ?? '';
  await expect(page.getByRole('link', { name: /^Pay now$/i })).toHaveCount(0);
  await expect
    .poll(async () => (await mailsTo(customer.email, /^Order \d+ placed/)).map((mail) => mail.subject))
    .toEqual([expect.stringMatching(/we are quoting its pallet's freight$/)]);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/pallet-order-${width}.png`, fullPage: true });
  }
  expect((await axe(page).analyze()).violations).toEqual([]);

  // The shop quotes the freight: the toast says where the order went (here: to be paid by card).
  const desk = await browser.newContext({
    baseURL: shopUrl,
    viewport: { width: 1280, height: 900 },
    extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.71' },
  });
  const admin = waitingForTheApp(await desk.newPage());
  await signInOrUp(admin.request, catalogAdminAccount);
  await admin.goto(`/dashboard/manageAllOrders/${orderId}`);
  const quote = admin.getByRole('form', { name: /^Quote the freight of order \d+$/ });
  await quote.getByLabel('Freight').fill('450');
  await quote.getByRole('button', { name: 'Quote freight' }).click();
  await expect(
    admin.getByRole('alert').filter({ hasText: /^Freight quoted: order \d+ can be paid by card/ }),
  ).toBeVisible();
  await desk.close();
  await expect.poll(async () => (await mailsTo(customer.email, /freight quoted, please pay/)).length).toBe(1);
});
