import { expect, fillShipTo, newAccount, signInOrUp, signUp, test, waitingForTheApp } from './fixtures';
import { shopUrl } from './support/ports';

const manager = { name: 'Max Manager', email: 'manager@forgeline.test', password: 'manager-e2e-secret' };

test('an admin runs the catalogue and follows an order from payment to shipment', async ({
  browser,
  page,
}) => {
  // The longest journey: two people, a product from creation to deletion.
  test.slow();
  const productName = `Cable Cutter ${Date.now()}`;
  await signInOrUp(page.request, manager);

  // Add a product: the form checks its fields, the toast waits for the server.
  await page.goto('/dashboard/addProduct');
  const addForm = page.getByRole('form', { name: 'Add A Product' });
  await addForm.getByRole('button', { name: 'Add Product' }).click();
  await expect(addForm.getByText('Please Full Fill All Field').first()).toBeVisible();
  await addForm.getByLabel('SKU').fill(`cc-${Date.now()}`);
  await addForm.getByLabel('Product name').fill(productName);
  await addForm.getByLabel('Category').fill('Cable Tools');
  await addForm.getByLabel('Image', { exact: true }).fill('https://cdn.example.com/cable-cutter.png');
  await addForm.getByLabel('Minimum order quantity').fill('100');
  await addForm.getByLabel('Available quantity').fill('800');
  await addForm.getByLabel('Price per unit ($)').fill('18.40');
  await addForm.getByLabel('Description').fill('Ratchet cable cutter for copper and aluminium up to 32 mm.');
  // A volume price break: checked by the same rule as the server's before anything is sent.
  await addForm.getByRole('button', { name: 'Add a price break' }).click();
  await addForm.getByLabel('Break 2: from units').fill('50');
  await addForm.getByLabel('Break 2: price per unit ($)').fill('16.90');
  await addForm.getByRole('button', { name: 'Add Product' }).click();
  await expect(addForm.getByText('Price break 2: its quantity must be above 100 units')).toBeVisible();
  await addForm.getByLabel('Break 2: from units').fill('500');
  await addForm.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Product added' })).toBeVisible();
  await expect(addForm.getByLabel('Product name')).toHaveValue('');

  // A customer finds it on the home grid, buys and pays it.
  const customerContext = await browser.newContext({
    extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.61' },
  });
  // A page of its own context waits for the app too: a Buy Now clicked before hydration did nothing,
  // and the journey waited out its time for the form (CI, once in a run).
  const shopper = waitingForTheApp(await customerContext.newPage());
  await signUp(customerContext.request, newAccount('Cora Customer'));
  await shopper.goto('/');
  const card = shopper.locator('#our-products').getByRole('article').filter({ hasText: productName });
  await expect(card).toContainText('$18.40 per unit');
  await expect(card).toContainText('from $16.90 at 500+ units');
  await expect(card).toContainText('Cable Tools');
  await card.getByRole('button', { name: 'Buy Now' }).click();
  const buy = shopper.getByRole('form', { name: 'Buy Now' });
  await fillShipTo(buy, {
    line1: '3 Copper Street',
    city: 'Pittsburgh',
    region: 'PA',
    postalCode: '15222',
    country: 'US',
  });
  await buy.getByLabel('Phone number').fill('5550123');
  await buy.getByRole('button', { name: 'Buy Now' }).click();
  await expect(
    shopper.getByRole('alert').filter({ hasText: 'Item added to your purchase list' }),
  ).toBeVisible();
  await shopper.goto('/dashboard/myOrder');
  await shopper
    .getByRole('row')
    .filter({ hasText: productName })
    .getByRole('link', { name: 'Pay Now' })
    .click();
  const pay = shopper.getByRole('form', { name: 'Card payment' });
  await pay.getByLabel('Card number').fill('4242424242424242');
  await pay.getByLabel('Expiry (MM / YY)').fill('1233');
  await pay.getByLabel('CVC').fill('321');
  await pay.getByRole('button', { name: 'Pay' }).click();
  await expect(shopper.getByRole('heading', { name: 'Your payment is completed' })).toBeVisible();

  // The admin sees it paid among all orders and marks it shipped.
  await page.goto('/dashboard/manageAllOrders');
  await page.getByLabel('Show orders that are').selectOption('paid');
  const row = page.getByRole('row').filter({ hasText: productName });
  await expect(row).toContainText('$1,963.12');
  await expect(row.getByText('Paid', { exact: true })).toBeVisible();

  // On the order's page the admin ships part of it: 40 units go now, with their tracking.
  await row.getByRole('link', { name: /^Order \d+: / }).click();
  const shipSome = page.getByRole('form', { name: 'Ship some units' });
  const units = shipSome.getByRole('spinbutton', { name: /^Units of .+ to ship$/ });
  // Empty until the clerk says what leaves; one click fills in every unit ready.
  await expect(units).toHaveValue('');
  await shipSome.getByRole('button', { name: 'Fill in every unit ready' }).click();
  await expect(units).toHaveValue('100');
  await units.fill('40');
  await shipSome.getByRole('button', { name: 'Ship these units' }).click();
  await expect(shipSome.getByText(/Please name the carrier/)).toBeVisible();
  await shipSome.getByLabel('Carrier').fill('UPS');
  await shipSome.getByLabel('Tracking number (optional)').fill('1Z999AA10123456784');
  await shipSome.getByRole('button', { name: 'Ship these units' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /^Shipment of order \d+ recorded/ })).toBeVisible();
  await expect(page.getByText('Partially shipped', { exact: true })).toBeVisible();
  const shipments = page.getByRole('list', { name: /^Shipments of order/ });
  await expect(shipments).toContainText('UPS, tracking 1Z999AA10123456784');
  await expect(shipments.getByRole('link', { name: '1Z999AA10123456784' })).toHaveAttribute(
    'href',
    'https://www.ups.com/track?tracknum=1Z999AA10123456784',
  );
  // What is left is 60 units.
  await shipSome.getByRole('button', { name: 'Fill in every unit ready' }).click();
  await expect(shipSome.getByRole('spinbutton', { name: /^Units of .+ to ship$/ })).toHaveValue('60');
  // The buyer's order page tells the same story.
  await shopper.goto('/dashboard/myOrder');
  await shopper
    .getByRole('row')
    .filter({ hasText: productName })
    .getByRole('link', { name: /^Order \d+$/ })
    .click();
  const timeline = shopper.getByRole('list', { name: /^Timeline of order/ });
  await expect(timeline.getByRole('listitem')).toHaveCount(3);
  await expect(timeline).toContainText('Shipped · part of the order');
  await expect(shopper.getByText('40 of 100 shipped')).toBeVisible();

  // Half the line was ordered twice: the admin cancels 50 of the 60 left; the buyer's card is refunded.
  const cancelUnits = page.getByRole('form', { name: 'Cancel units' });
  await cancelUnits.getByRole('spinbutton', { name: /^Units of .+ to cancel$/ }).fill('50');
  await cancelUnits.getByLabel(/^Reason/).fill('Fifty were ordered twice');
  await cancelUnits.getByRole('button', { name: 'Cancel these units' }).click();
  // Asked first, with the money that goes back and where.
  const cancelling = page.getByRole('dialog', { name: /^Cancel units of order \d+\?$/ });
  await expect(cancelling).toContainText(
    /50 units are cancelled\. A credit note gives back \$[\d,.]+, refunded to the card/,
  );
  await page.screenshot({ path: 'test-results/cancel-units-confirm-1280.png' });
  await cancelling.getByRole('button', { name: 'Cancel the units' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /^Units of order \d+ cancelled/ })).toBeVisible();
  const credits = page.getByRole('list', { name: /^Credit notes and refunds of order/ });
  await expect(credits).toContainText('Fifty were ordered twice');
  await expect(credits).toContainText(/\$[\d,.]+ refunded to the card/);
  await shipSome.getByRole('button', { name: 'Fill in every unit ready' }).click();
  await expect(shipSome.getByRole('spinbutton', { name: /^Units of .+ to ship$/ })).toHaveValue('10');
  // The buyer sees the credit note (its PDF) and the refund on the order's page.
  await shopper.reload();
  await expect(shopper.getByText('40 of 100 shipped · 50 cancelled')).toBeVisible();
  const creditNote = shopper
    .getByRole('list', { name: /^Credit notes and refunds of order/ })
    .getByRole('link', { name: /^Credit note CN-\d+$/ });
  const pdf = await shopper.request.get((await creditNote.getAttribute('href')) ?? '');
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  await expect(shopper.getByRole('list', { name: /^Timeline of order/ })).toContainText('Units cancelled');

  // The rest goes with 'Mark shipped' from the list.
  await page.goto('/dashboard/manageAllOrders');
  await page.getByLabel('Show orders that are').selectOption('partially_shipped');
  await row.getByRole('button', { name: 'Mark shipped' }).click();
  // It asks first, naming the order, and for the carrier (the tracking number is optional).
  const ship = page.getByRole('dialog');
  await expect(ship.getByRole('heading', { name: /^Ship order \d+\?$/ })).toBeVisible();
  await ship.getByRole('button', { name: 'Yes, mark shipped' }).click();
  await expect(ship.getByText('Please name the carrier')).toBeVisible();
  await ship.getByLabel('Carrier').fill('DHL Freight');
  await ship.getByLabel('Tracking number (optional)').fill('JD014600003');
  await ship.getByRole('button', { name: 'Yes, mark shipped' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The order is marked shipped' })).toBeVisible();
  await page.getByLabel('Show orders that are').selectOption('shipped');
  await expect(
    page.getByRole('row').filter({ hasText: productName }).getByText('Shipped', { exact: true }),
  ).toBeVisible();

  await shopper.goto('/dashboard/myOrder');
  await expect(
    shopper.getByRole('row').filter({ hasText: productName }).getByText('Shipped', { exact: true }),
  ).toBeVisible();
  await customerContext.close();

  // Edit the price, then delete the product through the modal.
  await page.goto('/dashboard/manageProducts');
  const productRow = page.getByRole('row').filter({ hasText: productName });
  await productRow.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('form', { name: 'Edit product' });
  await edit.getByLabel('Price per unit ($)', { exact: true }).fill('17.90');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('alert').filter({ hasText: `${productName} was updated` })).toBeVisible();

  await productRow.getByRole('button', { name: 'Delete' }).click();
  const modal = page.getByRole('dialog');
  await expect(
    modal.getByRole('heading', { name: 'Are you sure, you want to delete this product?' }),
  ).toBeVisible();
  await modal.getByRole('button', { name: 'Yes Delete' }).click();
  await expect(page.getByRole('alert').filter({ hasText: `${productName} was deleted` })).toBeVisible();
  await expect(productRow).toHaveCount(0);
  await page.goto('/');
  await expect(
    page.locator('#our-products').getByRole('article').filter({ hasText: productName }),
  ).toHaveCount(0);
});

test('an admin deletes a review that does not belong on the home page', async ({ page, browser }) => {
  const reviewerContext = await browser.newContext({
    extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.71' },
  });
  await signUp(reviewerContext.request, newAccount('Rex Reviewer'));
  const text = `Buy cheap watches at spam ${Date.now()}`;
  const added = await reviewerContext.request.post('/api/addreview', {
    data: { name: 'Rex', img: 'https://example.com/rex.png', customer_review: text, rating: 5 },
    headers: { origin: shopUrl },
  });
  expect(added.status(), await added.text()).toBe(201);
  await reviewerContext.close();

  await signInOrUp(page.request, manager);
  await page.goto('/dashboard/manageReviews');
  const row = page.getByRole('row').filter({ hasText: text });
  await row.getByRole('button', { name: 'Delete' }).click();
  const modal = page.getByRole('dialog');
  await expect(modal.getByRole('heading', { name: 'Delete this review?' })).toBeVisible();
  await modal.getByRole('button', { name: 'Yes Delete' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The review was deleted' })).toBeVisible();
  await expect(row).toHaveCount(0);
  await page.goto('/');
  await expect(page.getByText(text)).toHaveCount(0);
});
