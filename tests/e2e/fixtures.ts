import AxeBuilder from '@axe-core/playwright';
import { randomInt, randomUUID } from 'node:crypto';
import {
  type APIRequestContext,
  type Locator,
  test as base,
  expect,
  type Page,
  type Response as PageResponse,
} from '@playwright/test';
import type { Tool } from '../../src/shared/api/catalog.schemas';
import type { AddProductBody } from '../../src/shared/api/products.schemas';
import { e2ePorts, shopUrl } from './support/ports';

export interface Account {
  name: string;
  email: string;
  password: string;
}

/** The shop's owner, a shop admin (in ADMIN_EMAILS, playwright.config.ts), signed up on first use. */
export const shopOwnerAccount = {
  name: 'Olivia Owner',
  email: 'owner@forgeline.test',
  password: 'owner-e2e-secret',
};

/** The catalog admin the journeys create their products with (in ADMIN_EMAILS, playwright.config.ts). */
export const catalogAdminAccount = {
  name: 'Catalog Admin',
  email: 'catalog@forgeline.test',
  password: 'catalog-admin-secret',
};

/**
 * axe-core for a page of the shop. The shop's pages hold no frames, so axe runs in the page itself (its
 * legacy mode) instead of opening a blank page for each scan to merge frames' results in: the same
 * rules, ~40 % less time a scan (four pages, twice each: 0.4-1.0 s against 0.7-1.9 s, December 2026).
 * Legacy mode scans no frame's content, so a page that gains one fails the scan until this changes.
 */
class ShopPageAxe extends AxeBuilder {
  constructor(private readonly scanned: Page) {
    super({ page: scanned });
    this.setLegacyMode(true);
  }

  override async analyze() {
    // Every frame the page holds, however deep or wherever in its DOM, beside the page's own.
    const frames = this.scanned.frames().length - 1;
    expect(frames, 'a page with frames needs axe out of legacy mode (tests/e2e/fixtures.ts)').toBe(0);
    // A toast or panel still fading in is text at part of its opacity: on a loaded machine axe once
    // measured a toast mid-animation and failed the page's contrast. Finite animations end first (up
    // to 2 s; a spinner's endless one is not waited for).
    await this.scanned.evaluate(() =>
      Promise.race([
        Promise.all(
          document
            .getAnimations()
            .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
            .map((animation) => animation.finished.catch(() => undefined)),
        ),
        new Promise((resolve) => setTimeout(resolve, 2000)),
      ]),
    );
    return super.analyze();
  }
}

export function axe(page: Page): AxeBuilder {
  return new ShopPageAxe(page);
}

const randomClientIp = () => `198.51.${randomInt(0, 255)}.${randomInt(1, 255)}`;

export function newAccount(name = 'Ada Lovelace'): Account {
  const id = randomUUID().slice(0, 8);
  return {
    name,
    email: `${name.toLowerCase().replace(/\W+/g, '.')}.${id}@example.com`,
    password: `pw-${id}-secret`,
  };
}

/**
 * Signs an account up through the API; the session cookie lands in whatever browser context `api`
 * belongs to (`page.request`), so the page is signed in from its next navigation. Registering through
 * the form is the account journey's to test (customer-account.spec.ts).
 */
export async function signUp(api: APIRequestContext, account: Account, { confirm = true } = {}) {
  const response = await authCall(api, 'sign-up', account);
  expect(response.status(), await response.text()).toBe(200);
  if (confirm) await confirmAddress(api, account.email);
}

/**
 * Confirms an account's address the way its owner does: follows the link of the confirmation mail the
 * shop sent through the local SMTP server (a new one is asked for when there is none yet).
 */
