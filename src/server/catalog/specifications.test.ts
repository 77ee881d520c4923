import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogPage, CategoryDetail, Tool } from '../../shared/api/catalog.schemas';
import type { ErrorBody } from '../../shared/api/errors';
import type { ImportReport } from '../../shared/api/products.schemas';
import {
  type CategoryAttribute,
  type ProductSpecs,
  parseSpecFilter,
  type SpecFilter,
  specsMatch,
} from '../../shared/domain/specifications';
import { products } from '../db/schema';
import { findOrCreateCategory } from '../records/products.repository';
import { type TestUser, injectAs, signUp, signUpAdmin } from '../test/auth-helpers';
import { insertTool } from '../test/factories';
import { createTestApp } from '../test/test-app';

/**
 * Specifications (DESIGN §11): a category's typed attributes, products' values checked against them
 * on every way in (add, edit, CSV), `spec.<key>` filters and facet counts that agree with a
 * brute-force count over a generated catalog.
 */

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let admin: TestUser;
let customer: TestUser;

const DRIVER_ATTRIBUTES: CategoryAttribute[] = [
  { key: 'voltage', name: 'Voltage', type: 'number', unit: 'V' },
  { key: 'chuck', name: 'Chuck size', type: 'enum', values: ['6.35 mm hex', '10 mm', '13 mm'] },
  { key: 'brushless', name: 'Brushless', type: 'boolean' },
  { key: 'note', name: 'Note', type: 'text' },
];

/** The generated catalog: every spec as stored, by SKU, for the brute-force count. */
const generated = new Map<string, ProductSpecs & { _category: string }>();

beforeAll(async () => {
  ctx = await createTestApp();
  [admin, customer] = await Promise.all([signUpAdmin(ctx.app, ctx.db), signUp(ctx.app)]);
  await findOrCreateCategory(ctx.db, 'power-drivers', 'Power Drivers');
  await findOrCreateCategory(ctx.db, 'drill-bits', 'Drill Bits');
  const put = await injectAs(ctx.app, admin, {
    method: 'PUT',
    url: '/api/admin/categories/power-drivers/attributes',
    payload: { attributes: DRIVER_ATTRIBUTES },
  });
  expect(put.statusCode, put.body).toBe(200);
  await injectAs(ctx.app, admin, {
    method: 'PUT',
    url: '/api/admin/categories/drill-bits/attributes',
    payload: {
      attributes: [
        { key: 'diameter', name: 'Diameter', type: 'number', unit: 'mm' },
        { key: 'voltage', name: 'Voltage', type: 'number', unit: 'V' },
      ],
    },
  });
  // A generated catalog: 120 drivers whose specs follow a fixed pattern, some without a value.
  const voltages = [12, 18, 36];
  const chucks = ['6.35 mm hex', '10 mm', '13 mm'];
  for (let i = 0; i < 120; i++) {
    const specs: ProductSpecs = { voltage: voltages[i % 3] as number };
    if (i % 4 !== 0) specs.chuck = chucks[i % 5 === 0 ? 0 : (i % 7) % 3] as string;
    if (i % 6 !== 0) specs.brushless = i % 2 === 0;
    const word = i % 2 === 0 ? 'impact' : 'drill';
    const sku = `PD-${i}`;
    await insertTool(ctx.db, {
      sku,
      name: `Cordless ${word} driver ${i}`,
      category: 'Power Drivers',
      specs,
      priceCents: 5000 + i * 10,
    });
    generated.set(sku, { ...specs, _category: 'power-drivers' });
  }
  for (let i = 0; i < 30; i++) {
    const specs: ProductSpecs = { diameter: 2 + (i % 10) };
    await insertTool(ctx.db, { sku: `DB-${i}`, name: `Drill bit ${i}`, category: 'Drill Bits', specs });
    generated.set(`DB-${i}`, { ...specs, _category: 'drill-bits' });
  }
}, 60_000);
afterAll(async () => {
  await ctx.app.close();
});

const catalog = async (query: string) => {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/catalog?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CatalogPage>();
};

/** Every SKU a search answers, page after page. */
async function allSkus(query: string): Promise<string[]> {
  const skus: string[] = [];
  let cursor = '';
  for (;;) {
    const page = await catalog(`${query}&limit=60${cursor ? `&cursor=${cursor}` : ''}`);
    skus.push(...page.items.map((item) => item.sku));
    if (!page.nextCursor) return skus.sort();
    cursor = page.nextCursor;
  }
}

/** The filters a query string gives, read by the same rule the API reads them. */
function filtersOf(spec: Record<string, string[]>): SpecFilter[] {
  return Object.entries(spec).map(([key, values]) => parseSpecFilter(key, values) as SpecFilter);
}

