import type { Browser, Page } from '@playwright/test';
import {
  axe,
  expect,
  fillShipTo,
  LEEDS,
  mailsTo,
  payByCard,
  signInOrUp,
  test,
  waitingForTheApp,
  shopOwnerAccount,
} from './fixtures';
import { shopUrl } from './support/ports';

/** Buying as a business does, and a quote from request to payment. */

/** The shop's owner (an admin by ADMIN_EMAILS), signed in in a browser context of their own. */
async function ownerSignedIn(browser: Browser, address: string) {
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': address } });
  const page = waitingForTheApp(await context.newPage());
  await signInOrUp(context.request, shopOwnerAccount);
  return { context, page };
}

async function expectNoAxeViolations(page: Page, what: string) {
  const { violations } = await axe(page).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  expect(violations.map((v) => `${what}: ${v.id} ${v.nodes[0]?.target.join(' ') ?? ''}`)).toEqual([]);
}

test.describe('buying as a business', () => {
  test('order with a PO number → success panel → pay → receipt mail with the invoice → invoice PDF → order again', async ({
    page,
    customer,
    addProduct,
  }) => {
    const tool = await addProduct({ price: 18.4, min_order: 100, available: 5000 });
    await page.goto(`/buyNow/${tool._id}`);
    const form = page.getByRole('form', { name: 'Buy Now' });
    await fillShipTo(form, { ...LEEDS, line2: 'Acme Building Ltd' });
    await form.getByLabel('Phone number').fill('441134960000');
    await form.getByLabel(/Company/).fill('Acme Building Ltd');
    await form.getByLabel(/PO number/).fill('PO-2026-0042');
    await form.getByLabel('Quantity').fill('250');
    // The total is shown before the order is placed.
    await expect(form.getByTestId('order-total')).toHaveText('$4,600.00');
    await form.getByRole('button', { name: 'Buy Now' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Item added to your purchase list' }),
    ).toBeVisible();

    const panel = page.getByTestId('order-placed');
    await expect(panel.getByRole('heading', { name: /^Order \d+ placed$/ })).toBeVisible();
    const orderNumber = (await panel.getByRole('heading').textContent())?.match(/\d+/)?.[0] ?? '';
    await expect(panel.getByTestId('placed-total')).toHaveText('$4,695.00');
    await expect(panel).toContainText('PO-2026-0042');
    await expect(panel).toContainText('Reserved until');
    await expectNoAxeViolations(page, 'order placed');
    await panel.getByRole('link', { name: 'Pay now' }).click();
    await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f-]{36}$/);
    await payByCard(page);

    // The receipt arrives with the invoice attached.
    await expect
      .poll(
        async () =>
          (await mailsTo(customer.email, new RegExp(`^Payment received for order ${orderNumber}`))).length,
        {
          timeout: 15_000,
        },
      )
      .toBe(1);
    const [receipt] = await mailsTo(customer.email, new RegExp(`^Payment received for order ${orderNumber}`));
    expect(receipt?.subject).toMatch(/invoice INV-\d{6}$/);
    const invoiceNumber = receipt?.subject.match(/INV-\d{6}/)?.[0] ?? '';
    expect(receipt?.attachments).toEqual([
      expect.objectContaining({ filename: `${invoiceNumber}.pdf`, contentType: 'application/pdf' }),
    ]);
    expect((await mailsTo(customer.email, new RegExp(`^Order ${orderNumber} placed`))).length).toBe(1);

    // My Orders: the PO number, the invoice, and Order again.
    await page.goto('/dashboard/myOrder');
    const row = page.getByRole('row').filter({ hasText: tool.name });
    await expect(row).toContainText('PO PO-2026-0042');
    const invoiceLink = row.getByRole('link', { name: `Invoice ${invoiceNumber}` });
    const href = (await invoiceLink.getAttribute('href')) ?? '';
    const [opened] = await Promise.all([page.waitForEvent('popup'), invoiceLink.click()]);
    await opened.close();
    const pdf = await page.request.get(href);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await expectNoAxeViolations(page, 'my orders');

    await row.getByRole('link', { name: 'Order again' }).click();
    await expect(page).toHaveURL(new RegExp(`/buyNow/${tool._id}\\?again=`));
    const again = page.getByRole('form', { name: 'Buy Now' });
    await expect(again.getByLabel('Quantity')).toHaveValue('250');
    await expect(again.getByLabel('Street and number')).toHaveValue(LEEDS.line1);
    await expect(again.getByLabel('Postal code')).toHaveValue(LEEDS.postalCode);
    await expect(again.getByLabel(/PO number/)).toHaveValue('');
  });

  test('quote beyond the stock → the admin answers → the customer accepts → pays', async ({
    browser,
    page,
    customer,
    addProduct,
    catalogAdmin,
  }) => {
    const tool = await addProduct({ price: 9.9, min_order: 100, available: 300 });
    await page.goto(`/buyNow/${tool._id}`);
    await page.getByRole('button', { name: 'Request a quote' }).click();
    const request = page.getByRole('form', { name: 'Request a quote' });
    await request.getByLabel('Quantity').fill('2000');
    await request.getByLabel(/Note/).fill('Two lots: March and May');
    await request.getByRole('button', { name: 'Send the request' }).click();
    await expect(page.getByTestId('quote-sent')).toContainText(/Quote request Q-\d+ for 2,000 units sent/);
    const quoteNumber = (await page.getByTestId('quote-sent').textContent())?.match(/Q-\d+/)?.[0] ?? '';

    // The owner answers from the Quotes page.
    const { context: ownerContext, page: ownerPage } = await ownerSignedIn(browser, '203.0.113.61');
    await ownerPage.goto('/dashboard/quotes');
    const quoteRow = ownerPage.getByRole('row').filter({ hasText: quoteNumber });
    await expect(quoteRow).toContainText('Two lots: March and May');
    await quoteRow.getByRole('button', { name: 'Answer' }).click();
    const dialog = ownerPage.getByRole('dialog', { name: `Answer quote ${quoteNumber}` });
    // The owner answers against the stock: 300 now, and a date for the other 1,700.
    await expect(dialog.getByTestId('quote-stock')).toContainText('In stock now: 300 units; the other 1,700');
    await dialog.getByLabel('Unit price ($)').fill('8.75');
    const shipDate = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    await dialog.getByLabel('Ship date for the units not in stock').fill(shipDate);
    await dialog.getByLabel(/Note to the customer/).fill('Both lots from our Leeds stock');
    await expectNoAxeViolations(ownerPage, 'answer quote');
    await dialog.getByRole('button', { name: 'Send the price' }).click();
    await expect(
      ownerPage.getByRole('alert').filter({ hasText: `Quote ${quoteNumber} answered` }),
    ).toBeVisible();
    await ownerContext.close();
    await expect
      .poll(
        async () =>
          (await mailsTo(customer.email, new RegExp(`^Your quote ${quoteNumber}: \\$8\\.75 per unit`)))
            .length,
        {
          timeout: 15_000,
        },
      )
      .toBe(1);

    // The customer accepts now: the 300 in stock are reserved, the other 1,700 backordered.
    await page.goto('/dashboard/myQuotes');
    const mine = page.getByRole('row').filter({ hasText: quoteNumber });
    await expect(mine).toContainText('$8.75 per unit');
    await expect(mine).toContainText('$17,500.00');
    await mine.getByRole('button', { name: 'Accept' }).click();
    const accept = page.getByRole('dialog', { name: `Accept quote ${quoteNumber}` });
    await fillShipTo(accept, LEEDS);
    await accept.getByLabel('Phone number').fill('441134960000');
    await accept.getByLabel(/PO number/).fill('PO-Q-9');
    await expectNoAxeViolations(page, 'accept quote');
    await accept.getByRole('button', { name: 'Accept and order' }).click();
    await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f-]{36}$/);
    await expect(page.getByText('$17,500.00').first()).toBeVisible();
    await payByCard(page);

    await page.goto('/dashboard/myQuotes');
    await expect(page.getByRole('row').filter({ hasText: quoteNumber })).toContainText('Accepted');
    await page.goto('/dashboard/myOrder');
    const order = page.getByRole('row').filter({ hasText: 'PO PO-Q-9' });
    await expect(order).toContainText(`1,700 units backordered, shipping by ${shipDate}`);

    // The factory makes the units: they fill the backorder before anyone else can buy them.
    const restock = await catalogAdmin.patch(`/api/tools/${tool._id}`, { data: { availableChange: 2000 } });
    expect(restock.status(), await restock.text()).toBe(200);
    await page.reload();
    await expect(order).not.toContainText('backordered');
  });
  test('a quote for the whole cart → the owner prices each line → accepted as one order of those lines', async ({
    browser,
    page,
    customer: _,
    addProduct,
  }) => {
    const vise = await addProduct({
      name: `Bench Vise ${Date.now()}`,
      price: 40,
      min_order: 100,
      available: 5000,
    });
    const clamp = await addProduct({
      name: `Bar Clamp ${Date.now()}`,
      price: 6,
      min_order: 100,
      available: 200,
    });
    for (const [tool, quantity] of [
      [vise, 1000],
      [clamp, 900],
    ] as const) {
      const put = await page.request.put(`/api/cart/lines/${tool._id}`, {
        data: { quantity },
        headers: { origin: shopUrl },
      });
      expect(put.status(), await put.text()).toBe(200);
    }
    await page.goto('/cart');
    await page.getByText('Need more than the stock, or a better price? Request a quote').click();
    const request = page.getByRole('form', { name: 'Request a quote for the cart' });
    await request.getByLabel(/Note to the shop/).fill('Annual contract volumes');
    await request.getByRole('button', { name: 'Request a quote' }).click();
    await expect(page).toHaveURL(/\/dashboard\/myQuotes$/);
    const mine = page.getByRole('row').filter({ hasText: `${vise.name} + 1 more` });
    await expect(mine).toContainText('1,900 ×');
    const quoteNumber = (await mine.textContent())?.match(/Q-\d+/)?.[0] ?? '';
    await expect(page.getByTestId('cart-badge')).toHaveCount(0);

    const { context: ownerContext, page: ownerPage } = await ownerSignedIn(browser, '203.0.113.62');
    await ownerPage.goto('/dashboard/quotes');
    await ownerPage
      .getByRole('row')
      .filter({ hasText: quoteNumber })
      .getByRole('button', { name: 'Answer' })
      .click();
    const dialog = ownerPage.getByRole('dialog', { name: `Answer quote ${quoteNumber}` });
    await expect(dialog.getByTestId('quote-line')).toHaveCount(2);
    await dialog.getByLabel(`Unit price of ${vise.name}`).fill('36.5');
    await dialog.getByLabel(`Unit price of ${clamp.name}`).fill('5.2');
    await expect(dialog.getByTestId('quote-answer-total')).toHaveText('$41,180.00');
    // 900 clamps, 200 in stock: the owner says when the rest ship.
    const shipDate = new Date(Date.now() + 21 * 86_400_000).toISOString().slice(0, 10);
    await dialog.getByLabel('Ship date for the units not in stock').fill(shipDate);
    await expectNoAxeViolations(ownerPage, 'answer a quote of several lines');
    for (const width of [375, 1280]) {
      await ownerPage.setViewportSize({ width, height: 900 });
      await ownerPage.screenshot({ path: `test-results/quote-lines-answer-${width}.png`, fullPage: true });
    }
    await dialog.getByRole('button', { name: 'Send the price' }).click();
    await expect(
      ownerPage.getByRole('alert').filter({ hasText: `Quote ${quoteNumber} answered` }),
    ).toBeVisible();
    await ownerContext.close();

    await page.reload();
    await expect(mine).toContainText('$41,180.00');
    await mine.getByText('2 lines').click();
    await expect(mine.getByTestId('quote-line')).toHaveCount(2);
    await mine.getByRole('button', { name: 'Accept' }).click();
    const accept = page.getByRole('dialog', { name: `Accept quote ${quoteNumber}` });
    await expect(accept.getByTestId('quote-line')).toHaveCount(2);
    await fillShipTo(accept, LEEDS);
    await accept.getByLabel('Phone number').fill('441134960000');
    await accept.getByLabel(/PO number/).fill('PO-ANNUAL');
    await page.screenshot({ path: 'test-results/quote-lines-accept-1280.png', fullPage: true });
    await accept.getByRole('button', { name: 'Accept and order' }).click();
    await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('order-line')).toHaveCount(2);
    await expect(page.getByText('$41,275.00').first()).toBeVisible();
  });
});
