import type { Page } from '@playwright/test';
import { type Account, expect, login, mailsTo, newAccount, register, signUp, test } from './fixtures';
import { shopUrl } from './support/ports';

/** An account that exists, with the page signed out. */
async function existingAccount(page: Page, name: string): Promise<Account> {
  const account = newAccount(name);
  await signUp(page.request, account);
  await page.context().clearCookies();
  return account;
}

test.describe('a customer account', () => {
  test('register, see the dashboard, sign out, and get sent back after signing in again', async ({
    page,
  }) => {
    const ada = newAccount('Ada Lovelace');
    await register(page, ada);

    await page.getByRole('link', { name: 'Dashboard' }).click();
    await expect(
      page.getByRole('heading', { name: 'Welcome Ada Lovelace, to your Dashboard' }),
    ).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    await expect(nav.getByRole('link')).toHaveText([
      'My Profile',
      'Add A Review',
      'My Orders',
      'My Quotes',
      'My Returns',
      'Quick Order',
      'Saved Lists',
      'Company',
    ]);

    // Until the mailed link is followed, the dashboard asks for it and can send it again.
    const banner = page.getByRole('status').filter({ hasText: 'Please confirm your email address.' });
    await expect(banner).toContainText(ada.email);
    await banner.getByRole('button', { name: 'Send the link again' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: `We sent a new confirmation link to ${ada.email}` }),
    ).toBeVisible();
    await expect.poll(async () => (await mailsTo(ada.email, /^Confirm your email/)).length).toBe(2);
    const link = /http:\/\/\S+\/api\/auth\/verify-email\?[^\s"<]+/.exec(
      (await mailsTo(ada.email, /^Confirm your email/)).at(-1)?.text ?? '',
    )?.[0];
    await page.goto(link ?? '/');
    await page.goto('/dashboard');
    await expect(
      page.getByRole('heading', { name: 'Welcome Ada Lovelace, to your Dashboard' }),
    ).toBeVisible();
    await expect(page.getByText('Please confirm your email address.')).toHaveCount(0);

    await nav.getByRole('link', { name: 'My Profile' }).click();
    await expect(page.getByText(ada.email)).toBeVisible();

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Dashboard' })).toBeHidden();

    await page.goto('/dashboard/myProfile');
    await expect(page).toHaveURL(/\/login$/);
    await login(page, ada.email, ada.password);
    await expect(page).toHaveURL(/\/dashboard\/myProfile$/);
    await expect(page.getByText(ada.email)).toBeVisible();
  });

  test('a wrong password shows the error in red', async ({ page }) => {
    const bob = await existingAccount(page, 'Bob Builder');

    await page.goto('/login');
    await login(page, bob.email, 'not-the-password');
    const error = page.getByRole('alert').filter({ hasText: /^Error: / });
    await expect(error).toHaveText('Error: Invalid email or password');
    await expect(error).toHaveCSS('color', 'rgb(220, 53, 69)');
  });

  test('a visitor choosing Buy Now signs in first and lands on the product', async ({ page, product }) => {
    const cara = await existingAccount(page, 'Cara Buyer');

    await page.goto('/');
    const card = page.locator('#our-products').getByRole('article').filter({ hasText: product.name });
    await card.getByRole('button', { name: 'Buy Now' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await login(page, cara.email, cara.password);
    await expect(page).toHaveURL(/\/buyNow\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  });

  test('forgot password: a real mail with a link to choose a new one', async ({ page }) => {
    const dora = await existingAccount(page, 'Dora Forgetful');

    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot Password?' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Please inter your email first' })).toBeVisible();

    await page.getByLabel('Email', { exact: true }).fill(dora.email);
    await page.getByRole('button', { name: 'Forgot Password?' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Email send successful' })).toBeVisible();

    await expect.poll(async () => (await mailsTo(dora.email, /^Reset your/)).length).toBe(1);
    const [mail] = await mailsTo(dora.email, /^Reset your/);
    const link = /http:\/\/localhost:\d+\/api\/auth\/reset-password\/[^\s"<]+/.exec(mail?.text ?? '')?.[0];
    expect(link).toBeTruthy();

    await page.goto(link ?? '');
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill('my-new-secret-1');
    await page.getByLabel('Repeat the new password').fill('my-new-secret-1');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText('Your new password is set.')).toBeVisible();

    await page.getByRole('link', { name: 'Login' }).last().click();
    await login(page, dora.email, dora.password);
    await expect(page.getByRole('alert').filter({ hasText: /^Error: / })).toBeVisible();
    await login(page, dora.email, 'my-new-secret-1');
    await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  });

  test('Google sign-in creates the account with its name, and signs into the same one later', async ({
    page,
  }) => {
    const login = `grace.hopper.${Date.now()}`;
    const signInWithGoogle = async () => {
      await page.goto('/login');
      await page.getByRole('button', { name: 'Continue with Google' }).click();
      await expect(page).toHaveURL(/localhost:4326\/interaction\//);
      await page.locator('input[name="login"]').fill(login);
      await page.locator('input[name="password"]').fill('anything');
      await page.getByRole('button', { name: /sign-in/i }).click();
      await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    };
    const sessionUserId = async () =>
      ((await (await page.request.get('/api/auth/get-session')).json()) as { user: { id: string } }).user.id;

    await signInWithGoogle();
    await page.goto('/dashboard');
    await expect(
      page.getByRole('heading', { name: /^Welcome Grace Hopper \d+, to your Dashboard$/ }),
    ).toBeVisible();
    const firstId = await sessionUserId();

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
    // Forget the provider's own session too, so the second sign-in goes through its login page again.
    await page.context().clearCookies({ name: /^_(session|interaction)/ });
    await signInWithGoogle();
    expect(await sessionUserId()).toBe(firstId);
  });
});

test.describe('pages for signed-out visitors', () => {
  test('a signed-in customer opening /login or /register goes to the dashboard', async ({
    page,
    customer,
  }) => {
    for (const path of ['/login', '/register']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(
        page.getByRole('heading', { name: `Welcome ${customer.name}, to your Dashboard` }),
      ).toBeVisible();
    }
  });
});

test.describe('the dashboard navigation', () => {
  test('marks the page shown, /dashboard itself as My Profile', async ({ page, customer: _ }) => {
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    await page.goto('/dashboard');
    await expect(nav.getByRole('link', { name: 'My Profile' })).toHaveAttribute('aria-current', 'page');
    await nav.getByRole('link', { name: 'My Orders' }).click();
    await expect(nav.getByRole('link', { name: 'My Orders' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'My Profile' })).not.toHaveAttribute('aria-current', 'page');
  });
});

test.describe('an address registered by someone else', () => {
  test('Google sign-in does not open an account someone else registered with a password; the owner is told how to claim it', async ({
    page,
    browser,
  }) => {
    const login = `owner.${Date.now()}`;
    const email = `${login}@oidc.test`;
    // Someone registers the owner's address with a password of their own.
    const squatter = await browser.newContext({
      baseURL: shopUrl,
      extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.95' },
    });
    await signUp(
      squatter.request,
      { name: 'Squatter', email, password: 'squatters-own-password' },
      { confirm: false },
    );

    // The owner signs in with Google: refused, and told to use Forgot Password, whose link proves the
    // mailbox and sets the owner's own password (auth.ts).
    await page.goto('/login');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await page.locator('input[name="login"]').fill(login);
    await page.locator('input[name="password"]').fill('anything');
    await page.getByRole('button', { name: /sign-in/i }).click();
    await expect(
      page.getByText(/An account with this address already exists.*Forgot Password/),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();

    // Google's word did not confirm the squatter's account either.
    const session = (await (await squatter.request.get('/api/auth/get-session')).json()) as {
      user: { emailVerified: boolean };
    };
    expect(session.user.emailVerified).toBe(false);
    await squatter.close();
  });
});
