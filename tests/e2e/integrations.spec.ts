import { createHmac } from 'node:crypto';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { axe, expect, signInOrUp, test } from './fixtures';
import { shopUrl } from './support/ports';

/**
 * Webhooks in the browser (DESIGN §11): a company's admin and the shop's admin register a receiver,
 * copy its secret once, and read each delivery's tries in the log. The receiver here is a real HTTP
 * server that checks each delivery's signature as a consumer's code does.
 */
interface Delivery {
  type: string;
  data: { order?: { _id: string } };
  verified: boolean;
}

async function startReceiver(secret: () => string) {
  const received: Delivery[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const [t, v1] = String(request.headers['forgeline-signature'])
        .split(',')
        .map((part) => part.slice(part.indexOf('=') + 1));
      const expected = createHmac('sha256', secret()).update(`${t}.${raw}`).digest('hex');
      received.push({ ...(JSON.parse(raw) as Omit<Delivery, 'verified'>), verified: v1 === expected });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/forgeline-events`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function register(page: Page, url: string, events: RegExp[]) {
  const form = page.getByRole('form', { name: 'Register a webhook' });
  await form.getByLabel(/^Address/).fill(url);
  // The form starts with order.placed and order.shipped checked.
  for (const preset of [/^order\.placed/, /^order\.shipped/]) await form.getByLabel(preset).uncheck();
  for (const event of events) await form.getByLabel(event).check();
  await form.getByRole('button', { name: 'Register the webhook' }).click();
  const secret = (await page.getByTestId('new-webhook-secret').textContent()) ?? '';
  expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
  return secret;
}

test('a company admin registers a webhook; its system hears of the company’s order, signed; the log shows the delivery (375 and 1280 px)', async ({
  page,
  customer: _,
  product,
}) => {
  let secret = '';
  const receiver = await startReceiver(() => secret);
  try {
    const made = await page.request.post('/api/companies', {
      data: { name: `Hooked ${Date.now()}` },
      headers: { origin: shopUrl },
    });
    expect(made.status(), await made.text()).toBe(201);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/dashboard/company');
    secret = await register(page, receiver.url, [/^order\.placed/]);
    const hooks = page.getByRole('list', { name: 'Webhooks' });
    await expect(hooks).toContainText(receiver.url);
    await expect(hooks).toContainText('No events yet');
    const { violations } = await axe(page).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
    expect(violations.map((violation) => violation.id)).toEqual([]);
    await page.screenshot({ path: 'test-results/webhooks-company-375.png', fullPage: true });

    const placed = await page.request.post('/api/purchase', {
      data: {
        toolId: product._id,
        name: 'Goods In',
        address: '12 Mill Lane, Leeds',
        number: '01132496000',
        quantity: 100,
      },
      headers: { origin: shopUrl },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const orderId = ((await placed.json()) as { insertedId: string }).insertedId;
    await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(1);
    expect(receiver.received[0]).toMatchObject({
      type: 'order.placed',
      verified: true,
      data: { order: { _id: orderId } },
    });

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.reload();
    await hooks.getByRole('button', { name: 'Deliveries' }).click();
    const log = page.getByRole('table', { name: 'Deliveries' });
    await expect(log).toContainText('order.placed');
    await expect(log).toContainText('delivered');
    await expect(log.getByRole('cell', { name: '200' })).toBeVisible();
    await page.screenshot({ path: 'test-results/webhooks-company-1280.png', fullPage: true });

    // 'Send again': the same event, once more.
    await log.getByRole('button', { name: 'Send again' }).click();
    await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(2);
    expect(receiver.received[1]).toMatchObject({ type: 'order.placed', verified: true });
  } finally {
    await receiver.close();
  }
});

test('the shop’s admin registers a webhook for every order and sees every company’s API keys (375 and 1280 px)', async ({
  page,
  product,
}) => {
  let secret = '';
  const receiver = await startReceiver(() => secret);
  try {
    await signInOrUp(page.request, {
      name: 'Mo Manager',
      email: 'manager@forgeline.test',
      password: 'manager-e2e-secret',
    });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/dashboard/integrations');
    await expect(page.getByRole('heading', { name: 'Webhooks & API Keys' })).toBeVisible();
    secret = await register(page, receiver.url, [/^order\.placed/, /^order\.cancelled/]);
    await expect(page.getByRole('list', { name: 'Webhooks' })).toContainText(receiver.url);
    await expect(page.getByRole('heading', { name: 'Companies’ API keys' })).toBeVisible();
    const { violations } = await axe(page).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
    expect(violations.map((violation) => violation.id)).toEqual([]);
    await page.screenshot({ path: 'test-results/webhooks-admin-1280.png', fullPage: true });

    // Any customer's order reaches the shop's webhook.
    const customer = await page.context().browser()?.newContext({ baseURL: shopUrl });
    if (!customer) throw new Error('no browser');
    const buyer = {
      name: 'Webhook Buyer',
      email: `webhook-${Date.now()}@example.com`,
      password: 'webhook-buyer-secret',
    };
    await signInOrUp(customer.request, buyer);
    const placed = await customer.request.post('/api/purchase', {
      data: {
        toolId: product._id,
        name: 'Goods In',
        address: '1 Dock Road',
        number: '5550100',
        quantity: 100,
      },
      headers: { origin: shopUrl },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const orderId = ((await placed.json()) as { insertedId: string }).insertedId;
    await expect
      .poll(() => receiver.received.filter((got) => got.data.order?._id === orderId).length, {
        timeout: 15_000,
      })
      .toBe(1);
    await customer.close();

    await page.setViewportSize({ width: 375, height: 800 });
    await page.reload();
    const hook = page.getByRole('listitem').filter({ hasText: receiver.url });
    await hook.getByRole('button', { name: 'Deliveries' }).click();
    await expect(page.getByRole('table', { name: 'Deliveries' })).toContainText('delivered');
    await page.screenshot({ path: 'test-results/webhooks-admin-375.png', fullPage: true });
    await hook.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText(receiver.url)).toHaveCount(0);
  } finally {
    await receiver.close();
  }
});