export async function confirmAddress(api: APIRequestContext, email: string) {
  const confirmation = async () =>
    (await mailsTo(email, /^Confirm your email/))
      .at(-1)
      ?.text.match(/http:\/\/\S+\/api\/auth\/verify-email\?[^\s"<]+/)?.[0];
  let link = await confirmation();
  if (!link) {
    await api.post('/api/auth/send-verification-email', { data: { email }, headers: { origin: shopUrl } });
    await expect.poll(confirmation, { timeout: 15_000 }).toBeTruthy();
    link = await confirmation();
  }
  const url = new URL(link ?? '');
  const followed = await api.get(url.pathname + url.search, { maxRedirects: 0 });
  expect(followed.status(), 'the confirmation link redirects').toBe(302);
}

function authCall(api: APIRequestContext, call: 'sign-up' | 'sign-in', account: Account) {
  const data = call === 'sign-up' ? account : { email: account.email, password: account.password };
  return api.post(`/api/auth/${call}/email`, { data, headers: { origin: shopUrl } });
}

/**
 * For the fixed addresses in ADMIN_EMAILS, which outlive one attempt at a journey (a retry, or another
 * worker): signs in when the account exists, signs it up otherwise, and signs in after all when another
 * worker created it meanwhile.
 */
export async function signInOrUp(api: APIRequestContext, account: Account) {
  const signedIn =
    (await authCall(api, 'sign-in', account)).ok() ||
    ((await authCall(api, 'sign-up', account)).ok() && (await authCall(api, 'sign-in', account)).ok());
  if (!signedIn) {
    const again = await authCall(api, 'sign-in', account);
    expect(again.status(), await again.text()).toBe(200);
  }
  // ADMIN_EMAILS promotes an address once it is confirmed: confirm it unless an earlier run did.
  // Another worker may be signing the same address in and confirming it at this moment: read the
  // session again until it is confirmed.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const session = (await (await api.get('/api/auth/get-session')).json()) as {
      user: { emailVerified: boolean };
    } | null;
    if (session?.user.emailVerified) return;
    if (session) await confirmAddress(api, account.email);
    await authCall(api, 'sign-in', account);
  }
}

type Fixtures = {
  pageErrors: string[];
  /** A new customer, signed in in `page`. */
  customer: Account;
  /** A new product of the test's own, named uniquely, in stock: no journey leans on the demo stock. */
  product: Tool;
  /** Adds a product of the test's own through the admin API. */
  addProduct: (overrides?: Partial<AddProductBody>) => Promise<Tool>;
};

type WorkerFixtures = { catalogAdmin: APIRequestContext };

/**
 * A server-rendered page shows before its script has run, and a click on it then does nothing (as for
 * a visitor). `page.goto` and `page.reload` of a page of the app here return once React has taken the
 * page over: the app marks <html data-app="ready"> (app.tsx).
 */
export function waitingForTheApp(page: Page): Page {
  const ready = async (response: PageResponse | null) => {
    if (response?.headers()['content-type']?.startsWith('text/html')) {
      await page.waitForFunction(() => document.documentElement.dataset.app === 'ready');
    }
    return response;
  };
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  return Object.assign(page, {
    goto: async (url: string, options?: Parameters<Page['goto']>[1]) => ready(await goto(url, options)),
    reload: async (options?: Parameters<Page['reload']>[0]) => ready(await reload(options)),
  });
}

/**
 * Every journey fails on a script error or a content-security-policy violation, so a page that only
 * looks right cannot pass. Failed HTTP answers are not errors here: journeys provoke some on purpose
 * (an unknown product is a 404, a wrong password a 401) and assert what the page makes of them.
 * Each test also presents its own client address, so the per-address sign-in limits do not couple tests.
 */
