import { test as base, expect } from '@playwright/test';

/**
 * Every journey fails on a script error or a content-security-policy violation, so a page that only
 * looks right cannot pass. Failed HTTP answers are not errors here: journeys provoke some on purpose
 * (an unknown product is a 404) and assert what the page makes of them.
 */
export const test = base.extend<{ pageErrors: string[] }>({
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