/** A facet's counts by brute force: the generated products that pass every other filter. */
function bruteCounts(category: string, filters: SpecFilter[], key: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const specs of generated.values()) {
    if (specs._category !== category) continue;
    if (!filters.filter((filter) => filter.key !== key).every((filter) => specsMatch(specs, filter)))
      continue;
    const value = specs[key];
    if (value !== undefined) counts.set(JSON.stringify(value), (counts.get(JSON.stringify(value)) ?? 0) + 1);
  }
  return counts;
}

describe('category attributes', () => {
  it('answers a category with its attributes, publicly', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/categories/power-drivers' });
    expect(response.statusCode).toBe(200);
    expect(response.json<CategoryDetail>()).toEqual({
      slug: 'power-drivers',
      name: 'Power Drivers',
      attributes: DRIVER_ATTRIBUTES,
    });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/categories/no-such' })).statusCode).toBe(404);
  });

  it('takes attributes from admins only, and refuses malformed ones with the reason', async () => {
    const url = '/api/admin/categories/power-drivers/attributes';
    const asCustomer = await injectAs(ctx.app, customer, { method: 'PUT', url, payload: { attributes: [] } });
    expect(asCustomer.statusCode).toBe(403);
    for (const [attributes, reason] of [
      [[{ key: 'Voltage', name: 'V', type: 'number' }], /attribute key/],
      [[{ key: 'chuck', name: 'Chuck', type: 'enum' }], /list its values/],
      [[{ key: 'chuck', name: 'Chuck', type: 'number', values: ['1'] }], /only an enum lists values/],
      [
        [
          { key: 'a', name: 'A', type: 'text' },
          { key: 'a', name: 'A', type: 'text' },
        ],
        /declared once/,
      ],
      [[{ key: 'a', name: 'A', type: 'colour' }], /number, enum, boolean or text/],
    ] as const) {
      const response = await injectAs(ctx.app, admin, { method: 'PUT', url, payload: { attributes } });
      expect(response.statusCode, JSON.stringify(attributes)).toBe(400);
      expect(response.json<ErrorBody>().error.message).toMatch(reason);
    }
  });

  it('refuses a type change that the products’ values do not fit, naming them', async () => {
    const response = await injectAs(ctx.app, admin, {
      method: 'PUT',
      url: '/api/admin/categories/power-drivers/attributes',
      payload: {
        attributes: DRIVER_ATTRIBUTES.map((attribute) =>
          attribute.key === 'chuck' ? { ...attribute, values: ['10 mm', '13 mm'] } : attribute,
        ),
      },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json<ErrorBody>().error.message).toMatch(
      /chuck: \d+ products hold "6.35 mm hex" \(PD-\d+ among them\)/,
    );
  });
});

