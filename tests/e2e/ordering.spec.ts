import type { Page } from '@playwright/test';
import type { Tool } from '../../src/shared/api/catalog.schemas';
import { expect, fillShipTo, test } from './fixtures';

async function openProduct(page: Page, tool: Tool) {
  await page.goto(`/buyNow/${tool._id}`);
  await expect(page.getByRole('heading', { level: 1, name: tool.name })).toBeVisible();
}

async function fillOrder(page: Page, quantity: number) {
  const form = page.getByRole('form', { name: 'Buy Now' });
  await fillShipTo(form, { line1: '12 Harbour Road', city: 'Bristol', postalCode: 'BS1 4DJ', country: 'GB' });
  await form.getByLabel('Phone number').fill('4401179460000');
  await form.getByLabel('Quantity').fill(String(quantity));
  await form.getByRole('button', { name: 'Buy Now' }).click();
}

test.describe('a customer ordering in bulk', () => {
  test('the buy form refuses quantities outside the bounds with the spec messages', async ({
    page,
    customer: _,
    addProduct,
  }) => {
    const saw = await addProduct({ min_order: 120, available: 950 });
    await openProduct(page, saw);
    const form = page.getByRole('form', { name: 'Buy Now' });
    await expect(form.getByLabel('Email')).toHaveAttribute('readonly', '');
    await expect(form.getByLabel('Quantity')).toHaveValue('120');

    await fillOrder(page, 119);
    await expect(form.getByText('sorry you cannot order less than 120')).toBeVisible();
    await fillOrder(page, 951);
    await expect(form.getByText('Sorry, you can not buy more than 950')).toBeVisible();
  });

  test('buy, see it in My Orders, cancel it, and the stock is back', async ({
    page,
    customer: _,
    addProduct,
  }) => {
    const sockets = await addProduct({ available: 700, price: 39.5 });
    await openProduct(page, sockets);
    await expect(page.getByText('700 units', { exact: true })).toBeVisible();

    await fillOrder(page, 150);
    await expect(
      page.getByRole('alert').filter({ hasText: 'Item added to your purchase list, now pay to confirm' }),
    ).toBeVisible();
    // The order's panel, then a fresh form for another order.
    await expect(page.getByTestId('order-placed')).toContainText('$6,020.00');
    await page.getByRole('button', { name: 'Place another order' }).click();
    await expect(page.getByRole('form', { name: 'Buy Now' }).getByLabel('Street and number')).toHaveValue('');
    await expect(page.getByText('550 units', { exact: true })).toBeVisible();

    await page.goto('/dashboard/myOrder');
    await expect(page.getByRole('heading', { name: 'My Orders: 1' })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: sockets.name });
    await expect(row).toContainText('$6,020.00');
    await expect(row.getByRole('link', { name: 'Pay Now' })).toHaveAttribute(
      'href',
      /\/dashboard\/payment\/[0-9a-f-]{36}$/,
    );
    await expect(row).toContainText('Reserved until');
    await expect(row).toContainText(/Order \d+ · placed [A-Z][a-z]{2} \d{1,2}, \d{4}/);

    await row.getByRole('button', { name: 'Cancel', exact: true }).click();
    const modal = page.getByRole('dialog');
    await expect(
      modal.getByRole('heading', { name: 'Are you sure, you want to cancel this order?' }),
    ).toBeVisible();
    // The question names the order it is about.
    await expect(modal).toContainText(/Order \d+, placed /);
    // It lists the order's lines as they are, each with its units.
    await expect(
      modal.getByRole('list', { name: /^The lines of order \d+$/ }).getByRole('listitem'),
    ).toHaveText([/^150 × /]);
    await expect(modal.getByRole('button', { name: 'Close' })).toBeVisible();
    await modal.getByRole('button', { name: 'Yes Cancel' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: /Order \d+ is cancelled: its stock is back on sale/ }),
    ).toBeVisible();
    // The cancelled order stays on the list, as cancelled.
    await expect(row.getByText('Cancelled', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: 'Cancel', exact: true })).toBeDisabled();

    await openProduct(page, sockets);
    await expect(page.getByText('700 units', { exact: true })).toBeVisible();
  });

  test('a review shows on the home page with its stars', async ({ page, customer }) => {
    await page.goto('/dashboard/addReview');
    const form = page.getByRole('form', { name: 'Add A Review' });
    await expect(form.getByLabel('Name')).toHaveValue(customer.name);
    await form.getByRole('button', { name: 'Add Review' }).click();
    await expect(form.getByText('Please Full Fill All Field').first()).toBeVisible();

    const text = `Great impact drivers, order ${Date.now()} arrived early.`;
    await form.getByLabel('Your picture (image URL)').fill('https://example.com/me.png');
    await form.getByLabel('Review').fill(text);
    await form.getByLabel('Rating out of 5').fill('7');
    await form.getByRole('button', { name: 'Add Review' }).click();
    await expect(form.getByText('The rating must be a whole number from 1 to 5')).toBeVisible();

    await form.getByLabel('Rating out of 5').fill('4');
    await form.getByRole('button', { name: 'Add Review' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Review Added Successfully' })).toBeVisible();

    await page.getByRole('link', { name: 'Home' }).click();
    const review = page
      .getByRole('region', { name: 'What Our Customers Say' })
      .getByRole('article')
      .filter({ hasText: text });
    await expect(review).toContainText(customer.name);
    await expect(review).toContainText('4 Star');
  });
});
