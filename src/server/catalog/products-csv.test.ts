import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '../../shared/api/audit.schemas';
import type { CatalogPage } from '../../shared/api/catalog.schemas';
import type { ErrorBody } from '../../shared/api/errors';
import type { ImportReport } from '../../shared/api/products.schemas';
import { auditLog, products } from '../db/schema';
import { readDemoCatalog, seedDemoOnce } from '../seed/seed-demo';
import { categorySlug } from '../../shared/api/catalog.schemas';
import { type TestUser, injectAs, signUpAdmin } from '../test/auth-helpers';
import { insertTool } from '../test/factories';
import { createTestApp } from '../test/test-app';

type Ctx = Awaited<ReturnType<typeof createTestApp>>;
let shop: Ctx;
let empty: Ctx;
let admin: TestUser;
let emptyAdmin: TestUser;

beforeAll(async () => {
  // A shop with the demo catalog, and one with none to import it into.
  [shop, empty] = await Promise.all([createTestApp(), createTestApp()]);
  await seedDemoOnce(shop.db);
  [admin, emptyAdmin] = await Promise.all([signUpAdmin(shop.app, shop.db), signUpAdmin(empty.app, empty.db)]);
});
afterAll(async () => {
  await Promise.all([shop.app.close(), empty.app.close()]);
});

async function exportCsv(ctx: Ctx, user: TestUser): Promise<string> {
  const response = await injectAs(ctx.app, user, { method: 'GET', url: '/api/admin/products.csv' });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(response.headers['content-disposition']).toMatch(
    /^attachment; filename="products-\d{4}-\d\d-\d\d\.csv"$/,
  );
  return response.body;
}

async function importCsv(ctx: Ctx, user: TestUser, csv: string, commit = false, stock = 'keep') {
  return injectAs(ctx.app, user, {
    method: 'POST',
    url: `/api/admin/products/import?commit=${commit}&stock=${stock}`,
    headers: { 'content-type': 'text/csv' },
    payload: csv,
  });
}

async function importReport(
  ctx: Ctx,
  user: TestUser,
  csv: string,
  commit = false,
  stock = 'keep',
): Promise<ImportReport> {
  const response = await importCsv(ctx, user, csv, commit, stock);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ImportReport>();
}

const productCount = async (ctx: Ctx) => (await ctx.db.select({ n: count() }).from(products))[0]?.n;

const HEADER = 'sku,name,category,description,image,min_order,available,price_tiers,featured';

