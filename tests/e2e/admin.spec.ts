import { expect, newAccount, signInOrUp, signUp, test, waitingForTheApp, shopOwnerAccount } from './fixtures';

test.describe('an admin named by ADMIN_EMAILS', () => {
  test('makes a customer admin, whose navigation changes; deletes an account through the modal', async ({
    browser,
    page,
  }) => {
    // The customer and a leaving account register in their own browsers.
    const customerContext = await browser.newContext({
      extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.21' },
    });
    const customerPage = waitingForTheApp(await customerContext.newPage());
    const customer = newAccount('Carl Customer');
    await signUp(customerContext.request, customer);
    await customerPage.goto('/dashboard');
    const customerNav = customerPage.getByRole('navigation', { name: 'Dashboard' });
    await expect(customerNav.getByRole('link')).toHaveText([
      'My Profile',
      'Add A Review',
      'My Orders',
      'My Quotes',
      'My Returns',
      'Quick Order',
      'Saved Lists',
      'Company',
    ]);
    await expect(customerPage.getByText('Test mode:')).toHaveCount(0);

    const leavingContext = await browser.newContext({
      extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.22' },
    });
    const leaving = newAccount('Lea Leaving');
    await signUp(leavingContext.request, leaving);

    const owner = shopOwnerAccount;
    await signInOrUp(page.request, owner);
    await page.goto('/dashboard');
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    await expect(nav.getByRole('link')).toHaveText([
      'Overview',
      'My Profile',
      'Add A Product',
      'Make Admin',
      'Manage Products',
      'Manage All Orders',
      'Companies',
      'Price Lists',
      'Tax & Freight',
      'Quotes',
      'Returns',
      'Credit Notes',
      'Manage Reviews',
      'Audit Log',
      'Webhooks & API Keys',
      'Punchout',
    ]);
    // No Stripe keys here: the admin is told that payments are in test mode.
    await expect(page.getByRole('status').filter({ hasText: 'Test mode:' })).toContainText('no money moves');

    await nav.getByRole('link', { name: 'Make Admin' }).click();
    await expect(page.getByRole('heading', { name: /^All Users \d+$/ })).toBeVisible();
    const customerRow = page.getByRole('row').filter({ hasText: customer.email });
    await expect(customerRow.getByRole('cell').nth(2)).toHaveText('user');
    await customerRow.getByRole('button', { name: 'Make Admin' }).click();
    // It asks first, naming the account; No changes nothing.
    const grant = page.getByRole('dialog');
    await expect(grant.getByRole('heading', { name: 'Make this user an admin?' })).toBeVisible();
    await expect(grant).toContainText(customer.email);
    await grant.getByRole('button', { name: 'Yes, Make Admin' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Admin added successful' })).toBeVisible();
    await expect(customerRow.getByText('Admin', { exact: true })).toBeVisible();
    await expect(customerRow.getByRole('button', { name: 'Make Admin' })).toBeHidden();

    await customerPage.reload();
    await expect(customerNav.getByRole('link')).toHaveText([
      'Overview',
      'My Profile',
      'Add A Product',
      'Make Admin',
      'Manage Products',
      'Manage All Orders',
      'Companies',
      'Price Lists',
      'Tax & Freight',
      'Quotes',
      'Returns',
      'Credit Notes',
      'Manage Reviews',
      'Audit Log',
      'Webhooks & API Keys',
      'Punchout',
    ]);

    // And it can be taken back, also after a question.
    await customerRow.getByRole('button', { name: 'Revoke Admin' }).click();
    const revoke = page.getByRole('dialog');
    await expect(revoke.getByRole('heading', { name: 'Revoke admin rights?' })).toBeVisible();
    await revoke.getByRole('button', { name: 'Yes, Revoke' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: `${customer.email} is no longer an admin` }),
    ).toBeVisible();
    await expect(customerRow.getByRole('button', { name: 'Make Admin' })).toBeVisible();
    await customerPage.reload();
    await expect(customerNav.getByRole('link', { name: 'Make Admin' })).toBeHidden();

    const leavingRow = page.getByRole('row').filter({ hasText: leaving.email });
    await leavingRow.getByRole('button', { name: 'Delete' }).click();
    const modal = page.getByRole('dialog');
    await expect(
      modal.getByRole('heading', { name: 'Are you sure, you want to delete this user?' }),
    ).toBeVisible();
    await modal.getByRole('button', { name: 'Yes Delete' }).click();
    await expect(page.getByRole('alert').filter({ hasText: `${leaving.email} was deleted` })).toBeVisible();
    await expect(leavingRow).toHaveCount(0);

    const ownRow = page.getByRole('row').filter({ hasText: owner.email });
    await expect(ownRow.getByRole('button', { name: 'Delete' })).toBeDisabled();

    await customerContext.close();
    await leavingContext.close();
  });

  test('a customer opening an admin page is told it is not for them', async ({ page, customer: _ }) => {
    await page.goto('/dashboard/makeAdmin');
    await expect(
      page.getByRole('heading', { name: 'You are not authorized to view this page' }),
    ).toBeVisible();
    await expect(page.getByRole('table')).toBeHidden();
  });
});
