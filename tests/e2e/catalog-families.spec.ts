import { readFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import type { FamilyCreated } from '../../src/shared/api/families.schemas';
import { axe, catalogAdminAccount, expect, fillShipTo, LEEDS, signInOrUp, test } from './fixtures';
import { shopUrl } from './support/ports';

/**
 * A manufacturer's catalog (DESIGN §11) as a buyer meets it, at a phone's width and a desktop's:
 * specification filters narrow the drills by voltage and chuck, three candidates are compared side by
 * side, the family's 18 V variant is chosen by its option pickers, three cartons of 50 go in the cart,
 * and the cart checks out.
 */

/** A category of its own for one journey: its attributes, three single drills and a drill family. */
async function drillCatalog(admin: APIRequestContext) {
  const id = randomUUID().slice(0, 6).toUpperCase();
  const category = `Drills ${id}`;
  const slug = `drills-${id.toLowerCase()}`;
  const img = `${shopUrl}/images/tools/cordless-drill.svg`;
  const single = async (sku: string, name: string, price: number, specs: object) => {
    const response = await admin.post('/api/addproduct', {
      data: {
        sku: `${sku}-${id}`,
        name: `${name} ${id}`,
        category,
        img,
        dis: 'A drill for one browser journey.',
        min_order: 100,
        available: 2000,
        price,
        specs,
      },
    });
    expect(response.status(), await response.text()).toBe(201);
  };
  // The category exists once a product is in it; its attributes come next, then the specifications.
  await single('E2E-D20', 'Drill 20V', 64.5, {});
  const attributes = await admin.put(`/api/admin/categories/${slug}/attributes`, {
    data: {
      attributes: [
        { key: 'voltage', name: 'Voltage', type: 'number', unit: 'V' },
        { key: 'chuck', name: 'Chuck', type: 'enum', values: ['10 mm', '13 mm'] },
      ],
    },
  });
  expect(attributes.status(), await attributes.text()).toBe(200);
  const products = (await (await admin.get(`/api/catalog?category=${slug}`)).json()) as {
    items: { _id: string }[];
  };
  await admin.patch(`/api/tools/${products.items[0]?._id ?? ''}`, {
    data: { specs: { voltage: 20, chuck: '13 mm' } },
  });
  await single('E2E-HD18', 'Hammer Drill 18V', 72, { voltage: 18, chuck: '13 mm' });
  await single('E2E-D12', 'Light Drill 12V', 29, { voltage: 12, chuck: '10 mm' });
  await single('E2E-D36', 'Heavy Drill 36V', 149, { voltage: 36, chuck: '13 mm' });
  const variant = (volts: number, chuck: string, price: number) => ({
    sku: `E2E-CDD-${volts}-${chuck.slice(0, 2)}-${id}`,
    options: { Voltage: `${volts} V`, Chuck: chuck },
    price,
    min_order: 100,
    available: 3000,
    orderMultiple: 50,
    specs: { voltage: volts, chuck },
  });
  // The family's datasheet, uploaded as an admin's PDF is.
  const sheet = await admin.post('/api/admin/documents', {
    multipart: {
      file: {
        name: 'compact-drill-datasheet.pdf',
        mimeType: 'application/pdf',
        buffer: readFileSync('content/images/documents/compact-drill-driver-datasheet.pdf'),
      },
    },
  });
  expect(sheet.status(), await sheet.text()).toBe(201);
  const { url: sheetUrl } = (await sheet.json()) as { url: string };
  const family = await admin.post('/api/admin/families', {
    data: {
      name: `Compact Drill ${id}`,
      dis: 'Compact brushless drill, 50 to a carton.',
      category,
      img,
      options: [
        { name: 'Voltage', values: ['12 V', '18 V'] },
        { name: 'Chuck', values: ['10 mm', '13 mm'] },
      ],
      documents: [{ title: `Compact Drill ${id} datasheet`, kind: 'datasheet', url: sheetUrl }],
      variants: [variant(12, '13 mm', 39.9), variant(18, '13 mm', 54.9), variant(18, '10 mm', 49.9)],
    },
  });
  expect(family.status(), await family.text()).toBe(201);
  return { id, slug, family: (await family.json()) as FamilyCreated };
}

for (const width of [375, 1280]) {
  test(`a buyer filters drills by voltage and chuck, compares three, chooses the 18 V variant and orders 3 cartons (${width} px)`, async ({
    page,
    customer: _,
    catalogAdmin,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const { id, slug } = await drillCatalog(catalogAdmin);
    await page.goto(`/shop?category=${slug}&sort=price_asc`);
    await expect(page.getByText('Showing 5 of 5 products')).toBeVisible();
    if (width < 992) await page.getByRole('button', { name: /Filters and sort/ }).click();

    // Voltage 12, 18 or 20 V, then a 13 mm chuck: each tick a new search, its counts beside each value.
    const voltage = page.getByTestId('facet-voltage');
    // Facets count what the list shows, a family once: two 12 V cards, two 18 V (the hammer drill and
    // the family, two of whose variants are 18 V).
    await expect(voltage).toContainText('12 V (2)');
    await expect(voltage).toContainText('18 V (2)');
    for (const volts of ['12 V', '18 V', '20 V']) {
      await voltage.getByLabel(new RegExp(`^${volts}`)).click();
      await expect(voltage.getByLabel(new RegExp(`^${volts}`))).toBeChecked();
    }
    await expect(page.getByText('Showing 4 of 4 products')).toBeVisible();
    await page
      .getByTestId('facet-chuck')
      .getByLabel(/^13 mm/)
      .click();
    await expect(page.getByText('Showing 3 of 3 products')).toBeVisible();
    await expect(page.getByTestId('facet-chuck').getByLabel(/^10 mm/)).toBeEnabled();
    await page.screenshot({ path: `test-results/catalog-filtered-${width}.png`, fullPage: true });
    expect((await axe(page).analyze()).violations).toEqual([]);

    // The family is listed once, by its cheapest match: the 12 V variant.
    const familyCard = page.locator('.tool-card').filter({ hasText: `Compact Drill ${id}` });
    await expect(familyCard).toContainText('$39.90 – $54.90');
    await expect(familyCard.getByRole('link', { name: 'Choose from 3 variants' })).toBeVisible();
    for (const name of [`Drill 20V ${id}`, `Hammer Drill 18V ${id}`, `Compact Drill ${id}, 12 V, 13 mm`]) {
      await page.getByLabel(`Compare ${name}`).check();
    }
    await page.getByRole('link', { name: 'Compare 3' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Compare products' })).toBeVisible();
    const table = page.locator('.compare-table');
    await expect(table.getByRole('columnheader')).toHaveCount(3);
    // Voltage differs across the three; the chuck does not.
    await expect(table.getByRole('row', { name: /Voltage \(differs\)/ })).toBeVisible();
    await expect(table.getByRole('row', { name: /^Chuck 13 mm/ })).not.toHaveClass(/compare-differs/);
    await page.getByLabel('Show only the differences').check();
    await expect(table.getByRole('row', { name: /^Chuck/ })).toHaveCount(0);
    await page.screenshot({ path: `test-results/catalog-compare-${width}.png`, fullPage: true });
    expect((await axe(page).analyze()).violations).toEqual([]);

    // The 12 V variant's page; choosing 18 V opens the 18 V one, and the address follows.
    await table.getByRole('link', { name: `Compact Drill ${id}, 12 V, 13 mm` }).click();
    const twelveUrl = page.url();
    await page.getByLabel('Voltage').selectOption('18 V');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Compact Drill ${id}, 18 V, 13 mm`);
    expect(page.url()).not.toBe(twelveUrl);
    await expect(page.getByText(`E2E-CDD-18-13-${id}`)).toBeVisible();
    await expect(page.getByRole('table').filter({ hasText: 'Voltage' })).toContainText('18 V');
    // The 18 V variant with a 10 mm chuck: 12 V is not made with it, and the list says so; chosen, the
    // page says which other option changed for it.
    await page.getByLabel('Chuck').selectOption('10 mm');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Compact Drill ${id}, 18 V, 10 mm`);
    await expect(page.getByLabel('Voltage').locator('option', { hasText: '12 V' })).toHaveText(
      '12 V (not with 10 mm)',
    );
    await page.getByLabel('Voltage').selectOption('12 V');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Compact Drill ${id}, 12 V, 13 mm`);
    await expect(page.getByTestId('variant-note')).toHaveText(
      'No variant has 12 V with 10 mm: Chuck is 13 mm instead.',
    );
    await page.getByLabel('Voltage').selectOption('18 V');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Compact Drill ${id}, 18 V, 13 mm`);
    await expect(page.getByTestId('variant-note')).toHaveText('');
    // The family's datasheet, listed on every variant's page, is the PDF uploaded.
    const datasheet = page.getByRole('link', { name: `Compact Drill ${id} datasheet` });
    await expect(datasheet).toBeVisible();
    const pdf = await page.request.get((await datasheet.getAttribute('href')) ?? '');
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

    // Three cartons of 50.
    await page.getByLabel('Packs of 50').fill('3');
    await expect(page.getByText('150 units', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: `150 × Compact Drill ${id}, 18 V, 13 mm` }),
    ).toBeVisible();
    await page.screenshot({ path: `test-results/catalog-variant-${width}.png`, fullPage: true });

    await page.goto('/cart');
    const line = page.getByTestId('cart-line');
    await expect(line).toHaveCount(1);
    await expect(line).toContainText('$8,235.00');
    const checkout = page.getByRole('form', { name: 'Check out' });
    await fillShipTo(checkout, LEEDS);
    await checkout.getByLabel('Phone number').fill('441130000000');
    await checkout.getByRole('button', { name: 'Place order' }).click();
    await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('order-line')).toHaveCount(1);
    await expect(page.getByTestId('order-line')).toContainText('150');
  });
}

