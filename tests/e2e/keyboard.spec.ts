import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * The buying journey with the keyboard alone (WCAG 2.1.1): every step is reached with Tab, filled by
 * typing and done with Enter or Space, and a dialog is answered and left with the keyboard too.
 */
async function tabTo(page: Page, name: RegExp | string, { max = 60 } = {}) {
  for (let presses = 0; presses < max; presses += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element) return '';
      const labelled = element.id ? document.querySelector(`label[for="${element.id}"]`)?.textContent : null;
      return (labelled ?? element.getAttribute('aria-label') ?? element.textContent).trim();
    });
    if (typeof name === 'string' ? focused === name : name.test(focused)) return;
  }
  throw new Error(`Tab never reached ${String(name)}`);
}

/** The buy form's delivery address, by keyboard (the country is the United States already). */
async function typeAddress(page: Page) {
  await tabTo(page, 'Street and number');
  await page.keyboard.type('1200 Foundry Road');
  await tabTo(page, 'City');
  await page.keyboard.type('Pittsburgh');
  // Typing a state's name picks it in the list.
  await tabTo(page, 'State');
  await page.keyboard.type('Pennsylvania');
  await tabTo(page, 'Postal code');
  await page.keyboard.type('15201');
}

test('order, pay and cancel with the keyboard alone', async ({ page, customer: _, addProduct }) => {
  const tool = await addProduct({ price: 14, available: 2000 });
  await page.goto(`/buyNow/${tool._id}`);
  await expect(page.getByRole('heading', { level: 1, name: tool.name })).toBeVisible();

  await typeAddress(page);
  await tabTo(page, 'Phone number');
  await page.keyboard.type('+44 113 496 0000');
  await tabTo(page, /^Quantity$/);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('120');
  await tabTo(page, 'Buy Now');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('order-placed')).toBeVisible();

  // Pay now, then the card form.
  await tabTo(page, 'Pay now');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/payment\//);
  await tabTo(page, 'Card number');
  await page.keyboard.type('4242424242424242');
  await tabTo(page, 'Expiry (MM / YY)');
  await page.keyboard.type('1234');
  await tabTo(page, 'CVC');
  await page.keyboard.type('123');
  await tabTo(page, 'Pay');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Your payment is completed' })).toBeVisible();

  // A second order, cancelled through the confirmation dialog: Escape leaves it, Enter confirms.
  await page.goto(`/buyNow/${tool._id}`);
  await typeAddress(page);
  await tabTo(page, 'Phone number');
  await page.keyboard.type('441134960000');
  await tabTo(page, 'Buy Now');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('order-placed')).toBeVisible();
  await page.goto('/dashboard/myOrder');
  await expect(page.getByRole('heading', { name: /^My Orders/ })).toBeVisible();
  await tabTo(page, 'Cancel');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Are you sure, you want to cancel this order?' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await tabTo(page, 'Cancel');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await tabTo(page, 'Yes Cancel', { max: 5 });
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('alert').filter({ hasText: /Order \d+ is cancelled: its stock is back on sale/ }),
  ).toBeVisible();
});
