import { expect, newAccount, signUp, test } from './fixtures';
import { shopUrl } from './support/ports';

/**
 * The keyboard and layout defects a buyer met, each checked where a person meets it.
 */
test.describe('keyboard and layout', () => {
  test('a yellow button shows a focus ring of 3:1 or more, and the home page keeps its h1 on every slide', async ({
    page,
  }) => {
    await page.goto('/shop');
    await page.getByRole('searchbox', { name: 'Search' }).focus();
    await page.keyboard.press('Tab');
    const search = page.getByRole('button', { name: 'Search', exact: true });
    await expect(search).toBeFocused();
    // The ring is navy (#121d30) around white: not the button's own yellow at half opacity.
    // (Read until Bootstrap's 0.15 s transition of the shadow has ended.)
    await expect
      .poll(() => search.evaluate((button) => getComputedStyle(button).boxShadow))
      .toBe('rgb(255, 255, 255) 0px 0px 0px 2px, rgb(18, 29, 48) 0px 0px 0px 4px');

    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'World Leader in Tools' })).toHaveCount(1);
    await page.getByRole('button', { name: 'Next', exact: true }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'World Leader in Tools' })).toHaveCount(1);
  });

  test('the mobile menu closes with Escape and gives focus back to its button; the header has a Shop link', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Toggle navigation' });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Shop' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();
  });

  test('Request a quote moves focus into its form; a reversed price range is a field message', async ({
    page,
    customer: _,
    product,
  }) => {
    await page.goto(`/buyNow/${product._id}`);
    await page.getByRole('button', { name: 'Request a quote' }).click();
    await expect(page.getByRole('form', { name: 'Request a quote' }).getByLabel('Quantity')).toBeFocused();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('button', { name: 'Request a quote' })).toBeFocused();

    await page.goto('/shop');
    await page.getByLabel('Lowest price').fill('50');
    await page.getByLabel('Highest price').fill('10');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'The lowest price is above the highest' }),
    ).toBeVisible();
    await expect(page.getByText('We could not load the catalog')).toHaveCount(0);
    // A link with the range reversed is read the right way round, and the fields say so.
    await page.goto('/shop?minPrice=50&maxPrice=10');
    await expect(page.getByRole('heading', { name: 'Welcome to the shop' })).toBeVisible();
    await expect(page.getByText(/We could not load/)).toHaveCount(0);
    if ((page.viewportSize()?.width ?? 1280) < 992)
      await page.getByRole('button', { name: /Filters and sort/ }).click();
    await expect(page.getByLabel('Lowest price')).toHaveValue('10');
    await expect(page.getByLabel('Highest price')).toHaveValue('50');
    // Every card shown has a price between them (a family: one of its variants).
    const shown = await page.locator('.tool-card .tool-facts strong').allTextContents();
    expect(shown.length).toBeGreaterThan(0);
    for (const price of shown) {
      const dollars = [...price.matchAll(/\$([\d,.]+)/g)].map((match) => Number(match[1]?.replace(/,/g, '')));
      expect(Math.min(...dollars), price).toBeLessThanOrEqual(50);
      expect(Math.max(...dollars), price).toBeGreaterThanOrEqual(10);
    }
  });

  test('a review whose picture does not load shows initials, not a broken image', async ({
    page,
    browser,
  }) => {
    const reviewer = await browser.newContext({
      baseURL: shopUrl,
      extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.90' },
    });
    await signUp(reviewer.request, newAccount('Brenda Broken'));
    const added = await reviewer.request.post('/api/addreview', {
      data: {
        name: 'Brenda Broken',
        img: `https://127.0.0.1:9/missing-${Date.now()}.png`,
        customer_review: 'Fine',
        rating: 5,
      },
      headers: { origin: shopUrl },
    });
    expect(added.status(), await added.text()).toBe(201);
    await reviewer.close();
    await page.goto('/');
    const card = page.locator('.review-card').filter({ hasText: 'Brenda Broken' }).first();
    await card.scrollIntoViewIfNeeded();
    await expect(card.locator('.review-avatar-initials')).toHaveText('BB');
    await expect(card.locator('img')).toHaveCount(0);
  });
});
