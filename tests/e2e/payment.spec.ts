import type { Page } from '@playwright/test';
import type { Tool } from '../../src/shared/api/catalog.schemas';
import { LEEDS, expect, fillShipTo, test } from './fixtures';

async function orderAndOpenPayment(page: Page, tool: Tool, quantity: number) {
  await page.goto(`/buyNow/${tool._id}`);
  const form = page.getByRole('form', { name: 'Buy Now' });
  await fillShipTo(form, LEEDS);
  await form.getByLabel('Phone number').fill('441134960000');
  await form.getByLabel('Quantity').fill(String(quantity));
  await form.getByRole('button', { name: 'Buy Now' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Item added to your purchase list' })).toBeVisible();
  await page.goto('/dashboard/myOrder');
  await page.getByRole('row').filter({ hasText: tool.name }).getByRole('link', { name: 'Pay Now' }).click();
  await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f-]{36}$/);
}

async function payWith(page: Page, number: string) {
  const form = page.getByRole('form', { name: 'Card payment' });
  await form.getByLabel('Card number').fill(number);
  await form.getByLabel('Expiry (MM / YY)').fill('1234');
  await form.getByLabel('CVC').fill('123');
  await expect(form.getByRole('button', { name: 'Pay' })).toBeEnabled();
  await form.getByRole('button', { name: 'Pay' }).click();
}

test.describe('paying an order by card (built-in test provider)', () => {
  test('4242… pays: success message with the transaction id, then Paid in My Orders', async ({
    page,
    customer: _,
    addProduct,
  }) => {
    const driver = await addProduct({ price: 71 });
    await orderAndOpenPayment(page, driver, 100);

    await expect(page.getByText(driver.name)).toBeVisible();
    await expect(page.getByText('100 units')).toBeVisible();
    await expect(page.getByText('$7,100.00').first()).toBeVisible();
    await expect(page.getByText('Test mode:')).toBeVisible();

    await payWith(page, '4242424242424242');
    await expect(page.getByRole('heading', { name: 'Your payment is completed' })).toBeVisible();
    await expect(page.getByText(/Transaction id: pi_test_/)).toBeVisible();

    await page.getByRole('link', { name: 'Back to My Orders' }).click();
    const row = page.getByRole('row').filter({ hasText: driver.name });
    await expect(row.getByText('Paid', { exact: true })).toBeVisible();
    await expect(row.getByText('Test payment', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: 'Cancel', exact: true })).toBeDisabled();
    await expect(row.getByRole('link', { name: 'Pay Now' })).toHaveCount(0);
  });

  test('a declined card shows the reason in red and the order stays payable', async ({
    page,
    customer: _,
    product,
  }) => {
    await orderAndOpenPayment(page, product, 150);

    await payWith(page, '4000 0000 0000 0002');
    const error = page
      .getByRole('form', { name: 'Card payment' })
      .getByRole('alert')
      .filter({ hasText: 'declined' });
    await expect(error).toHaveText('Your card was declined.');
    await expect(error).toHaveCSS('color', 'rgb(220, 53, 69)');

    // Changing the card makes the refusal old news: it does not stay beside a new error.
    const form = page.getByRole('form', { name: 'Card payment' });
    await form.getByLabel('Card number').fill('4242');
    await expect(error).toHaveCount(0);
    await form.getByRole('button', { name: 'Pay' }).click();
    await expect(form.getByText('Your card number is incomplete.')).toBeVisible();
    await expect(form.getByRole('alert')).toHaveCount(0);

    await page.goto('/dashboard/myOrder');
    const row = page.getByRole('row').filter({ hasText: product.name });
    await expect(row.getByRole('link', { name: 'Pay Now' })).toBeVisible();
    await expect(row.getByRole('button', { name: 'Cancel', exact: true })).toBeEnabled();
  });
});