test('an admin states a product’s specifications by its category’s attributes, then edits them', async ({
  page,
  catalogAdmin,
}) => {
  const { id, slug } = await drillCatalog(catalogAdmin);
  await signInOrUp(page.request, catalogAdminAccount);
  await page.goto('/dashboard/addProduct');
  const addForm = page.getByRole('form', { name: 'Add A Product' });
  await addForm.getByLabel('SKU').fill(`E2E-SPEC-${id}`);
  await addForm.getByLabel('Product name').fill(`Spec Drill ${id}`);
  // The category's attributes appear as fields once it is named: a number with its unit, a choice.
  await addForm.getByLabel('Category').fill(`Drills ${id}`);
  await addForm.getByLabel('Voltage (V)').fill('24');
  await addForm.getByLabel('Chuck').selectOption('10 mm');
  await addForm.getByLabel('Image', { exact: true }).fill(`${shopUrl}/images/tools/cordless-drill.svg`);
  await addForm.getByLabel('Minimum order quantity').fill('100');
  await addForm.getByLabel('Available quantity').fill('800');
  await addForm.getByLabel('Price per unit ($)').fill('44');
  await addForm.getByLabel('Description').fill('A drill whose specifications were typed in the form.');
  await addForm.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Product added' })).toBeVisible();

  // The shop filters by them: 24 V is a facet value now, with this one product.
  const catalog = (await (
    await catalogAdmin.get(`/api/catalog?category=${slug}&spec.voltage=24`)
  ).json()) as {
    items: { _id: string; sku: string; specs: Record<string, unknown> }[];
  };
  expect(catalog.items.map((item) => [item.sku, item.specs])).toEqual([
    [`E2E-SPEC-${id}`, { voltage: 24, chuck: '10 mm' }],
  ]);

  // Edited: the chuck changes, the voltage is cleared (not stated).
  await page.goto(`/dashboard/manageProducts?q=E2E-SPEC-${id}`);
  await page
    .getByRole('row')
    .filter({ hasText: `E2E-SPEC-${id}` })
    .getByRole('button', { name: 'Edit' })
    .click();
  const editForm = page.getByRole('form', { name: 'Edit product' });
  await expect(editForm.getByLabel('Voltage (V)')).toHaveValue('24');
  await expect(editForm.getByLabel('Chuck')).toHaveValue('10 mm');
  await editForm.getByLabel('Chuck').selectOption('13 mm');
  await editForm.getByLabel('Voltage (V)').fill('');
  await editForm.getByRole('button', { name: /Save/ }).click();
  await expect(page.getByRole('alert').filter({ hasText: `Spec Drill ${id}` })).toBeVisible();
  const edited = (await (await catalogAdmin.get(`/api/buyNow/${catalog.items[0]?._id ?? ''}`)).json()) as {
    specs: Record<string, unknown>;
  };
  expect(edited.specs).toEqual({ chuck: '13 mm' });
});