describe('catalog CSV round trip', () => {
  it('export → import into an empty shop → the same catalog', async () => {
    // Hard cases beside the demo catalog: a cell a spreadsheet would run, quotes, commas, line breaks.
    await insertTool(shop.db, {
      sku: 'CSV-EDGE-1',
      name: '=HYPERLINK("http://evil.example","click")',
      description: 'Line one, with a comma\nLine "two" quoted',
      minOrder: 250,
      available: 0,
      priceTiers: [
        { minQuantity: 250, priceCents: 1999 },
        { minQuantity: 1000, priceCents: 1750 },
      ],
      featured: true,
      category: 'Edge cases',
    });
    const exported = await exportCsv(shop, admin);
    expect(exported.startsWith('\uFEFFsku,name,category')).toBe(true);
    const exports = await shop.db.select().from(auditLog).where(eq(auditLog.action, 'products.export'));
    expect(exports.at(-1)).toMatchObject({ actorEmail: admin.email });
    // The formula is written so that a spreadsheet shows it as text.
    expect(exported).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);

    // Importing a shop's own export changes nothing.
    const same = await importReport(shop, admin, exported);
    expect(same).toMatchObject({
      committed: false,
      rows: 17,
      created: 0,
      updated: 0,
      unchanged: 17,
      errors: [],
    });

    // A new shop declares its categories' specifications first, then imports the products.
    for (const [name, attributes] of Object.entries(readDemoCatalog().attributes)) {
      const declared = await injectAs(empty.app, emptyAdmin, {
        method: 'PUT',
        url: `/api/admin/categories/${categorySlug(name)}/attributes`,
        payload: { name, attributes },
      });
      expect(declared.statusCode, declared.body).toBe(200);
    }
    const dryRun = await importReport(empty, emptyAdmin, exported);
    expect(dryRun).toMatchObject({ committed: false, rows: 17, created: 17, updated: 0, errors: [] });
    expect(await productCount(empty)).toBe(0);

    const committed = await importReport(empty, emptyAdmin, exported, true);
    expect(committed).toMatchObject({ committed: true, created: 17, updated: 0, unchanged: 0 });
    expect(await exportCsv(empty, emptyAdmin)).toBe(exported);

    const catalog = (
      await empty.app.inject({ method: 'GET', url: '/api/catalog?q=CSV-EDGE-1' })
    ).json<CatalogPage>();
    expect(catalog.items[0]).toMatchObject({
      name: '=HYPERLINK("http://evil.example","click")',
      dis: 'Line one, with a comma\nLine "two" quoted',
      available: 0,
      featured: true,
      category: { name: 'Edge cases' },
      priceTiers: [
        { minQuantity: 250, price: 19.99 },
        { minQuantity: 1000, price: 17.5 },
      ],
    });
  });

  it('creates new SKUs and updates known ones, recording each in the audit log', async () => {
    const known = await insertTool(shop.db, { sku: 'CSV-KNOWN', name: 'Old name', available: 300 });
    const csv = [
      HEADER,
      'csv-known,New name,Test tools,A tool made better,/images/tools/claw-hammer.svg,100,900,100:11.00|500:10.00,no',
      'CSV-NEW,Brand new,New things,Fresh,https://example.com/new.png,100,50,100:3.25,yes',
    ].join('\r\n');
    // By default a known product keeps its stock: orders may have reserved units since the file was written.
    const keeping = await importReport(shop, admin, csv);
    expect(keeping.changes[0]?.fields).toEqual(['name', 'image', 'description', 'priceTiers']);
    const dryRun = await importReport(shop, admin, csv, false, 'set');
    expect(dryRun).toMatchObject({ rows: 2, created: 1, updated: 1, unchanged: 0, errors: [] });
    expect(dryRun.changes).toEqual([
      {
        line: 2,
        sku: 'CSV-KNOWN',
        name: 'New name',
        action: 'update',
        fields: ['name', 'image', 'description', 'available', 'priceTiers'],
      },
      { line: 3, sku: 'CSV-NEW', name: 'Brand new', action: 'create', fields: [] },
    ]);
    // A dry run writes nothing.
    const [still] = await shop.db.select().from(products).where(eq(products.id, known.id));
    expect(still?.name).toBe('Old name');

    await importReport(shop, admin, csv, true, 'set');
    const [updated] = await shop.db.select().from(products).where(eq(products.id, known.id));
    expect(updated).toMatchObject({ name: 'New name', available: 900, priceCents: 1100 });
    const log = (
      await injectAs(shop.app, admin, { method: 'GET', url: '/api/admin/audit?action=product.import' })
    ).json<AuditPage>();
    expect(log.entries.map((entry) => entry.subject).sort()).toEqual(['SKU CSV-KNOWN', 'SKU CSV-NEW']);
    expect(log.entries.find((entry) => entry.subject === 'SKU CSV-KNOWN')).toMatchObject({
      actorEmail: admin.email,
      before: { name: 'Old name', available: 300 },
      after: { name: 'New name', available: 900 },
    });
  });

  it('carries each product’s tax class, unit weight and carton; a file without them keeps them', async () => {
    const tool = await insertTool(shop.db, {
      sku: 'CSV-WEIGH',
      taxClass: 'reduced',
      weightGrams: 1250,
      unitsPerCarton: 8,
    });
    const exported = await exportCsv(shop, admin);
    const [fullHeader = '', ...rows] = exported.replace(/^\uFEFF/, '').split('\n');
    // The product columns, then the demo's specification and option columns (which this test leaves out).
    const header = `${HEADER},tax_class,weight_kg,units_per_carton,unit,order_multiple,lead_time_days,family`;
    expect(fullHeader.startsWith(`${header},spec.`)).toBe(true);
    const columns = header.split(',').length;
    const fullLine = rows.find((row) => row.startsWith('CSV-WEIGH,')) ?? '';
    const line = fullLine.split(',').slice(0, columns).join(',');
    expect(line.endsWith(',reduced,1.25,8,EA,1,0,')).toBe(true);

    // Changed in the file: zero-rated, 2 kg, 4 to a carton, sold by the box in packs of 4, 10 days' lead.
    const changed = line.replace(/,reduced,1\.25,8,EA,1,0,$/, ',zero,2,4,XBX,4,10,');
    const report = await importReport(shop, admin, [header, changed].join('\n'), true);
    expect(report.changes[0]?.fields.sort()).toEqual([
      'leadTimeDays',
      'orderMultiple',
      'taxClass',
      'unit',
      'unitsPerCarton',
      'weightKg',
    ]);
    const [after] = await shop.db.select().from(products).where(eq(products.id, tool.id));
    expect(after).toMatchObject({
      taxClass: 'zero',
      weightGrams: 2000,
      unitsPerCarton: 4,
      unit: 'XBX',
      orderMultiple: 4,
      leadTimeDays: 10,
    });

    // An older file without the columns leaves them as they are.
    const oldStyle = changed.split(',').slice(0, 9).join(',').replace(tool.name, 'Renamed');
    await importReport(shop, admin, [HEADER, oldStyle].join('\n'), true);
    const [kept] = await shop.db.select().from(products).where(eq(products.id, tool.id));
    expect(kept).toMatchObject({
      name: 'Renamed',
      taxClass: 'zero',
      weightGrams: 2000,
      unitsPerCarton: 4,
      unit: 'XBX',
      orderMultiple: 4,
    });

    // A class that is not one is named by its column.
    const wrong = await importReport(shop, admin, [header, changed.replace(',zero,', ',luxury,')].join('\n'));
    expect(wrong.errors).toEqual([
      {
        line: 2,
        sku: 'CSV-WEIGH',
        column: 'tax_class',
        message: 'tax_class: The tax class is standard, reduced, zero or exempt',
      },
    ]);
  });

  it('keeps the stock of a known product unless told to set it, so reservations made since stay', async () => {
    const tool = await insertTool(shop.db, { sku: 'CSV-KEEP', available: 1000 });
    const exported = await exportCsv(shop, admin);
    const [header, ...rows] = exported.replace(/^\uFEFF/, '').split('\n');
    const line = rows.find((row) => row.startsWith('CSV-KEEP,')) ?? '';
    // An order reserves 300 units after the export; the owner then changes only the name in the file.
    await shop.db.update(products).set({ available: 700 }).where(eq(products.id, tool.id));
    const renamed = line.replace(tool.name, 'Renamed in a spreadsheet');
    const report = await importReport(shop, admin, [header, renamed].join('\n'), true);
    expect(report.changes).toEqual([
      { line: 2, sku: 'CSV-KEEP', name: 'Renamed in a spreadsheet', action: 'update', fields: ['name'] },
    ]);
    const [kept] = await shop.db.select().from(products).where(eq(products.id, tool.id));
    expect(kept).toMatchObject({ name: 'Renamed in a spreadsheet', available: 700 });
  });
});

