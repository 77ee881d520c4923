import type { APIRequestContext, Browser } from '@playwright/test';
import {
  axe,
  expect,
  fillShipTo,
  LEEDS,
  mailsTo,
  newAccount,
  payByCard,
  signUp,
  test,
  waitingForTheApp,
} from './fixtures';
import { shopUrl } from './support/ports';

/** A company, a colleague invited by mail who accepts, roles that decide who orders. */
test('a customer creates a company, invites a colleague by mail, who joins; a viewer cannot order', async ({
  browser,
  page,
  customer,
  product,
}) => {
  const name = `Acme Building ${Date.now()}`;
  await page.goto('/dashboard/company');
  const create = page.getByRole('form', { name: 'Create a company' });
  await create.getByLabel('Legal name').fill(name);
  await create.getByLabel(/Tax or VAT number/).fill('GB123456789');
  await fillShipTo(create, { ...LEEDS, line2: 'Accounts payable' });
  await create.getByRole('button', { name: 'Create the company' }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByText('Your role: admin')).toBeVisible();
  await expect(page.getByTestId('billing-address')).toContainText('Accounts payable');
  // A typo in the legal name is corrected by the admin.
  await page.getByRole('button', { name: 'Edit the company’s details' }).click();
  const details = page.getByRole('form', { name: 'Company details' });
  await details.getByLabel('Legal name').fill(`${name} Ltd`);
  await details.getByRole('button', { name: 'Save the details' }).click();
  await expect(page.getByRole('heading', { name: `${name} Ltd` })).toBeVisible();
  await details.waitFor({ state: 'detached' });

  const colleague = newAccount('Bea Buyer');
  const invite = page.getByRole('form', { name: 'Invite a colleague' });
  await invite.getByLabel('Colleague’s email').fill(colleague.email);
  await invite.getByLabel('Role').selectOption({ label: 'Buyer: places orders' });
  await invite.getByRole('button', { name: 'Invite' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: `Invitation mailed to ${colleague.email}` }),
  ).toBeVisible();
  await expect(page.getByRole('list', { name: 'Invitations' })).toContainText(
    `${colleague.email} as buyer, sent by ${customer.email}: open until`,
  );
  // A mistyped address is revoked before anyone can use the link.
  const typo = `typo-${Date.now()}@example.com`;
  await invite.getByLabel('Colleague’s email').fill(typo);
  await invite.getByRole('button', { name: 'Invite' }).click();
  await page.getByRole('button', { name: `Revoke the invitation to ${typo}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: `The invitation to ${typo} is revoked` }),
  ).toBeVisible();
  await expect(page.getByRole('list', { name: 'Invitations' })).not.toContainText(typo);

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
  // The page says who invited them, to which company and as what, before they accept.
  await expect(colleaguePage.getByRole('heading', { name: `Join ${name}` })).toBeVisible();
  await expect(colleaguePage.getByTestId('invitation-offer')).toContainText(
    `invited you to join ${name} Ltd as buyer`,
  );
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
  await fillShipTo(book, LEEDS);
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
  await expect(checkout.getByText('7 Foundry Lane')).toBeVisible();
  await checkout.getByRole('button', { name: 'Place order' }).click();
  await expect(colleaguePage).toHaveURL(/\/dashboard\/payment\/[0-9a-f-]{36}$/);
  const orderId = colleaguePage.url().split('/').pop() ?? '';
  const order = (await (await page.request.get(`/api/purchase/${orderId}`)).json()) as { name: string };
  expect(order.name).toBe('Goods In');

  // The admin makes the new colleague a viewer: they read, and cannot order.
  await page.getByLabel(`Role of ${colleague.email}`).selectOption({ label: 'Viewer: reads only' });
  await expect(page.getByLabel(`Role of ${colleague.email}`)).toHaveValue('2');
  const { violations } = await axe(page).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
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

/** A colleague in a browser context of their own, joined to the company by the invitation `admin` mails. */
async function colleagueJoins(
  browser: Browser,
  admin: APIRequestContext,
  roles: string[],
  name: string,
  viewport = { width: 1280, height: 900 },
) {
  const account = newAccount(name);
  const context = await browser.newContext({
    viewport,
    extraHTTPHeaders: { 'x-forwarded-for': `203.0.113.${80 + Math.floor(Math.random() * 100)}` },
  });
  const page = waitingForTheApp(await context.newPage());
  await signUp(page.request, account);
  const sent = await admin.post('/api/company/invitations', {
    data: { email: account.email, roles },
    headers: { origin: shopUrl },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  await expect
    .poll(async () => (await mailsTo(account.email, /invites you to buy for/)).length, { timeout: 15_000 })
    .toBe(1);
  const [mail] = await mailsTo(account.email, /invites you to buy for/);
  const token = mail?.text.match(/\/invitations\/([A-Za-z0-9_-]{43})/)?.[1] ?? '';
  const accepted = await page.request.post(`/api/invitations/${token}/accept`, {
    headers: { origin: shopUrl },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  return { account, context, page };
}

test('the admin sets an approval threshold; the buyer orders above it; the approver approves on a phone; the buyer pays', async ({
  browser,
  page,
  customer: _,
  product,
}) => {
  // The admin's company, a buyer and an approver (the invitation itself is the journey above).
  const created = await page.request.post('/api/companies', {
    data: { name: `Approvals Ltd ${Date.now()}` },
    headers: { origin: shopUrl },
  });
  expect(created.status(), await created.text()).toBe(201);
  const buyer = await colleagueJoins(browser, page.request, ['buyer'], 'Bea Buyer');
  const approver = await colleagueJoins(browser, page.request, ['approver'], 'Abe Approver', {
    width: 375,
    height: 800,
  });

  // The admin: orders above $1,000 need approval, and the company may spend $20,000 a month.
  await page.goto('/dashboard/company');
  const rules = page.getByRole('form', { name: 'Approvals and spending rules' });
  await rules.getByLabel('Orders above this total need approval').fill('1000');
  await rules.getByLabel('The company’s monthly limit').fill('20,000');
  await rules.getByRole('button', { name: 'Save the rules' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The rules are saved' })).toBeVisible();
  await expect(page.getByTestId('spent-this-month')).toHaveText('Ordered this month: $0.00 of $20,000.00');

  // The buyer checks out 100 units at $12.50: $1,250, above the threshold. It waits, its stock held.
  const put = await buyer.page.request.put(`/api/cart/lines/${product._id}`, {
    data: { quantity: 100 },
    headers: { origin: shopUrl },
  });
  expect(put.status(), await put.text()).toBe(200);
  await buyer.page.goto('/cart');
  const checkout = buyer.page.getByRole('form', { name: 'Check out' });
  // Delivered to the goods-in desk: the approver sees who placed it and, apart, whom it goes to.
  await checkout.getByLabel('Name', { exact: true }).fill('Goods In Desk');
  await fillShipTo(checkout, LEEDS);
  await checkout.getByLabel('Phone number').fill('441134960000');
  await checkout.getByRole('button', { name: 'Place order' }).click();
  await expect(
    buyer.page.getByRole('alert').filter({ hasText: 'waits for your company’s approval' }),
  ).toBeVisible();
  await expect(buyer.page).toHaveURL(/\/dashboard\/myOrder$/);
  const row = buyer.page.getByRole('row').filter({ hasText: product.name });
  await expect(row).toContainText('Awaiting approval');
  await expect(row).toContainText('Waiting for your company’s approver');
  await expect(row.getByRole('link', { name: 'Pay Now' })).toHaveCount(0);

  // The approver, on a phone, opens the mailed link and approves.
  await expect
    .poll(async () => (await mailsTo(approver.account.email, /^Approve order/)).length, { timeout: 15_000 })
    .toBe(1);
  const [asked] = await mailsTo(approver.account.email, /^Approve order/);
  const link = asked?.text.match(/http:\/\/\S+(\/dashboard\/approvals)/)?.[1] ?? '';
  expect(link).toBe('/dashboard/approvals');
  await approver.page.goto(link);
  const waiting = approver.page.getByTestId('awaiting-order');
  await expect(waiting).toHaveCount(1);
  await expect(waiting).toContainText('$1,250.00');
  await expect(waiting).toContainText(`Placed by Bea Buyer (${buyer.account.email.toLowerCase()})`);
  await expect(waiting).toContainText('ship to Goods In Desk,');
  await expect(waiting).not.toContainText('Placed by Goods In Desk');
  const { violations } = await axe(approver.page).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  expect(violations.map((v) => `${v.id} ${v.nodes[0]?.target.join(' ') ?? ''}`)).toEqual([]);
  await approver.page.screenshot({ path: 'test-results/approvals-375.png', fullPage: true });
  await waiting.getByRole('button', { name: 'Approve' }).click();
  await expect(approver.page.getByRole('alert').filter({ hasText: 'is approved' })).toBeVisible();
  await expect(approver.page.getByText('No order waits for approval.')).toBeVisible();

  // The buyer is told, and pays.
  await expect
    .poll(async () => (await mailsTo(buyer.account.email, /approved: please pay by/)).length, {
      timeout: 15_000,
    })
    .toBe(1);
  await buyer.page.reload();
  await expect(row).toContainText(`Approved by ${approver.account.email.toLowerCase()}`);
  await row.getByRole('link', { name: 'Pay Now' }).click();
  await payByCard(buyer.page);
  await buyer.page.goto('/dashboard/myOrder');
  await expect(row).toContainText('Paid');
  await page.reload();
  await expect(page.getByTestId('spent-this-month')).toHaveText(
    'Ordered this month: $1,345.00 of $20,000.00',
  );
  await page.screenshot({ path: 'test-results/company-rules-1280.png', fullPage: true });
  await buyer.context.close();
  await approver.context.close();
});

test('a company admin makes an API key; the company’s ERP orders with it; revoked, it is refused (375 and 1280 px)', async ({
  page,
  customer: _,
  product,
  request,
}) => {
  const made = await page.request.post('/api/companies', {
    data: { name: `ERP Users ${Date.now()}` },
    headers: { origin: shopUrl },
  });
  expect(made.status(), await made.text()).toBe(201);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/dashboard/company');
  const form = page.getByRole('form', { name: 'Make an API key' });
  await form.getByLabel(/^Name/).fill('Warehouse ERP');
  await form.getByLabel(/^orders:write/).check();
  await form.getByRole('button', { name: 'Make the key' }).click();
  const key = (await page.getByTestId('new-api-key').textContent()) ?? '';
  expect(key).toMatch(/^fl_[A-Za-z0-9_-]{43}$/);
  const keys = page.getByRole('list', { name: 'The company’s API keys' });
  await expect(keys).toContainText('Warehouse ERP');
  await expect(keys).toContainText('orders:read, orders:write');
  const { violations } = await axe(page).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  expect(violations.map((violation) => violation.id)).toEqual([]);
  await page.screenshot({ path: 'test-results/api-keys-375.png', fullPage: true });

  // The ERP, with no browser session: the cart, checkout, and the order read back.
  const bearer = { authorization: `Bearer ${key}` };
  const line = await request.put(`/api/cart/lines/${product._id}`, {
    data: { quantity: 100 },
    headers: bearer,
  });
  expect(line.status(), await line.text()).toBe(200);
  const checkout = await request.post('/api/cart/checkout', {
    data: {
      name: 'Goods In',
      number: '01132496000',
      shipTo: { line1: '12 Mill Lane', city: 'Leeds', postalCode: 'LS1 4AP', country: 'GB' },
    },
    headers: bearer,
  });
  expect(checkout.status(), await checkout.text()).toBe(201);
  const orderId = ((await checkout.json()) as { insertedId: string }).insertedId;

  // The admin sees it in My Orders, placed by the key.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/dashboard/myOrder/${orderId}`);
  await expect(page.getByText(/by Warehouse ERP \(API key of /)).toBeVisible();

  await page.goto('/dashboard/company');
  await keys.getByRole('button', { name: 'Revoke Warehouse ERP' }).click();
  // Asked first: a key's system stops at once.
  const revoking = page.getByRole('dialog', { name: 'Revoke Warehouse ERP?' });
  await expect(revoking).toContainText('is refused from now on');
  await revoking.getByRole('button', { name: 'Revoke' }).click();
  await expect(keys).toHaveCount(0);
  expect((await request.get(`/api/purchase/${orderId}`, { headers: bearer })).status()).toBe(401);
  await page.screenshot({ path: 'test-results/api-keys-revoked-1280.png', fullPage: true });
});