test('an admin declares a category’s specifications in Manage Products, and takes one away', async ({
  page,
  catalogAdmin,
}) => {
  const { id, slug } = await drillCatalog(catalogAdmin);
  await signInOrUp(page.request, catalogAdminAccount);
  await page.goto('/dashboard/manageProducts');
  await page.getByRole('button', { name: 'Specifications' }).click();
  const dialog = page.getByRole('dialog', { name: 'Specifications by category' });
  await dialog.getByLabel('Category').selectOption({ label: `Drills ${id} (7 products)` });
  await expect(dialog.getByTestId('attribute-row')).toHaveCount(2);
  await expect(dialog.getByLabel('Voltage unit')).toHaveValue('V');
  await expect(dialog.getByLabel('Chuck values, separated by commas')).toHaveValue('10 mm, 13 mm');

  // A yes-or-no attribute is added (its key made from its name), and the chuck taken away.
  await dialog.getByRole('button', { name: 'Add an attribute' }).click();
  await dialog.getByLabel('Attribute 3 name').fill('Brushless motor');
  await dialog.getByLabel('Brushless motor type').selectOption('boolean');
  await dialog.getByRole('button', { name: 'Remove Chuck' }).click();
  await dialog.getByRole('button', { name: 'Save specifications' }).click();
  // The four products with a 13 mm or 10 mm chuck lose it, as the dialog said they would.
  await expect(
    page.getByRole('alert').filter({ hasText: `Drills ${id}’s specifications saved;` }),
  ).toBeVisible();
  const category = (await (await catalogAdmin.get(`/api/categories/${slug}`)).json()) as {
    attributes: unknown[];
  };
  expect(category.attributes).toEqual([
    { key: 'voltage', name: 'Voltage', type: 'number', unit: 'V' },
    { key: 'brushless_motor', name: 'Brushless motor', type: 'boolean' },
  ]);
});