export const test = base.extend<Fixtures, WorkerFixtures>({
  page: async ({ page }, use) => {
    await use(waitingForTheApp(page));
  },
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': randomClientIp() });
  },
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      // A content-security-policy violation the page swallowed still counts (zod's eval probe did).
      await page.addInitScript(() =>
        document.addEventListener('securitypolicyviolation', (event) =>
          console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`),
        ),
      );
      page.on('console', (message) => {
        if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
          errors.push(message.text());
        }
      });
      await use(errors);
      expect(errors, 'browser errors').toEqual([]);
    },
    { auto: true },
  ],
  catalogAdmin: [
    async ({ playwright }, use) => {
      const api = await playwright.request.newContext({
        baseURL: shopUrl,
        extraHTTPHeaders: { origin: shopUrl, 'x-forwarded-for': randomClientIp() },
      });
      await signInOrUp(api, catalogAdminAccount);
      await use(api);
      await api.dispose();
    },
    { scope: 'worker' },
  ],
  addProduct: async ({ catalogAdmin }, use) => {
    await use(async (overrides = {}) => {
      const id = randomUUID().slice(0, 8);
      const body: AddProductBody = {
        sku: `E2E-${id.toUpperCase()}`,
        name: `Test Press ${id}`,
        category: 'Test presses',
        img: `${shopUrl}/images/tools/circular-saw.svg`,
        dis: 'A bench press made for one browser journey.',
        min_order: 100,
        available: 1000,
        price: 12.5,
        ...overrides,
      };
      const created = await catalogAdmin.post('/api/addproduct', { data: body });
      expect(created.status(), await created.text()).toBe(201);
      const { insertedId } = (await created.json()) as { insertedId: string };
      return (await (await catalogAdmin.get(`/api/buyNow/${insertedId}`)).json()) as Tool;
    });
  },
  product: async ({ addProduct }, use) => {
    await use(await addProduct());
  },
  customer: async ({ page }, use) => {
    const account = newAccount('Casey Customer');
    await signUp(page.request, account);
    await use(account);
  },
});

export { expect };

/** Pays the order on the payment page with the test provider's card that succeeds. */
export async function payByCard(page: Page) {
  const form = page.getByRole('form', { name: 'Card payment' });
  await form.getByLabel('Card number').fill('4242424242424242');
  await form.getByLabel('Expiry (MM / YY)').fill('1234');
  await form.getByLabel('CVC').fill('123');
  await form.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('heading', { name: 'Your payment is completed' })).toBeVisible();
}

/** Registers through the form, as a new customer would (the account journey). */
export async function register(page: Page, account: Account) {
  await page.goto('/register');
  await page.getByLabel('Name', { exact: true }).fill(account.name);
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
}

export async function login(page: Page, email: string, password: string) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/**
 * The mails the local SMTP server received for an address (tests/e2e/support/mail-catcher.ts), those
 * whose subject matches when `subject` is given.
 */
export interface CaughtMail {
  subject: string;
  /** The raw message, quoted-printable undone. */
  text: string;
  attachments: { filename?: string; contentType: string; size: number }[];
}

export async function mailsTo(address: string, subject?: RegExp): Promise<CaughtMail[]> {
  const response = await fetch(
    `http://127.0.0.1:${e2ePorts.mailbox}/messages?to=${encodeURIComponent(address)}`,
  );
  const mails = (await response.json()) as CaughtMail[];
  return subject ? mails.filter((mail) => subject.test(mail.subject)) : mails;
}

/** A structured delivery address, as the forms take it. */
export interface Address {
  line1: string;
  line2?: string;
  city: string;
  region?: string;
  postalCode: string;
  country: string;
}

/** Leeds, in the demo's UK shipping zone: freight by weight, no tax zone. */
export const LEEDS: Address = {
  line1: '7 Foundry Lane',
  city: 'Leeds',
  postalCode: 'LS1 4AP',
  country: 'GB',
};

/** Fills a form's structured delivery address (the buy form, checkout, a quote's acceptance). */
export async function fillShipTo(form: Locator, address: Address) {
  await form.getByLabel('Country', { exact: true }).selectOption(address.country);
  await form.getByLabel('Street and number').fill(address.line1);
  if (address.line2) await form.getByLabel(/Building, floor/).fill(address.line2);
  await form.getByLabel('City', { exact: true }).fill(address.city);
  if (address.region) {
    await form.getByLabel(address.country === 'US' ? 'State' : 'Province').selectOption(address.region);
  }
  await form.getByLabel('Postal code').fill(address.postalCode);
}
