import type { Page } from '@playwright/test';
import { LEEDS, expect, fillShipTo, signInOrUp, test, shopOwnerAccount } from './fixtures';
import { shopUrl } from './support/ports';

/**
 * Low items of the interface walk: the cart in the phone's header, toasts clear of the header, the
 * payment page inside 1280 px and its amount named as what it is, the company and the person who
 * placed an order in the shop's list of orders.
 */

/** Places a 100-unit order by the specification's call; answers its id. */
async function placeOrder(page: Page, toolId: string, company?: string): Promise<string> {
  const placed = await page.request.post('/api/purchase', {
    data: { toolId, name: 'Ada', address: '1 Road', number: '5550100', quantity: 100, company },
    headers: { origin: shopUrl },
  });
  expect(placed.status()).toBe(201);
  return ((await placed.json()) as { insertedId: string }).insertedId;
}

test('at 375 px the header shows the cart and its count without opening the menu', async ({
  page,
  customer: _,
  product,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const added = await page.request.put(`/api/cart/lines/${product._id}`, {
    data: { quantity: 100 },
    headers: { origin: shopUrl },
  });
  expect(added.status()).toBe(200);
  await page.goto('/');
  const header = page.locator('nav.site-header');
  const toggler = header.getByRole('button', { name: /navigation|menu/i });
  await expect(toggler).toBeVisible();
  await expect(toggler).toHaveAttribute('aria-expanded', 'false');
  const cart = header.getByRole('link', { name: /^Cart/ });
  await expect(cart).toBeVisible();
  await expect(cart.getByTestId('cart-badge')).toHaveText('1');
  // Inside the bar, left of the menu's button.
  const [cartBox, togglerBox] = [await cart.boundingBox(), await toggler.boundingBox()];
  expect(cartBox && togglerBox && cartBox.x + cartBox.width <= togglerBox.x).toBe(true);
});

test('a toast appears below the header, not over it, at 375 and 1280 px', async ({
  page,
  customer: _,
  product,
}) => {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`/buyNow/${product._id}`);
    const form = page.getByRole('form', { name: 'Buy Now' });
    await fillShipTo(form, LEEDS);
    await form.getByLabel('Phone number').fill('441134960000');
    await form.getByLabel('Quantity').fill('100');
    await form.getByRole('button', { name: 'Buy Now' }).click();
    const toast = page.getByRole('alert').filter({ hasText: 'Item added to your purchase list' });
    await expect(toast).toBeVisible();
    const [toastBox, headerBox] = [
      await toast.boundingBox(),
      await page.locator('nav.site-header').boundingBox(),
    ];
    expect(toastBox && headerBox && toastBox.y >= headerBox.y + headerBox.height, `at ${width} px`).toBe(
      true,
    );
  }
});

test('the payment page fits 1280 px and names the payable amount only while the order can be paid', async ({
  page,
  customer: _,
  product,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const orderId = await placeOrder(page, product._id);
  await page.goto(`/dashboard/payment/${orderId}`);
  await expect(page.getByText('Payable amount')).toBeVisible();
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(sideways, 'the page scrolls sideways').toBeLessThanOrEqual(0);
  // Every table on the page inside the box that holds it.
  const spill = await page.evaluate(() =>
    [...document.querySelectorAll('table')].map((table) => {
      const holder = table.parentElement?.getBoundingClientRect();
      return holder ? table.getBoundingClientRect().right - holder.right : 0;
    }),
  );
  expect(spill.every((overflow) => overflow <= 1)).toBe(true);

  // Cancelled, it is no longer payable: no amount called payable, no Pay Now in My Orders.
  const cancelled = await page.request.delete(`/api/purchase/${orderId}`, { headers: { origin: shopUrl } });
  expect(cancelled.status()).toBeLessThan(300);
  await page.goto(`/dashboard/payment/${orderId}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Payable amount')).toHaveCount(0);
  await page.goto('/dashboard/myOrder');
  const row = page.getByRole('row').filter({ hasText: product.name });
  await expect(row.first()).toBeVisible();
  await expect(row.getByRole('link', { name: 'Pay Now' })).toHaveCount(0);
});

test("the shop's list of orders names a company's order by its company and the colleague who placed it", async ({
  page,
  customer,
  product,
}) => {
  const company = `Column Works ${Date.now()}`;
  const created = await page.request.post('/api/companies', {
    data: { name: company },
    headers: { origin: shopUrl },
  });
  expect(created.status(), await created.text()).toBe(201);
  await placeOrder(page, product._id, company);
  await signInOrUp(page.request, shopOwnerAccount);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/dashboard/manageAllOrders');
  const row = page.getByRole('row').filter({ hasText: product.name });
  await expect(row.getByRole('cell').nth(1)).toContainText(company);
  await expect(row.getByRole('cell').nth(1)).toContainText(`Placed by ${customer.name}`);
  await expect(row.getByRole('cell').nth(1)).toContainText(customer.email);
});