describe('filters and facets', () => {
  const cases: { name: string; spec: Record<string, string[]>; extra?: string }[] = [
    { name: 'one value', spec: { voltage: ['18'] } },
    { name: 'any of two values', spec: { voltage: ['12', '36'] } },
    { name: 'two attributes', spec: { voltage: ['18'], chuck: ['13 mm', '10 mm'] } },
    { name: 'a range', spec: { voltage: ['10..20'] } },
    { name: 'an open range', spec: { voltage: ['20..'] } },
    { name: 'a boolean with a search', spec: { brushless: ['true'] }, extra: '&q=impact' },
    { name: 'three attributes', spec: { voltage: ['12', '18'], chuck: ['10 mm'], brushless: ['false'] } },
  ];
  for (const { name, spec, extra = '' } of cases) {
    it(`matches and counts as a brute force does: ${name}`, async () => {
      const query =
        'category=power-drivers' +
        extra +
        Object.entries(spec)
          .flatMap(([key, values]) => values.map((value) => `&spec.${key}=${encodeURIComponent(value)}`))
          .join('');
      const filters = filtersOf(spec);
      const word = extra ? /impact/ : /./;
      const expected = [...generated.entries()]
        .filter(([sku, specs]) => specs._category === 'power-drivers' && sku.startsWith('PD-'))
        .filter(([sku]) =>
          word.test(`Cordless ${Number(sku.slice(3)) % 2 === 0 ? 'impact' : 'drill'} driver`),
        )
        .filter(([, specs]) => filters.every((filter) => specsMatch(specs, filter)))
        .map(([sku]) => sku)
        .sort();
      // The search's own products are the generated ones (other tests add a few drivers of their own).
      const skus = (await allSkus(query)).filter((sku) => sku.startsWith('PD-'));
      expect(skus).toEqual(expected);
      const page = await catalog(query);
      for (const key of ['voltage', 'chuck', 'brushless']) {
        const facet = page.facets.find((candidate) => candidate.key === key);
        const brute = bruteCounts('power-drivers', filters, key);
        // Keyed by the value's JSON, so 18 and "18" stay apart; values chosen but matched by none count 0.
        const answered = new Map(
          (facet?.values ?? [])
            .filter((value) => value.count > 0)
            .map((value) => [JSON.stringify(value.value), value.count]),
        );
        if (!extra) expect(answered).toEqual(brute);
        else expect([...answered.values()].reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
      }
    });
  }

  it('names facets as their attributes do, in their order, with enum values as declared', async () => {
    const page = await catalog('category=power-drivers');
    expect(page.facets.map((facet) => facet.key)).toEqual(['voltage', 'chuck', 'brushless']);
    const chuck = page.facets[1];
    expect(chuck).toMatchObject({ name: 'Chuck size', type: 'enum', unit: null });
    expect(chuck?.values.map((value) => value.value)).toEqual(['6.35 mm hex', '10 mm', '13 mm']);
    expect(page.facets[0]).toMatchObject({ name: 'Voltage', unit: 'V' });
  });

  it('counts facets across categories without one, a key two categories declare as one facet', async () => {
    const page = await catalog('q=');
    // Categories by name: Drill Bits declares diameter and voltage first.
    expect(page.facets.map((facet) => facet.key)).toEqual(['diameter', 'voltage', 'chuck', 'brushless']);
    // Filtered by a voltage, no drill bit matches: the diameter facet has nothing to count.
    const filtered = await catalog('spec.voltage=18');
    expect(filtered.facets.map((facet) => facet.key)).toEqual(['voltage', 'chuck', 'brushless']);
  });

  it('refuses malformed filters with the reason', async () => {
    for (const [query, reason] of [
      ['spec.Voltage=18', /spec.Voltage is not a specification filter/],
      ['spec.voltage=', /spec.voltage needs a value/],
      ['spec.voltage=20..10', /the low end is above the high end/],
      ['spec.voltage=..', /needs a low or a high end/],
    ] as const) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/catalog?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json<ErrorBody>().error.message).toMatch(reason);
    }
  });
});

