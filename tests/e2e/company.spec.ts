import AxeBuilder from '@axe-core/playwright';
import { expect, mailsTo, newAccount, signUp, test, waitingForTheApp } from './fixtures';
import { shopUrl } from './support/ports';

/** Issue 33: a company, a colleague invited by mail who accepts, roles that decide who orders. */
test('a customer creates a company, invites a colleague by mail, who joins; a viewer cannot order', async ({
  browser,
  page,
  customer: _,
  product,
}) => {
  const name = `Acme Building ${Date.now()}`;
  await page.goto('/dashboard/company');
  const create = page.getByRole('form', { name: 'Create a company' });
  await create.getByLabel('Legal name').fill(name);
  await create.getByLabel(/Tax or VAT number/).fill('GB123456789');
  await create.getByRole('button', { name: 'Create the company' }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByText('Your role: admin')).toBeVisible();

  const colleague = newAccount('Bea Buyer');
  const invite = page.getByRole('form', { name: 'Invite a colleague' });
  await invite.getByLabel('Colleague’s email').fill(colleague.email);
  await invite.getByLabel('Role').selectOption({ label: 'Buyer: places orders' });
  await invite.getByRole('button', { name: 'Invite' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: `Invitation mailed to ${colleague.email}` }),
  ).toBeVisible();
  await expect(page.getByRole('list', { name: 'Invitations' })).toContainText(
    `${colleague.email} as buyer: open until`,
  );

  // The colleague registers, opens the mailed link and accepts.
  await expect
    .poll(async () => (await mailsTo(colleague.email, /invites you to buy for/)).length, { timeout: 15_000 })
    .toBe(1);
  const [mail] = await mailsTo(colleague.email, /invites you to buy for/);
  const link = mail?.text.match(/http:\/\/\S+(\/invitations\/[A-Za-z0-9_-]{43})/)?.[1] ?? '';
  expect(link).not.toBe('');
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.71' } });
  const colleaguePage = waitingForTheApp(await context.newPage());
  await signUp(colleaguePage.request, colleague);
  await colleaguePage.goto(link);
  await colleaguePage.getByRole('button', { name: 'Accept the invitation' }).click();
  await expect(colleaguePage.getByRole('status')).toContainText('You have joined the company');
  await colleaguePage.goto('/dashboard/company');
  await expect(colleaguePage.getByRole('heading', { name })).toBeVisible();
  await expect(colleaguePage.getByText('Your role: buyer')).toBeVisible();

  // The admin keeps the company's depot in the address book.
  await page.reload();
  await expect(page.getByTestId('colleague')).toHaveCount(2);
  const book = page.getByRole('form', { name: 'Add an address' });
  await book.getByLabel('Name of the address').fill('Leeds depot');
  await book.getByLabel('Recipient').fill('Goods In');
  await book.getByLabel('Address', { exact: true }).fill('7 Foundry Lane\nLeeds');
  await book.getByLabel('Phone number').fill('441134960000');
  await book.getByRole('button', { name: 'Add the address' }).click();
  await expect(page.getByTestId('company-address')).toContainText('Leeds depot');

  // The buyer checks out to the depot, chosen for them as the default.
  const put = await colleaguePage.request.put(`/api/cart/lines/${product._id}`, {
    data: { quantity: 100 },
    headers: { origin: shopUrl },
  });
  expect(put.status(), await put.text()).toBe(200);
  await colleaguePage.goto('/cart');
  const checkout = colleaguePage.getByRole('form', { name: 'Check out' });
  await expect(checkout.getByLabel('Ship to')).toHaveValue(/[0-9a-f-]{36}/);
  await expect(checkout.getByLabel('Address')).toHaveValue('7 Foundry Lane\nLeeds');
  await checkout.getByRole('button', { name: 'Place order' }).click();
  await expect(colleaguePage).toHaveURL(/\/dashboard\/payment\/[0-9a-f-]{36}$/);
  const orderId = colleaguePage.url().split('/').pop() ?? '';
  const order = (await (await page.request.get(`/api/purchase/${orderId}`)).json()) as { name: string };
  expect(order.name).toBe('Goods In');

  // The admin makes the new colleague a viewer: they read, and cannot order.
  await page.getByLabel(`Role of ${colleague.email}`).selectOption({ label: 'Viewer: reads only' });
  await expect(page.getByLabel(`Role of ${colleague.email}`)).toHaveValue('2');
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  expect(violations.map((v) => `${v.id} ${v.nodes[0]?.target.join(' ') ?? ''}`)).toEqual([]);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/company-${width}.png`, fullPage: true });
  }
  const refused = await colleaguePage.request.post('/api/purchase', {
    data: { toolId: product._id, name: 'Bea', address: '1 Road', number: '5550100', quantity: 100 },
    headers: { origin: shopUrl },
  });
  expect(refused.status()).toBe(403);
  await context.close();
});
