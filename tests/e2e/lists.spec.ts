import { axe, expect, test } from './fixtures';

/** A saved list, filled from the product page and a CSV, reordered in two clicks. */
test('a buyer saves the monthly order as a list and reorders it from Saved Lists in two clicks', async ({
  page,
  customer: _,
  addProduct,
}) => {
  const [drill, saw] = [
    await addProduct({ price: 20, min_order: 100, available: 5000 }),
    await addProduct({ price: 35, min_order: 100, available: 150 }),
  ];

  // From the product page: a new list with 150 drills.
  await page.goto(`/buyNow/${drill._id}`);
  await page.getByRole('button', { name: 'Save to a list' }).click();
  const dialog = page.getByRole('dialog', { name: `Save ${drill.name} to a list` });
  await dialog.getByLabel('Name of the new list').fill('Monthly site order');
  await dialog.getByLabel('Units').fill('150');
  await dialog.getByRole('button', { name: 'Save to the list' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Saved to Monthly site order: 1 line' }),
  ).toBeVisible();

  // From a CSV on the list's page: the saws, and a mistyped SKU that is reported.
  await page.goto('/dashboard/lists');
  await page.getByRole('link', { name: 'Monthly site order' }).click();
  const rows = page.getByRole('form', { name: 'Add rows to the list' });
  await rows.getByLabel(/Rows of SKU and quantity/).fill(`${saw.sku}, 200\n${saw.sku}X, 10`);
  await rows.getByRole('button', { name: 'Add the rows' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'These rows were left out' })).toContainText(
    `Row 2 (${saw.sku}X)`,
  );
  await expect(page.getByTestId('list-line')).toHaveCount(2);
  // Only 150 saws are in stock today: the list says so before anything is ordered.
  await expect(page.getByTestId('list-line').filter({ hasText: saw.name })).toContainText('150');
  const { violations } = await axe(page).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  expect(violations.map((v) => `${v.id} ${v.nodes[0]?.target.join(' ') ?? ''}`)).toEqual([]);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/list-${width}.png`, fullPage: true });
  }

  // Next month, from anywhere in the dashboard: Saved Lists, then Add all to cart.
  await page.goto('/dashboard/myProfile');
  await page.getByRole('link', { name: 'Saved Lists' }).click();
  await page
    .getByTestId('saved-list')
    .filter({ hasText: 'Monthly site order' })
    .getByRole('button', { name: /Add all to cart/ })
    .click();
  await expect(page).toHaveURL(/\/cart$/);
  const notes = page
    .getByRole('status')
    .filter({ hasText: 'The lines of the list Monthly site order are in your cart' });
  await expect(notes).toContainText(saw.name);
  await expect(page.getByTestId('cart-line')).toHaveCount(2);
  await page.screenshot({ path: 'test-results/list-to-cart-1280.png', fullPage: true });

  // The list is kept as it was.
  await page.goto('/dashboard/lists');
  await expect(page.getByTestId('saved-list').filter({ hasText: 'Monthly site order' })).toContainText('2');
});
