import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, signInOrUp, test } from './fixtures';
import { shopUrl } from './support/ports';

/**
 * axe-core (WCAG 2.2 AA rules) on every page a visitor, a customer and an admin can open: a serious or
 * critical violation fails the test, naming the page, the rule and the first element.
 */
async function seriousViolations(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first(), `${path} has its h1`).toBeVisible();
  // The page settles: data loaded, no spinner left.
  await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0);
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${path}: ${v.impact} ${v.id} at ${v.nodes[0]?.target.join(' ') ?? '?'}`);
}

test.describe('WCAG 2.2 AA (axe-core)', () => {
  // axe takes a few seconds a page on a busy machine: the pages with accounts get more time.
  test.describe.configure({ timeout: 120_000 });

  for (const path of [
    '/',
    '/shop',
    '/portfolio',
    '/blogs',
    '/login',
    '/register',
    '/nowhere',
    '/reset-password',
  ]) {
    test(`public page ${path}`, async ({ page }) => {
      expect(await seriousViolations(page, path)).toEqual([]);
    });
  }

  test("every customer page, an order's payment page included", async ({ page, customer: _, product }) => {
    const placed = await page.request.post('/api/purchase', {
      data: { toolId: product._id, name: 'Ada', address: '1 Road', number: '5550100', quantity: 100 },
      headers: { origin: shopUrl },
    });
    expect(placed.status()).toBe(201);
    const { insertedId } = (await placed.json()) as { insertedId: string };
    const found: string[] = [];
    for (const path of [
      '/dashboard',
      '/dashboard/addReview',
      '/dashboard/myOrder',
      '/dashboard/myQuotes',
      `/dashboard/payment/${insertedId}`,
      `/buyNow/${product._id}`,
    ]) {
      found.push(...(await seriousViolations(page, path)));
    }
    expect(found).toEqual([]);
  });

  test("every admin page, an order's own page included", async ({ page, product }) => {
    await signInOrUp(page.request, {
      name: 'Olivia Owner',
      email: 'owner@forgeline.test',
      password: 'owner-e2e-secret',
    });
    const placed = await page.request.post('/api/purchase', {
      data: { toolId: product._id, name: 'Olivia', address: '1 Road', number: '5550100', quantity: 100 },
      headers: { origin: shopUrl },
    });
    const { insertedId } = (await placed.json()) as { insertedId: string };
    const found: string[] = [];
    for (const path of [
      `/dashboard/manageAllOrders/${insertedId}`,
      '/dashboard/addProduct',
      '/dashboard/makeAdmin',
      '/dashboard/manageProducts',
      '/dashboard/manageAllOrders',
      '/dashboard/quotes',
      '/dashboard/manageReviews',
    ]) {
      found.push(...(await seriousViolations(page, path)));
    }
    expect(found).toEqual([]);
  });
});

test.describe('page titles', () => {
  test('every route names itself in the title', async ({ page }) => {
    const titles: Record<string, string> = {};
    for (const path of [
      '/',
      '/shop',
      '/shop?q=hammer',
      '/portfolio',
      '/blogs',
      '/login',
      '/register',
      '/nowhere',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expect.poll(() => page.title()).not.toBe('');
      titles[path] = await page.title();
    }
    expect(titles).toEqual({
      '/': 'Forgeline Tools: bulk tools from the manufacturer',
      '/shop': 'Shop · Forgeline Tools',
      '/shop?q=hammer': 'Search “hammer” · Shop · Forgeline Tools',
      '/portfolio': 'Portfolio · Forgeline Tools',
      '/blogs': 'Blogs · Forgeline Tools',
      '/login': 'Login · Forgeline Tools',
      '/register': 'Register · Forgeline Tools',
      '/nowhere': 'Page not found · Forgeline Tools',
    });
  });

  test('a product page and a dashboard page name what they show', async ({ page, customer: _, product }) => {
    await page.goto(`/buyNow/${product._id}`);
    await expect(page).toHaveTitle(`${product.name} (${product.sku}) · Forgeline Tools`);
    await page.goto('/dashboard/myOrder');
    await expect(page).toHaveTitle('My Orders · Dashboard · Forgeline Tools');
  });
});
