import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogPage, Tool } from '../../shared/api/catalog.schemas';
import type { ErrorBody } from '../../shared/api/errors';
import type { Family, FamilyCreated } from '../../shared/api/families.schemas';
import type { ImportReport } from '../../shared/api/products.schemas';
import { type TestUser, injectAs, signUp, signUpAdmin } from '../test/auth-helpers';
import { placeOrderAs } from '../test/order-helpers';
import { createTestApp } from '../test/test-app';

/**
 * Product families (DESIGN §11): a family and its variants through POST /api/admin/families, each
 * variant a product every specification call takes (GET /api/tools, /api/buyNow, POST /api/purchase,
 * the CSV), the catalog listing a family once by its first match, and edits, new and retired variants.
 */

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let admin: TestUser;
let buyer: TestUser;
let driver: FamilyCreated;

const message = (response: { json: () => unknown }) => (response.json() as ErrorBody).error.message;

const variant = (sku: string, voltage: string, price: number, extra: object = {}) => ({
  sku,
  options: { Voltage: voltage },
  price,
  min_order: 100,
  available: 1000,
  ...extra,
});

const family = {
  name: 'Impact Driver',
  dis: 'Compact brushless impact driver with a 1/4" hex chuck.',
  category: 'Power Drivers',
  img: '/images/tools/impact-driver.svg',
  options: [{ name: 'Voltage', values: ['12 V', '18 V', '36 V'] }],
  variants: [
    variant('FT-IMP-12V', '12 V', 59, { specs: { voltage: 12 } }),
    variant('FT-IMP-18V', '18 V', 79, { specs: { voltage: 18 }, weightKg: 1.4 }),
    variant('FT-IMP-36V', '36 V', 129, {
      specs: { voltage: 36 },
      priceTiers: [
        { minQuantity: 100, price: 129 },
        { minQuantity: 500, price: 119 },
      ],
    }),
  ],
};

beforeAll(async () => {
  ctx = await createTestApp();
  [admin, buyer] = await Promise.all([signUpAdmin(ctx.app, ctx.db), signUp(ctx.app)]);
  // The category's attributes first: the variants' specifications are checked against them.
  await injectAs(ctx.app, admin, {
    method: 'POST',
    url: '/api/addproduct',
    payload: {
      sku: 'FT-OTHER',
      name: 'Some other driver',
      img: '/images/tools/impact-driver.svg',
      dis: 'Not in a family',
      category: 'Power Drivers',
      min_order: 100,
      available: 500,
      price: 99,
    },
  });
  await injectAs(ctx.app, admin, {
    method: 'PUT',
    url: '/api/admin/categories/power-drivers/attributes',
    payload: { attributes: [{ key: 'voltage', name: 'Voltage', type: 'number', unit: 'V' }] },
  });
  const response = await injectAs(ctx.app, admin, {
    method: 'POST',
    url: '/api/admin/families',
    payload: family,
  });
  expect(response.statusCode, response.body).toBe(201);
  driver = response.json<FamilyCreated>();
});
afterAll(async () => {
  await ctx.app.close();
});

