import { randomInt, randomUUID } from 'node:crypto';
import { test as base, expect, type Page } from '@playwright/test';
import { e2ePorts } from './support/ports';

/**
 * Every journey fails on a script error or a content-security-policy violation, so a page that only
 * looks right cannot pass. Failed HTTP answers are not errors here: journeys provoke some on purpose
 * (an unknown product is a 404, a wrong password a 401) and assert what the page makes of them.
 * Each test also presents its own client address, so the per-address sign-in limits do not couple tests.
 */
export const test = base.extend<{ pageErrors: string[] }>({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': `198.51.${randomInt(0, 255)}.${randomInt(1, 255)}` });
  },
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
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
});

export { expect };

export interface Account {
  name: string;
  email: string;
  password: string;
}

export function newAccount(name = 'Ada Lovelace'): Account {
  const id = randomUUID().slice(0, 8);
  return {
    name,
    email: `${name.toLowerCase().replace(/\W+/g, '.')}.${id}@example.com`,
    password: `pw-${id}-secret`,
  };
}

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

/** The mails the local SMTP server received for an address (tests/e2e/support/mail-catcher.ts). */
export async function mailsTo(address: string): Promise<{ text: string }[]> {
  const response = await fetch(
    `http://127.0.0.1:${e2ePorts.mailbox}/messages?to=${encodeURIComponent(address)}`,
  );
  return (await response.json()) as { text: string }[];
}
