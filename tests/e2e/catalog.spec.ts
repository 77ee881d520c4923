import { randomUUID } from 'node:crypto';
import { axe, expect, fillShipTo, test } from './fixtures';

test.describe('a buyer in a large catalog', () => {
  test('search, filter, open the product, see the tiered total and the nudge, order at the tier price', async ({
    page,
    customer: _,
    addProduct,
  }) => {
    const id = randomUUID().slice(0, 6);
    const wrench = await addProduct({
      sku: `TW-${id.toUpperCase()}`,
      name: `Torque Wrench ${id}`,
      category: `Journey ${id}`,
      min_order: 100,
      available: 5000,
      price: 20,
      priceTiers: [
        { minQuantity: 100, price: 20 },
        { minQuantity: 500, price: 18 },
        { minQuantity: 1000, price: 16 },
      ],
    });

    // Search with a typo, then narrow to the category: both end up in the URL.
    await page.goto('/shop');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to the shop' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search' }).fill('torqe wrench');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/q=torqe\+wrench/);
    await page.getByLabel('Category').selectOption({ label: `Journey ${id} (1)` });
    await expect(page).toHaveURL(new RegExp(`category=journey-${id}`));
    await expect(page.getByText('Showing 1 of 1 product')).toBeVisible();
    const card = page.getByRole('article', { name: wrench.name });
    await expect(card).toContainText(wrench.sku);
    await expect(card).toContainText('from $16.00 at 1,000+ units');
    await expect(card).toContainText('In stock');

    // Back undoes the filter and keeps the search.
    await page.goBack();
    await expect(page).not.toHaveURL(/category=/);
    await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('torqe wrench');
    await page.goForward();
    await expect(page.getByText('Showing 1 of 1 product')).toBeVisible();

    await card.getByRole('button', { name: 'Buy Now' }).click();
    await expect(page.getByRole('heading', { level: 1, name: wrench.name })).toBeVisible();
    const tiers = page.getByRole('table', { name: 'Volume pricing' });
    await expect(tiers.getByRole('row')).toHaveCount(4);
    await expect(tiers).toContainText('500–999');

    const form = page.getByRole('form', { name: 'Buy Now' });
    await form.getByLabel('Quantity').fill('450');
    await expect(form.getByTestId('unit-price')).toHaveText('$20.00');
    await expect(form.getByTestId('order-total')).toHaveText('$9,000.00');
    // 450 at $20.00 and 500 at $18.00 both cost $9,000.00: 50 units for nothing, and no made-up saving.
    await expect(form).toContainText(
      'Add 50 more units to pay $18.00 per unit: $9,000.00 in all, the same as now.',
    );
    await form.getByRole('button', { name: 'Add 50 units' }).click();
    await expect(form.getByLabel('Quantity')).toHaveValue('500');
    await expect(form.getByTestId('unit-price')).toHaveText('$18.00');
    await expect(form.getByTestId('order-total')).toHaveText('$9,000.00');

    await fillShipTo(form, {
      line1: '12 Harbour Road',
      city: 'Bristol',
      postalCode: 'BS1 4DJ',
      country: 'GB',
    });
    await form.getByLabel('Phone number').fill('4401179460000');
    await form.getByRole('button', { name: 'Buy Now' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Item added to your purchase list, now pay to confirm' }),
    ).toBeVisible();

    await page.goto('/dashboard/myOrder');
    const row = page.getByRole('row').filter({ hasText: wrench.name });
    await expect(row).toContainText(`${wrench.sku} · 500 units at $18.00`);
    await expect(row).toContainText('$9,095.00');
  });

  test('on a phone the results come first, and the filters open under one button', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/shop');
    await expect(page.getByRole('searchbox', { name: 'Search' })).toBeVisible();
    await expect(page.getByLabel('Category')).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Filters and sort' });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await page.getByLabel('Category').selectOption({ label: 'Safety (1)' });
    await expect(page.getByRole('article').filter({ hasText: 'Safety Helmet EN 397' })).toHaveCount(1);
    // They stay open while the buyer narrows (ticking several facets), and say one filter is on.
    await expect(page.getByRole('button', { name: 'Filters and sort (1 on)' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  test('an empty search says so and clears the filters', async ({ page }) => {
    await page.goto('/shop?q=zzqqxxvv');
    await expect(page.getByText('No products match your search.')).toBeVisible();
    await page.getByRole('button', { name: 'Clear the filters' }).click();
    await expect(page).toHaveURL(/\/shop$/);
    await expect(page.getByRole('article').first()).toBeVisible();
  });
});

test.describe('the catalog for every visitor', () => {
  test('the shop, a search without results and the buy page pass axe (WCAG 2.1 AA)', async ({
    page,
    customer: _,
    product,
  }) => {
    // axe takes seconds a page on a busy machine, and the shop page holds a full page of cards.
    test.slow();
    for (const path of ['/shop', '/shop?q=zzqqxxvv&inStock=true', `/buyNow/${product._id}`]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('status')).toHaveCount(0);
      const { violations } = await axe(page).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
      expect(violations.map((v) => `${path}: ${v.id} ${v.nodes[0]?.target.join(' ') ?? ''}`)).toEqual([]);
    }
  });
});