describe('a family and its variants', () => {
  it('answers the variants it made, each a product with the family on it', async () => {
    expect(driver.variants.map((v) => [v.sku, v.options])).toEqual([
      ['FT-IMP-12V', { Voltage: '12 V' }],
      ['FT-IMP-18V', { Voltage: '18 V' }],
      ['FT-IMP-36V', { Voltage: '36 V' }],
    ]);
    const eighteen = driver.variants[1]?.toolId ?? '';
    const tool = (await ctx.app.inject({ method: 'GET', url: `/api/buyNow/${eighteen}` })).json<Tool>();
    expect(tool).toMatchObject({
      sku: 'FT-IMP-18V',
      name: 'Impact Driver, 18 V',
      dis: family.dis,
      category: { slug: 'power-drivers' },
      price: 79,
      weightKg: 1.4,
      specs: { voltage: 18 },
      options: { Voltage: '18 V' },
      family: {
        _id: driver._id,
        name: 'Impact Driver',
        options: family.options,
        variants: 3,
        minPrice: 59,
        maxPrice: 129,
      },
    });
    // GET /api/tools (the spec's call) lists every variant, a product on its own has no family.
    const all = (await ctx.app.inject({ method: 'GET', url: '/api/tools' })).json<Tool[]>();
    expect(all.filter((t) => t.family?._id === driver._id)).toHaveLength(3);
    expect(all.find((t) => t.sku === 'FT-OTHER')?.family).toBeNull();
  });

  it('answers GET /api/families/{id} with the variants in the options’ order', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/families/${driver._id}` });
    expect(response.statusCode).toBe(200);
    const answered = response.json<Family>();
    expect(answered).toMatchObject({ name: 'Impact Driver', options: family.options });
    expect(answered.variants.map((v) => v.sku)).toEqual(['FT-IMP-12V', 'FT-IMP-18V', 'FT-IMP-36V']);
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: '/api/families/00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('sells a variant through the spec’s POST /api/purchase', async () => {
    const order = await placeOrderAs(ctx.app, buyer, driver.variants[1]?.toolId ?? '', { quantity: 100 });
    expect(order).toMatchObject({ quantity: 100, amount: 7900 });
  });

  it('lists a family once in the catalog, by its first match, and counts it once', async () => {
    const page = (
      await ctx.app.inject({ method: 'GET', url: '/api/catalog?category=power-drivers&sort=price_asc' })
    ).json<CatalogPage>();
    expect(page.items.map((item) => item.sku)).toEqual(['FT-IMP-12V', 'FT-OTHER']);
    expect(page.total).toBe(2);
    // Filtered to 18 V and above, the family's first match is the 18 V variant.
    const filtered = (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/catalog?category=power-drivers&sort=price_asc&spec.voltage=15..',
      })
    ).json<CatalogPage>();
    expect(filtered.items.map((item) => item.sku)).toEqual(['FT-IMP-18V']);
    // Facets count what the list shows: a family once per value its variants have.
    expect(filtered.facets[0]?.values).toEqual([
      { value: 12, count: 1 },
      { value: 18, count: 1 },
      { value: 36, count: 1 },
    ]);
    // Every variant when asked (the admin's product list).
    const every = (
      await ctx.app.inject({ method: 'GET', url: '/api/catalog?category=power-drivers&variants=true' })
    ).json<CatalogPage>();
    expect(every.total).toBe(4);
  });

  it('keeps a family once across pages of one product each', async () => {
    const seen: string[] = [];
    let cursor = '';
    for (let i = 0; i < 5; i++) {
      const page = (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/catalog?category=power-drivers&sort=name&limit=1${cursor ? `&cursor=${cursor}` : ''}`,
        })
      ).json<CatalogPage>();
      seen.push(...page.items.map((item) => item.sku));
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
    expect(seen).toEqual(['FT-IMP-12V', 'FT-OTHER']);
  });

  it('keeps a family once, by its best match, across pages of a search by relevance', async () => {
    const seen: string[] = [];
    let cursor = '';
    let total = 0;
    for (let i = 0; i < 5; i++) {
      const page = (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/catalog?q=impact&limit=1${cursor ? `&cursor=${cursor}` : ''}`,
        })
      ).json<CatalogPage>();
      total = page.total;
      seen.push(...page.items.map((item) => item.sku));
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
    // Every variant matches "impact"; the family is listed once, and counted once.
    expect(seen.filter((sku) => sku.startsWith('FT-IMP-'))).toHaveLength(1);
    expect(seen).toHaveLength(total);
  });

  it('refuses variants whose options do not fit, twins and taken SKUs, all named at once', async () => {
    const response = await injectAs(ctx.app, admin, {
      method: 'POST',
      url: '/api/admin/families',
      payload: {
        ...family,
        name: 'Another driver',
        variants: [
          variant('FT-X-1', '24 V', 10),
          variant('FT-X-2', '12 V', 10),
          variant('FT-X-3', '12 V', 10),
          variant('FT-IMP-12V', '18 V', 10),
          { ...variant('FT-X-4', '36 V', 10), options: { Voltage: '36 V', Colour: 'red' } },
        ],
      },
    });
    expect(response.statusCode).toBe(400);
    const text = message(response);
    expect(text).toContain('FT-X-1: Voltage is one of 12 V, 18 V, 36 V (not 24 V)');
    expect(text).toContain('FT-X-3: FT-X-2 already has these options');
    expect(text).toContain('FT-IMP-12V');
    expect(text).toContain('FT-X-4: The family has no option Colour');
    // Nothing was stored.
    const skus = (await ctx.app.inject({ method: 'GET', url: '/api/tools' }))
      .json<Tool[]>()
      .map((t) => t.sku);
    expect(skus).not.toContain('FT-X-2');
  });

  it('checks a variant’s specifications against the family’s category', async () => {
    const response = await injectAs(ctx.app, admin, {
      method: 'POST',
      url: `/api/admin/families/${driver._id}/variants`,
      payload: variant('FT-IMP-36V-B', '36 V', 10, { specs: { voltage: 'high' } }),
    });
    expect(response.statusCode).toBe(400);
  });

  it('edits the family: new options values, name and description reach every variant', async () => {
    const refused = await injectAs(ctx.app, admin, {
      method: 'PATCH',
      url: `/api/admin/families/${driver._id}`,
      payload: { options: [{ name: 'Voltage', values: ['12 V', '18 V'] }] },
    });
    expect(refused.statusCode).toBe(409);
    expect(message(refused)).toMatch(/FT-IMP-36V: Voltage is one of 12 V, 18 V \(not 36 V\)/);
    const edited = await injectAs(ctx.app, admin, {
      method: 'PATCH',
      url: `/api/admin/families/${driver._id}`,
      payload: {
        name: 'Brushless Impact Driver',
        dis: 'Now brushless.',
        options: [{ name: 'Voltage', values: ['12 V', '18 V', '24 V', '36 V'] }],
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const added = await injectAs(ctx.app, admin, {
      method: 'POST',
      url: `/api/admin/families/${driver._id}/variants`,
      payload: variant('FT-IMP-24V', '24 V', 99, { specs: { voltage: 24 } }),
    });
    expect(added.statusCode, added.body).toBe(201);
    const answered = (
      await ctx.app.inject({ method: 'GET', url: `/api/families/${driver._id}` })
    ).json<Family>();
    expect(answered.variants.map((v) => [v.sku, v.name, v.dis])).toEqual([
      ['FT-IMP-12V', 'Brushless Impact Driver, 12 V', 'Now brushless.'],
      ['FT-IMP-18V', 'Brushless Impact Driver, 18 V', 'Now brushless.'],
      ['FT-IMP-24V', 'Brushless Impact Driver, 24 V', 'Now brushless.'],
      ['FT-IMP-36V', 'Brushless Impact Driver, 36 V', 'Now brushless.'],
    ]);
  });

  it('retires a variant; the order that bought one keeps its details', async () => {
    const twelve = driver.variants[0]?.toolId ?? '';
    const wrongFamily = await injectAs(ctx.app, admin, {
      method: 'DELETE',
      url: `/api/admin/families/00000000-0000-4000-8000-000000000000/variants/${twelve}`,
    });
    expect(wrongFamily.statusCode).toBe(404);
    const retired = await injectAs(ctx.app, admin, {
      method: 'DELETE',
      url: `/api/admin/families/${driver._id}/variants/${twelve}`,
    });
    expect(retired.statusCode).toBe(200);
    const answered = (
      await ctx.app.inject({ method: 'GET', url: `/api/families/${driver._id}` })
    ).json<Family>();
    expect(answered.variants.map((v) => v.sku)).toEqual(['FT-IMP-18V', 'FT-IMP-24V', 'FT-IMP-36V']);
  });

  it('keeps a variant in its family’s category', async () => {
    const response = await injectAs(ctx.app, admin, {
      method: 'PATCH',
      url: `/api/tools/${driver.variants[1]?.toolId ?? ''}`,
      payload: { category: 'Hand Tools' },
    });
    expect(response.statusCode).toBe(400);
    expect(message(response)).toMatch(/family's category/);
  });

  it('round-trips variants through the catalog CSV unchanged', async () => {
    const csv = (await injectAs(ctx.app, admin, { method: 'GET', url: '/api/admin/products.csv' })).body;
    const [header] = csv.replace(/^\uFEFF/, '').split(/\r?\n/);
    expect(header).toContain('family');
    expect(header).toContain('option.voltage');
    expect(csv).toMatch(/FT-IMP-18V,.*Brushless Impact Driver.*18 V/);
    const again = await injectAs(ctx.app, admin, {
      method: 'POST',
      url: '/api/admin/products/import',
      headers: { 'content-type': 'text/csv' },
      payload: csv,
    });
    expect(again.json<ImportReport>()).toMatchObject({ errors: [], created: 0, updated: 0 });
  });

  it('adds a variant from a CSV row naming its family and options, refusing twins and moves', async () => {
    const csv = (await injectAs(ctx.app, admin, { method: 'GET', url: '/api/admin/products.csv' })).body;
    const [header = '', ...lines] = csv.replace(/^\uFEFF/, '').split(/\r?\n/);
    const eighteen = lines.find((line) => line.startsWith('FT-IMP-18V,')) ?? '';
    const other = lines.find((line) => line.startsWith('FT-OTHER,')) ?? '';
    const newVariant = eighteen.replace('FT-IMP-18V', 'FT-IMP-12V-NEW').replace(/18 V$/, '12 V');
    const twin = eighteen.replace('FT-IMP-18V', 'FT-IMP-TWIN').replace(/18 V$/, '36 V');
    // Its cells have no commas: the family cell is set by its column.
    const cells = other.split(',');
    cells[header.split(',').indexOf('family')] = 'Brushless Impact Driver';
    cells[header.split(',').indexOf('option.voltage')] = '24 V';
    const moved = cells.join(',');
    const import_ = (rows: string[], commit = false) =>
      injectAs(ctx.app, admin, {
        method: 'POST',
        url: `/api/admin/products/import?commit=${commit}`,
        headers: { 'content-type': 'text/csv' },
        payload: [header, ...rows].join('\n'),
      });
    const refused = (await import_([newVariant, twin, moved])).json<ImportReport>();
    expect(refused.errors.map((error) => error.message)).toEqual([
      'FT-IMP-36V already has these options',
      'family: FT-OTHER is a product on its own; add a variant to the family instead',
    ]);
    const added = await import_([newVariant], true);
    expect(added.json<ImportReport>()).toMatchObject({ created: 1, errors: [] });
    const answered = (
      await ctx.app.inject({ method: 'GET', url: `/api/families/${driver._id}` })
    ).json<Family>();
    expect(answered.variants.map((v) => [v.sku, v.options.Voltage])[0]).toEqual(['FT-IMP-12V-NEW', '12 V']);
  });
});
