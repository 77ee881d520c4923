import { expect, test } from './fixtures';

test.describe('a visitor browsing the shop', () => {
  test('home shows its sections in order with the demo catalog and reviews', async ({ page }) => {
    await page.goto('/');

    await expect(page.getByRole('heading', { level: 1, name: 'World Leader in Tools' })).toBeVisible();
    const sectionHeadings = page.getByRole('heading', { level: 2 });
    await expect(sectionHeadings.filter({ hasNotText: 'World Leader in Tools' })).toHaveText([
      'Our Capabilities',
      'Our Products',
      'What Our Customers Say',
      'Explore',
      'Follow us',
    ]);

    await expect(page.getByRole('link', { name: 'Know More' })).toBeVisible();
    await expect(page.getByText('Margaret Holloway')).toBeVisible();

    // Twelve products: the demo's featured tools first, then the newest (other journeys add some).
    const cards = page.locator('#our-products').getByRole('article');
    await expect(cards).toHaveCount(12);
    await expect(cards.nth(0)).toContainText('Cordless Drill/Driver 20V');
    await expect(cards.filter({ hasText: 'Claw Hammer 16 oz' })).toHaveCount(1);
    const drill = cards.filter({ hasText: 'Cordless Drill/Driver 20V' });
    await expect(drill).toContainText('FT-DRL-20V');
    await expect(drill).toContainText('$64.50 per unit');
    await expect(drill).toContainText('from $55.00 at 1,000+ units');
    await expect(drill).toContainText('100 units');
    await expect(drill).toContainText('2,400 units');

    // Counters start after their 2 s delay and settle on the spec's figures (spec §9).
    const counters = page.getByLabel('Forgeline in numbers');
    await expect(counters.locator('.counter-value')).toHaveText(['1200', '900', '48', '25M'], {
      timeout: 10_000,
    });
    await expect(counters.locator('.counter-label')).toHaveText([
      'Happy Clients',
      'Orders',
      'Countries',
      'Revenue',
    ]);

    await expect(page.getByRole('img', { name: /Bulk pricing/ })).toBeVisible();
    await expect(page.getByRole('img', { name: /Ships in 48 hours/ })).toBeVisible();

    const reviews = page.getByRole('region', { name: 'What Our Customers Say' }).getByRole('article');
    await expect(reviews).toHaveCount(6);
    await expect(reviews.filter({ hasText: 'Maria Gonzalez' })).toContainText('5 Star');
    // Every review shows its stars (other journeys may add newer reviews than the demo's, so no name is fixed).
    await expect(reviews.filter({ hasText: /[1-5] Star/ })).toHaveCount(6);

    await expect(page.getByText(`Copyright © ${new Date().getFullYear()} Forgeline Tools`)).toBeVisible();
  });

  test('/home is the same page as /', async ({ page }) => {
    await page.goto('/home');
    await expect(page.getByRole('heading', { level: 1, name: 'World Leader in Tools' })).toBeVisible();
    await expect(
      page.locator('#our-products').getByRole('article').filter({ hasText: 'Claw Hammer 16 oz' }),
    ).toHaveCount(1);
  });

  test('the carousel moves with the keyboard arrows', async ({ page }) => {
    await page.goto('/');
    const carousel = page.locator('.hero-carousel');
    const active = carousel.locator('.carousel-item.active');
    await expect(active).toContainText('For more than forty years');
    // Under the pointer, and with the keyboard's focus in it, the carousel stays put (WCAG 2.2.2):
    // only the keys move it now.
    await carousel.hover();
    await carousel.getByRole('button', { name: 'Slide 1' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(active).toContainText('Twelve product lines');
    await page.keyboard.press('ArrowLeft');
    await expect(active).toContainText('For more than forty years');
  });

  test('Know More leads to the products', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Know More' }).click();
    await expect(page).toHaveURL(/#our-products$/);
    await expect(page.getByRole('heading', { name: 'Our Products' })).toBeInViewport();
  });

  test('the footer subscribe stores the address and confirms with a toast', async ({ page }) => {
    await page.goto('/');
    const email = page.getByLabel('Get new tools and bulk offers by email');
    await expect(email).toHaveAttribute('type', 'email');
    await expect(email).toHaveAttribute('required', '');

    await email.fill(`buyer-${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Subscribe' }).click();

    await expect(page.getByRole('alert').filter({ hasText: 'Thank you for subscribing!' })).toBeVisible();
    await expect(email).toHaveValue('');
  });

  test('a reload of a deep link shows the same page', async ({ page }) => {
    await page.goto('/portfolio');
    await expect(page.getByRole('heading', { level: 1, name: 'Alex Morgan' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Alex Morgan' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Portrait of Alex Morgan' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3 })).toHaveCount(3);
  });

  test('shop and blogs pages', async ({ page }) => {
    await page.goto('/shop');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to the shop' })).toBeVisible();
    await page.goto('/blogs');
    await expect(page.getByRole('heading', { level: 1, name: 'Blogs' })).toBeVisible();
  });

  test('any other path shows the not-found illustration', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('img', { name: 'Page not found (404)' })).toBeVisible();
  });

  test('a failed product load offers a retry that recovers', async ({ page }) => {
    // The server renders the home page with its products; the browser reads them when it is reached
    // by a link from another page.
    await page.goto('/blogs');
    await page.route('**/api/tool', (route) =>
      route.fulfill({
        status: 500,
        json: { error: { code: 'INTERNAL', message: 'Please try again in a moment.' } },
      }),
    );
    await page.getByRole('link', { name: 'Home' }).click();
    const products = page.locator('#our-products');
    await expect(products.getByText(/We could not load our products/)).toBeVisible();

    await page.unroute('**/api/tool');
    await products.getByRole('button', { name: 'Try again' }).click();
    await expect(products.getByRole('article').filter({ hasText: 'Claw Hammer 16 oz' })).toHaveCount(1);
  });

  test('the whole catalog is one link away, and the shop finds the rest', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'View all products' }).click();
    await expect(page).toHaveURL(/\/shop$/);
    await page.getByLabel('Category').selectOption({ label: 'Safety (1)' });
    await expect(page.getByRole('article').filter({ hasText: 'Safety Helmet EN 397' })).toHaveCount(1);
  });
});

test.describe('on a 375 px wide phone', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  for (const path of ['/', '/shop', '/blogs', '/portfolio', '/login', '/register', '/nowhere']) {
    test(`${path} fits the screen without sideways scrolling`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await page.waitForLoadState('networkidle');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }

  test('the menu opens from the toggle', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Login' })).toBeHidden();
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  });
});