test('an admin adds a product family in Manage Products: its options make the variants, one left out', async ({
  page,
  catalogAdmin,
}) => {
  const id = randomUUID().slice(0, 6).toUpperCase();
  await signInOrUp(page.request, catalogAdminAccount);
  await page.goto('/dashboard/manageProducts');
  await page.getByRole('button', { name: 'New family' }).click();
  const dialog = page.getByRole('form', { name: 'New product family' });
  await dialog.getByLabel('Family name').fill(`Site Saw ${id}`);
  await dialog.getByLabel('Category').fill(`Saws ${id}`);
  await dialog.getByLabel('Description').fill('A circular saw in two voltages and two blade sizes.');
  await dialog.getByLabel('Image').fill(`${shopUrl}/images/tools/circular-saw.svg`);
  await dialog.getByLabel('Option 1 name').fill('Voltage');
  await dialog.getByLabel('Option 1 values, separated by commas').fill('18 V, 36 V');
  await dialog.getByRole('button', { name: 'Add an option' }).click();
  await dialog.getByLabel('Option 2 name').fill('Blade');
  await dialog.getByLabel('Option 2 values, separated by commas').fill('165 mm, 190 mm');
  await expect(dialog.getByTestId('variant-row')).toHaveCount(4);
  const variant = async (label: string, sku: string, price: string) => {
    await dialog.getByLabel(`${label} SKU`).fill(`${sku}-${id}`);
    await dialog.getByLabel(`${label} price per unit`).fill(price);
    await dialog.getByLabel(`${label} minimum order`).fill('20');
    await dialog.getByLabel(`${label} available`).fill('400');
  };
  await variant('18 V · 165 mm', 'SAW-18-165', '89');
  await variant('18 V · 190 mm', 'SAW-18-190', '99');
  await variant('36 V · 190 mm', 'SAW-36-190', '149');
  await dialog.getByLabel('Leave out 36 V · 165 mm').check();
  // A variant without its SKU: the server's word, and nothing made.
  await dialog.getByLabel('18 V · 165 mm SKU').fill('');
  await dialog.getByRole('button', { name: 'Add family' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Variant 1 SKU: The SKU is 2 to 40 letters');
  await dialog.getByLabel('18 V · 165 mm SKU').fill(`SAW-18-165-${id}`);
  await dialog.getByRole('button', { name: 'Add family' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: `Site Saw ${id} added with 3 variants` }),
  ).toBeVisible();

  // The shop lists the family once, with its range of prices; every variant is a product.
  const listed = (await (await catalogAdmin.get(`/api/catalog?q=${id}`)).json()) as {
    total: number;
    items: { family: { name: string } | null }[];
  };
  expect(listed.total).toBe(1);
  expect(listed.items[0]?.family?.name).toBe(`Site Saw ${id}`);
  const variants = (await (await catalogAdmin.get(`/api/catalog?q=${id}&variants=true`)).json()) as {
    items: { sku: string; options: Record<string, string> }[];
  };
  expect(variants.items.map((item) => item.sku).sort()).toEqual([
    `SAW-18-165-${id}`,
    `SAW-18-190-${id}`,
    `SAW-36-190-${id}`,
  ]);
});