describe('a catalog CSV with mistakes', () => {
  const csv = [
    HEADER,
    'GOOD-1,Good one,Tools,Fine,/images/tools/claw-hammer.svg,100,10,100:1.00,no',
    'BAD-TIERS,Bad tiers,Tools,Rising price,/images/tools/claw-hammer.svg,100,10,100:1.00|500:2.00,no',
    'BAD-NUMBER,Bad number,Tools,"A description',
    'over two lines",/images/tools/claw-hammer.svg,lots,10,100:1.00,no',
    '!!,Bad SKU,Tools,Fine,javascript:alert(1),100,10,100:1.00,maybe',
    'GOOD-1,Again,Tools,Fine,/images/tools/claw-hammer.svg,100,10,100:1.00,no',
    'SHORT,Too few cells',
  ].join('\n');

  it('lists every problem with its line and column, and commits nothing', async () => {
    const before = await productCount(shop);
    const report = await importReport(shop, admin, csv);
    expect(report.rows).toBe(6);
    expect(report.errors).toEqual([
      {
        line: 3,
        sku: 'BAD-TIERS',
        column: 'price_tiers',
        message:
          'price_tiers: Price break 2: its price must not be above $1.00 (prices never rise with quantity)',
      },
      {
        line: 4,
        sku: 'BAD-NUMBER',
        column: 'min_order',
        message: 'min_order must be a whole number of units (it is “lots”)',
      },
      // Every problem of a row at once.
      { line: 6, sku: '!!', column: 'featured', message: 'featured is yes or no' },
      {
        line: 6,
        sku: '!!',
        column: 'sku',
        message: 'sku: The SKU is 2 to 40 letters, digits and dashes, starting with a letter or digit',
      },
      { line: 6, sku: '!!', column: 'image', message: 'image: The image must be an http(s) web address' },
      {
        line: 7,
        sku: 'GOOD-1',
        column: 'sku',
        message: 'The SKU GOOD-1 is already on line 2; each product appears once',
      },
      { line: 8, sku: 'SHORT', column: null, message: 'This row has 2 cells; the header names 9 columns' },
    ]);

    const refused = await importCsv(shop, admin, csv, true);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ErrorBody>().error.message).toBe(
      'Nothing was imported: 7 problems, the first on line 3: price_tiers: Price break 2: its price must not be above $1.00 (prices never rise with quantity)',
    );
    expect(await productCount(shop)).toBe(before);
  });

  it("lists all of one row's problems, the rules comparing fields included, in one dry run", async () => {
    const row = [
      'GOOD-1', // already on line 2
      '', // no name
      '!!!', // a category with no letters
      'A drill',
      'https://example.com/p.png',
      '100',
      '50',
      '100:1.00|500:2.00', // a break whose price rises
      'maybe',
    ].join(',');
    const first = 'GOOD-1,Good,Hand Tools,Drill,https://example.com/p.png,100,50,100:1.00,yes';
    const report = await importReport(shop, admin, [HEADER, first, row].join('\n'));
    expect(
      report.errors
        .filter((error) => error.line === 3)
        .map((error) => error.column)
        .sort(),
    ).toEqual(['category', 'featured', 'name', 'price_tiers', 'sku'].sort());
  });

  it('counts lines as a text editor does, a quoted cell over CRLF line breaks included', async () => {
    const report = await importReport(
      shop,
      admin,
      [
        HEADER,
        'CRLF-1,Fine,Tools,"Two\r\nlines",/images/tools/claw-hammer.svg,100,10,100:1.00,no',
        '',
        'CRLF-2,Bad,!!!,Fine,/images/tools/claw-hammer.svg,100,10,100:1.00,no',
      ].join('\r\n'),
    );
    expect(report.errors).toEqual([
      {
        line: 5,
        sku: 'CRLF-2',
        column: 'category',
        message: 'category: The category name needs letters or digits',
      },
    ]);
  });

  it('names the rule a value breaks, by the shared product schema', async () => {
    const report = await importReport(
      shop,
      admin,
      [HEADER, '!!,Bad SKU,Tools,Fine,javascript:alert(1),100,10,100:1.00,no'].join('\n'),
    );
    expect(report.errors.map((error) => [error.line, error.column, error.message])).toEqual([
      [2, 'sku', 'sku: The SKU is 2 to 40 letters, digits and dashes, starting with a letter or digit'],
      [2, 'image', 'image: The image must be an http(s) web address'],
    ]);
  });

  it.each([
    ['', 'The file is empty'],
    [
      'sku,name\nA,B',
      'The first line must name the columns sku, name, category, description, image, min_order, available, price_tiers, featured, tax_class, weight_kg, units_per_carton, unit, order_multiple, lead_time_days, family (missing category, description, image, min_order, available, price_tiers)',
    ],
    [`${HEADER},colour\n`, 'unknown colour'],
    [`${HEADER}\n"unclosed,quote`, 'This is not a readable CSV file'],
  ])('explains a file it cannot read: %j', async (file, message) => {
    const report = await importReport(shop, admin, file);
    expect(report.errors[0]?.message).toContain(message);
    expect(report.created + report.updated).toBe(0);
  });

  it('takes only text/csv', async () => {
    const response = await injectAs(shop.app, admin, {
      method: 'POST',
      url: '/api/admin/products/import',
      payload: { csv: 'sku' },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('orders CSV', () => {
  it('exports the orders of a range of days, with formulas escaped', async () => {
    const customer = admin;
    const tool = await insertTool(shop.db, { available: 10_000, name: '@SUM(A1) drill' });
    const placed = await injectAs(shop.app, customer, {
      method: 'POST',
      url: '/api/purchase',
      payload: {
        toolId: tool.id,
        name: '+Pat',
        address: '1 Road',
        number: '5550100',
        quantity: 150,
        poNumber: 'PO-77',
        company: 'x;=2*3',
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const today = new Date().toISOString().slice(0, 10);
    const response = await injectAs(shop.app, admin, {
      method: 'GET',
      url: `/api/admin/orders.csv?from=${today}&to=${today}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="orders-${today}-to-${today}.csv"`,
    );
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe(
      'order_number,placed_at,status,paid_at,shipped_at,invoice_number,buyer_name,email,company,po_number,phone,address,line,sku,item,quantity,unit_price,line_amount,order_units,order_amount,transaction_id,ship_country,ship_region,line_tax_rate,line_tax,order_subtotal,order_freight,order_tax,tax_treatment,credit_note_number,part_number,unit',
    );
    expect(lines).toHaveLength(2);
    // A spreadsheet that splits at semicolons would start a formula after the ';': not here.
    expect(lines[1]).toContain(`,unpaid,,,,'+Pat,${customer.email},x;'=2*3,PO-77,`);
    expect(lines[1]).toContain(`,1,${tool.sku},'@SUM(A1) drill,150,12.50,1875.00,150,2000.22,`);
    // The spec's one-box address: no destination of its own, so charged as if delivered to the shop
    // (Pittsburgh, on the demo's zones): 6 % on the line, $12 freight taxed at 6 % too.
    expect(lines[1]).toMatch(/,,,6,112\.50,1875\.00,12\.00,113\.22,taxed,,,EA$/);
    // Who took the customers' details out of the shop is on record.
    const exports = await shop.db.select().from(auditLog).where(eq(auditLog.action, 'orders.export'));
    expect(exports.at(-1)).toMatchObject({
      actorEmail: admin.email,
      subject: `orders-${today}-to-${today}.csv`,
      after: { from: today, to: today },
    });

    const none = await injectAs(shop.app, admin, {
      method: 'GET',
      url: '/api/admin/orders.csv?to=2020-01-01',
    });
    expect(
      none.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\n'),
    ).toHaveLength(1);
  });
});