describe('product specifications on every way in', () => {
  const product = {
    name: 'Impact Driver 18V',
    img: 'https://cdn.example.com/driver.png',
    dis: 'Compact impact driver',
    category: 'Power Drivers',
    min_order: 100,
    available: 500,
    price: 89,
  };

  it('adds a product with typed specifications and answers them', async () => {
    const response = await injectAs(ctx.app, admin, {
      method: 'POST',
      url: '/api/addproduct',
      payload: { ...product, sku: 'ID-18', specs: { voltage: 18, chuck: '6.35 mm hex', brushless: true } },
    });
    expect(response.statusCode, response.body).toBe(201);
    const { insertedId } = response.json<{ insertedId: string }>();
    const tool = (await ctx.app.inject({ method: 'GET', url: `/api/buyNow/${insertedId}` })).json<Tool>();
    expect(tool.specs).toEqual({ voltage: 18, chuck: '6.35 mm hex', brushless: true });
  });

  it('refuses values of the wrong type, unknown keys, and values another category would take', async () => {
    for (const [specs, reason, category] of [
      [{ voltage: '18V' }, /Voltage \(voltage\) is a number/, 'Power Drivers'],
      [{ chuck: '12 mm' }, /is one of 6.35 mm hex, 10 mm, 13 mm/, 'Power Drivers'],
      [{ brushless: 'yes' }, /is true or false/, 'Power Drivers'],
      [{ colour: 'red' }, /colour is not a specification of this category \(it has voltage/, 'Power Drivers'],
      [{ chuck: '10 mm' }, /chuck is not a specification/, 'Drill Bits'],
      [{ voltage: 18 }, /it declares none/, 'Spanners'],
    ] as const) {
      const response = await injectAs(ctx.app, admin, {
        method: 'POST',
        url: '/api/addproduct',
        payload: { ...product, category, specs },
      });
      expect(response.statusCode, JSON.stringify(specs)).toBe(400);
      expect(response.json<ErrorBody>().error.message).toMatch(reason);
    }
  });

  it('checks an edit’s specifications, and a product’s specifications when it changes category', async () => {
    const tool = await insertTool(ctx.db, { category: 'Power Drivers', specs: { voltage: 12 } });
    const edit = (payload: object) =>
      injectAs(ctx.app, admin, { method: 'PATCH', url: `/api/tools/${tool.id}`, payload });
    expect((await edit({ specs: { voltage: 'twelve' } })).statusCode).toBe(400);
    expect((await edit({ category: 'Drill Bits', specs: { voltage: 12, chuck: '10 mm' } })).statusCode).toBe(
      400,
    );
    const moved = await edit({ category: 'Spanners' });
    expect(moved.statusCode).toBe(400);
    expect(moved.json<ErrorBody>().error.message).toMatch(/voltage is not a specification of this category/);
    expect((await edit({ specs: { voltage: 18, brushless: false } })).statusCode).toBe(200);
    const [row] = await ctx.db.select().from(products).where(eq(products.id, tool.id));
    expect(row?.specs).toEqual({ voltage: 18, brushless: false });
  });
});

describe('specifications in the catalog CSV', () => {
  it('exports spec columns and imports them back, typed by the row’s category', async () => {
    const exported = (await injectAs(ctx.app, admin, { method: 'GET', url: '/api/admin/products.csv' })).body;
    const [header] = exported.replace(/^\uFEFF/, '').split(/\r?\n/);
    expect(header).toContain(
      'unit,order_multiple,lead_time_days,family,spec.diameter,spec.voltage,spec.chuck,spec.brushless,spec.note',
    );
    // The file back as it is changes nothing.
    const same = await injectAs(ctx.app, admin, {
      method: 'POST',
      url: '/api/admin/products/import',
      headers: { 'content-type': 'text/csv' },
      payload: exported,
    });
    expect(same.json<ImportReport>()).toMatchObject({ errors: [], created: 0, updated: 0 });
  });

  it('refuses cells that do not fit, naming line and column, and keeps specs the file has no column for', async () => {
    const csv = [
      'sku,name,category,description,image,min_order,available,price_tiers,spec.voltage,spec.chuck',
      'CSV-1,Driver A,Power Drivers,A driver,/images/a.svg,100,10,100:9.50,18V,10 mm',
      'CSV-2,Driver B,Power Drivers,A driver,/images/a.svg,100,10,100:9.50,18,12 mm',
      'CSV-3,Bit,Drill Bits,A bit,/images/a.svg,100,10,100:9.50,,10 mm',
      'CSV-4,Driver D,Power Drivers,A driver,/images/a.svg,100,10,100:9.50,36,13 mm',
    ].join('\n');
    const dry = await injectAs(ctx.app, admin, {
      method: 'POST',
      url: '/api/admin/products/import',
      headers: { 'content-type': 'text/csv' },
      payload: csv,
    });
    const { errors } = dry.json<ImportReport>();
    expect(errors.map((error) => [error.line, error.column])).toEqual([
      [2, 'spec.voltage'],
      [3, 'spec.chuck'],
      [4, 'spec.chuck'],
    ]);
    expect(errors[2]?.message).toMatch(/the category Drill Bits has no attribute chuck/);
    const good = [csv.split('\n')[0], csv.split('\n')[4]].join('\n');
    const committed = await injectAs(ctx.app, admin, {
      method: 'POST',
      url: '/api/admin/products/import?commit=true',
      headers: { 'content-type': 'text/csv' },
      payload: good,
    });
    expect(committed.json<ImportReport>()).toMatchObject({ created: 1, errors: [] });
    await ctx.db
      .update(products)
      .set({ specs: { voltage: 36, chuck: '13 mm', brushless: true } })
      .where(eq(products.sku, 'CSV-4'));
    // The same row again: brushless has no column, so the product keeps it.
    const again = await injectAs(ctx.app, admin, {
      method: 'POST',
      url: '/api/admin/products/import?commit=true',
      headers: { 'content-type': 'text/csv' },
      payload: good.replace(',36,', ',18,'),
    });
    expect(again.json<ImportReport>()).toMatchObject({ updated: 1 });
    const [row] = await ctx.db.select().from(products).where(eq(products.sku, 'CSV-4'));
    expect(row?.specs).toEqual({ voltage: 18, chuck: '13 mm', brushless: true });
  });

  it('takes an attribute away from the products when it is taken off the category', async () => {
    const response = await injectAs(ctx.app, admin, {
      method: 'PUT',
      url: '/api/admin/categories/drill-bits/attributes',
      payload: { attributes: [{ key: 'diameter', name: 'Diameter', type: 'number', unit: 'mm' }] },
    });
    expect(response.statusCode).toBe(200);
    // No drill bit held a voltage.
    expect(response.json()).toMatchObject({ cleared: 0 });
    const removed = await injectAs(ctx.app, admin, {
      method: 'PUT',
      url: '/api/admin/categories/drill-bits/attributes',
      payload: { attributes: [] },
    });
    expect(removed.json()).toMatchObject({ cleared: 30 });
    const [row] = await ctx.db.select().from(products).where(eq(products.sku, 'DB-3'));
    expect(row?.specs).toEqual({});
    for (const specs of generated.values()) if (specs._category === 'drill-bits') delete specs.diameter;
  });
});
