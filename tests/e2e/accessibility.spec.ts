import type { Page } from '@playwright/test';
import { axe, expect, signInOrUp, test, shopOwnerAccount } from './fixtures';
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
  const { violations } = await axe(page)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${path}: ${v.impact} ${v.id} at ${v.nodes[0]?.target.join(' ') ?? '?'}`);
}

test.describe('WCAG 2.2 AA (axe-core)', () => {
  for (const path of [
    '/',
    '/shop',
    '/portfolio',
    '/blogs',
    '/login',
    '/register',
    '/nowhere',
    '/reset-password',
    '/cart',
  ]) {
    test(`public page ${path}`, async ({ page }) => {
      expect(await seriousViolations(page, path)).toEqual([]);
    });
  }

  // One test a page, so that a busy machine's slow axe run on one page never takes the others' time.
  // In a path, {tool} is a product's id and {order} an order the test places first.
  async function pathFor(page: Page, path: string, toolId: string, buyer: string): Promise<string> {
    let order = '';
    if (path.includes('{order}')) {
      const placed = await page.request.post('/api/purchase', {
        data: { toolId, name: buyer, address: '1 Road', number: '5550100', quantity: 100 },
        headers: { origin: shopUrl },
      });
      expect(placed.status()).toBe(201);
      order = ((await placed.json()) as { insertedId: string }).insertedId;
    }
    if (path === '/cart') {
      // A cart with a line in it, the form to check it out beside it.
      const added = await page.request.put(`/api/cart/lines/${toolId}`, {
        data: { quantity: 100 },
        headers: { origin: shopUrl },
      });
      expect(added.status()).toBe(200);
    }
    return path.replace('{tool}', toolId).replace('{order}', order);
  }

  const customerPages = [
    '/dashboard',
    '/dashboard/addReview',
    '/dashboard/myOrder',
    '/dashboard/myOrder/{order}',
    '/dashboard/myQuotes',
    '/dashboard/myReturns',
    '/dashboard/payment/{order}',
    '/buyNow/{tool}',
    '/cart',
  ];
  for (const path of customerPages) {
    test(`customer page ${path}`, async ({ page, customer: _, product }) => {
      const url = await pathFor(page, path, product._id, 'Ada');
      expect(await seriousViolations(page, url)).toEqual([]);
    });
  }

  const adminPages = [
    '/dashboard',
    '/dashboard/auditLog',
    '/dashboard/manageAllOrders/{order}',
    '/dashboard/addProduct',
    '/dashboard/makeAdmin',
    '/dashboard/manageProducts',
    '/dashboard/manageAllOrders',
    '/dashboard/quotes',
    '/dashboard/returns',
    '/dashboard/manageReviews',
    '/dashboard/taxes',
    '/dashboard/companies',
  ];
  for (const path of adminPages) {
    test(`admin page ${path}`, async ({ page, product }) => {
      await signInOrUp(page.request, shopOwnerAccount);
      const url = await pathFor(page, path, product._id, 'Olivia');
      expect(await seriousViolations(page, url)).toEqual([]);
    });
  }
});

/** axe with a dialog open: the dialog and the page behind it. */
async function dialogViolations(page: Page, what: string): Promise<string[]> {
  await expect(page.getByRole('dialog'), `${what} is open`).toBeVisible();
  // The dialog has finished fading in, so its colours are the final ones.
  await expect(page.locator('.modal.show')).toHaveCSS('opacity', '1');
  const { violations } = await axe(page)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${what}: ${v.impact} ${v.id} at ${v.nodes[0]?.target.join(' ') ?? '?'}`);
}

test.describe('WCAG 2.2 AA (axe-core) with every dialog open', () => {
  test.describe.configure({ timeout: 180_000 });

  test("the admin's dialogs: edit, import, delete product, delete account, delete review, answer quote", async ({
    page,
    product,
  }) => {
    await signInOrUp(page.request, shopOwnerAccount);
    const quote = await page.request.post('/api/quotes', {
      data: { toolId: product._id, quantity: 5000, note: 'For the dialog check' },
      headers: { origin: shopUrl },
    });
    expect(quote.status()).toBe(201);
    const found: string[] = [];
    await page.goto(`/dashboard/manageProducts?q=${product.sku}`);
    const row = page.getByRole('row').filter({ hasText: product.sku });
    await row.getByRole('button', { name: 'Edit' }).click();
    found.push(...(await dialogViolations(page, 'Edit product')));
    await row.getByRole('button', { name: 'Delete' }).click();
    found.push(...(await dialogViolations(page, 'Delete product')));
    await page.getByRole('button', { name: 'Import CSV' }).click();
    found.push(...(await dialogViolations(page, 'Import CSV')));
    await page.goto('/dashboard/makeAdmin');
    await page
      .getByRole('row')
      .getByRole('button', { name: 'Delete' })
      .and(page.locator(':enabled'))
      .first()
      .click();
    found.push(...(await dialogViolations(page, 'Delete account')));
    await page.goto('/dashboard/manageReviews');
    await page.getByRole('row').getByRole('button', { name: 'Delete' }).first().click();
    found.push(...(await dialogViolations(page, 'Delete review')));
    await page.goto('/dashboard/quotes');
    await page.getByRole('row').getByRole('button', { name: 'Answer' }).first().click();
    found.push(...(await dialogViolations(page, 'Answer quote')));
    expect(found).toEqual([]);
  });

  test("the customer's dialogs: cancel an order, accept a quote", async ({ page, customer: _, product }) => {
    const placed = await page.request.post('/api/purchase', {
      data: { toolId: product._id, name: 'Ada', address: '1 Road', number: '5550100', quantity: 100 },
      headers: { origin: shopUrl },
    });
    expect(placed.status()).toBe(201);
    const requested = await page.request.post('/api/quotes', {
      data: { toolId: product._id, quantity: 5000 },
      headers: { origin: shopUrl },
    });
    const { quote } = (await requested.json()) as { quote: { _id: string } };
    const owner = await page.context().browser()?.newContext({ baseURL: shopUrl });
    if (!owner) throw new Error('no browser');
    await signInOrUp(owner.request, shopOwnerAccount);
    const validUntil = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    const answered = await owner.request.patch(`/api/admin/quotes/${quote._id}`, {
      data: { unitPrice: 9.5, validUntil, shipDate: validUntil, reply: 'Yes' },
      headers: { origin: shopUrl },
    });
    expect(answered.status(), await answered.text()).toBe(200);
    await owner.close();

    const found: string[] = [];
    await page.goto('/dashboard/myOrder');
    await page.getByRole('button', { name: 'Cancel', exact: true }).first().click();
    found.push(...(await dialogViolations(page, 'Cancel order')));
    await page.goto('/dashboard/myQuotes');
    await page.getByRole('button', { name: 'Accept' }).first().click();
    found.push(...(await dialogViolations(page, 'Accept quote')));
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
