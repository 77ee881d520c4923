import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../shared/api/errors';
import type { PriceList } from '../../shared/api/price-lists.schemas';
import { auditLog } from '../db/schema';
import { type TestUser, injectAs, signUp, signUpAdmin } from '../test/auth-helpers';
import { newCompany } from '../test/company-helpers';
import { createTestApp } from '../test/test-app';
import { insertTool } from '../test/factories';
import { messages } from '../../shared/messages';
import { contractEntriesFor } from '../pricing/contract-entries';

/** Price lists: made, read, replaced and deleted by shop admins, and held by companies. */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let admin: TestUser;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signUpAdmin(ctx.app, ctx.db);
  // Lists price products the catalog has.
  for (const sku of [
    'FT-DRILL-18V',
    'FT-CSW-185',
    'FT-1',
    'FT-2',
    'EN-1',
    'EN-2',
    'FT-SAW-1',
    'KEEP-1',
    'OK-1',
    'BOTH',
    'DAYS',
  ]) {
    await insertTool(ctx.db, { sku });
  }
});
afterAll(async () => {
  await ctx.app.close();
});

const call = (
  user: TestUser | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) =>
  injectAs(ctx.app, user, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) });

const acme2027 = {
  name: 'Acme 2027',
  validFrom: '2027-01-01',
  validTo: '2027-12-31',
  entries: [
    {
      sku: 'ft-drill-18v',
      priceTiers: [
        { minQuantity: 100, price: 48.5 },
        { minQuantity: 500, price: 45 },
      ],
    },
    { sku: 'FT-CSW-185', percentOff: 12.5, validTo: '2027-12-31' },
    { sku: 'FT-CSW-185', percentOff: 15, validFrom: '2028-01-01' },
  ],
};

describe('price lists', () => {
  it('are made, read, replaced and deleted by shop admins, whole and audited', async () => {
    const made = await call(admin, 'POST', '/api/admin/price-lists', acme2027);
    expect(made.statusCode, made.body).toBe(201);
    const { insertedId } = made.json<{ insertedId: string }>();

    const read = (await call(admin, 'GET', `/api/admin/price-lists/${insertedId}`)).json<PriceList>();
    expect(read).toMatchObject({
      name: 'Acme 2027',
      validFrom: '2027-01-01',
      validTo: '2027-12-31',
      entryCount: 3,
    });
    expect(read.entries).toEqual([
      {
        sku: 'FT-DRILL-18V',
        priceTiers: [
          { minQuantity: 100, price: 48.5 },
          { minQuantity: 500, price: 45 },
        ],
        percentOff: null,
        validFrom: null,
        validTo: null,
      },
      { sku: 'FT-CSW-185', priceTiers: null, percentOff: 12.5, validFrom: null, validTo: '2027-12-31' },
      { sku: 'FT-CSW-185', priceTiers: null, percentOff: 15, validFrom: '2028-01-01', validTo: null },
    ]);

    const sameName = await call(admin, 'POST', '/api/admin/price-lists', { ...acme2027, entries: [] });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json<ErrorBody>().error.message).toBe(
      'Another price list is called Acme 2027: give this one another name',
    );

    const replaced = await call(admin, 'PUT', `/api/admin/price-lists/${insertedId}`, {
      name: 'Acme 2027 (revised)',
      entries: [{ sku: 'FT-CSW-185', percentOff: 10 }],
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    const after = (await call(admin, 'GET', `/api/admin/price-lists/${insertedId}`)).json<PriceList>();
    expect(after).toMatchObject({ name: 'Acme 2027 (revised)', validFrom: null, entryCount: 1 });

    const audited = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'price_list.save'));
    expect(audited.map((entry) => entry.subject)).toEqual(['Acme 2027', 'Acme 2027 (revised)']);

    expect((await call(admin, 'DELETE', `/api/admin/price-lists/${insertedId}`)).statusCode).toBe(200);
    expect((await call(admin, 'GET', `/api/admin/price-lists/${insertedId}`)).statusCode).toBe(404);
  });

  it('refuse overlapping entries of one SKU and malformed prices, saying which entry and field', async () => {
    const clash = await call(admin, 'POST', '/api/admin/price-lists', {
      name: 'Clash',
      entries: [
        { sku: 'FT-1', percentOff: 5 },
        { sku: 'FT-1', percentOff: 7, validFrom: '2027-05-01' },
      ],
    });
    expect(clash.statusCode).toBe(400);
    expect(clash.json<ErrorBody>().error.message).toMatch(/Entry 1 prices FT-1 on some of the same days/);
    for (const entry of [
      { sku: 'FT-2' },
      { sku: 'FT-2', percentOff: 0 },
      { sku: 'FT-2', percentOff: 12.345 },
      { sku: 'FT-2', priceTiers: [{ minQuantity: 100, price: 0 }] },
      { sku: 'not a sku!', percentOff: 5 },
      { sku: 'FT-2', percentOff: 5, validFrom: '2027-13-01' },
    ]) {
      const refused = await call(admin, 'POST', '/api/admin/price-lists', { name: 'Bad', entries: [entry] });
      expect(refused.statusCode, JSON.stringify(entry)).toBe(400);
    }
    expect((await call(admin, 'GET', '/api/admin/price-lists')).json<unknown[]>()).toEqual([]);
  });

  it('refuse SKUs no product has, each with the closest SKUs the catalog has, and save nothing', async () => {
    const typo = await call(admin, 'POST', '/api/admin/price-lists', {
      name: 'Typos',
      entries: [
        { sku: 'FT-DRIL-18V', percentOff: 5 },
        { sku: 'FT-CSW-185', percentOff: 5 },
        { sku: 'ZZ-NOTHING-LIKE-IT-999', percentOff: 5 },
      ],
    });
    expect(typo.statusCode).toBe(400);
    expect(typo.json<ErrorBody>().error.message).toBe(
      'Nothing was saved. No product has the SKU FT-DRIL-18V. Did you mean FT-DRILL-18V, FT-1, FT-CSW-185? No product has the SKU ZZ-NOTHING-LIKE-IT-999.',
    );
    const lists = (await call(admin, 'GET', '/api/admin/price-lists')).json<{ name: string }[]>();
    expect(lists.map((list) => list.name)).not.toContain('Typos');
    // Many unknown: the first five are named, the rest counted.
    const many = await call(admin, 'POST', '/api/admin/price-lists', {
      name: 'Many typos',
      entries: Array.from({ length: 8 }, (_, n) => ({ sku: `NOPE-${n}`, percentOff: 5 })),
    });
    expect(many.json<ErrorBody>().error.message).toMatch(/ And 3 more unknown SKUs\.$/);
  });

  it('are held by companies with a priority, replaced whole; unknown lists and companies are refused', async () => {
    const { companyId } = await newCompany(ctx.app, 'Holder Ltd');
    const ids: string[] = [];
    for (const name of ['Base 2027', 'Promo spring']) {
      const made = await call(admin, 'POST', '/api/admin/price-lists', { name, entries: [] });
      ids.push(made.json<{ insertedId: string }>().insertedId);
    }
    const [base = '', promo = ''] = ids;
    const held = await call(admin, 'PUT', `/api/admin/companies/${companyId}/price-lists`, [
      { priceListId: base, priority: 1 },
      { priceListId: promo, priority: 5 },
    ]);
    expect(held.statusCode, held.body).toBe(200);
    const lists = (await call(admin, 'GET', '/api/admin/price-lists')).json<PriceList[]>();
    expect(lists.map((list) => [list.name, list.companies.map((c) => [c.name, c.priority])])).toEqual([
      ['Base 2027', [['Holder Ltd', 1]]],
      ['Promo spring', [['Holder Ltd', 5]]],
    ]);

    await call(admin, 'PUT', `/api/admin/companies/${companyId}/price-lists`, [
      { priceListId: promo, priority: 2 },
    ]);
    const [first] = (await call(admin, 'GET', '/api/admin/price-lists')).json<PriceList[]>();
    expect(first?.companies).toEqual([]);

    const twice = await call(admin, 'PUT', `/api/admin/companies/${companyId}/price-lists`, [
      { priceListId: base, priority: 1 },
      { priceListId: base, priority: 2 },
    ]);
    expect(twice.statusCode).toBe(400);
    const unknownList = await call(admin, 'PUT', `/api/admin/companies/${companyId}/price-lists`, [
      { priceListId: '00000000-0000-4000-8000-000000000000', priority: 1 },
    ]);
    expect(unknownList.statusCode).toBe(404);
    const unknownCompany = await call(
      admin,
      'PUT',
      '/api/admin/companies/00000000-0000-4000-8000-000000000000/price-lists',
      [],
    );
    expect(unknownCompany.statusCode).toBe(404);
    const [audited] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'company.price_lists'), eq(auditLog.subject, 'Holder Ltd')));
    expect(audited).toBeDefined();
  });

  it('are the shop admins’ alone', async () => {
    const customer = await signUp(ctx.app);
    expect((await call(customer, 'GET', '/api/admin/price-lists')).statusCode).toBe(403);
    expect((await call(null, 'GET', '/api/admin/price-lists')).statusCode).toBe(401);
    expect(
      (await call(customer, 'POST', '/api/admin/price-lists', { name: 'Mine', entries: [] })).statusCode,
    ).toBe(403);
  });
});

describe('a company’s contract entries', () => {
  it('are read by SKU with their list’s priority, the list’s validity narrowing the entry’s', async () => {
    const { companyId } = await newCompany(ctx.app, 'Entries Ltd');
    const other = await newCompany(ctx.app, 'Not Held Ltd');
    const make = async (body: object) =>
      (await call(admin, 'POST', '/api/admin/price-lists', body)).json<{ insertedId: string }>().insertedId;
    const spring = await make({
      name: 'Spring 2027',
      validFrom: '2027-03-01',
      validTo: '2027-05-31',
      entries: [
        { sku: 'EN-1', percentOff: 10, validFrom: '2027-01-01', validTo: '2027-04-15' },
        { sku: 'EN-2', priceTiers: [{ minQuantity: 100, price: 9.99 }] },
      ],
    });
    const standing = await make({ name: 'Standing terms', entries: [{ sku: 'EN-1', percentOff: 5 }] });
    await call(admin, 'PUT', `/api/admin/companies/${companyId}/price-lists`, [
      { priceListId: spring, priority: 3 },
      { priceListId: standing, priority: 1 },
    ]);

    const entries = await contractEntriesFor(ctx.db, companyId, ['en-1', 'EN-2', 'EN-3']);
    expect([...entries.keys()].sort()).toEqual(['EN-1', 'EN-2']);
    expect(
      entries
        .get('EN-1')
        ?.map((entry) => [entry.listName, entry.priority, entry.percentOff, entry.validFrom, entry.validTo])
        .sort(),
    ).toEqual([
      ['Spring 2027', 3, 10, '2027-03-01', '2027-04-15'],
      ['Standing terms', 1, 5, null, null],
    ]);
    expect(entries.get('EN-2')?.[0]?.priceTiers).toEqual([{ minQuantity: 100, priceCents: 999 }]);
    expect((await contractEntriesFor(ctx.db, other.companyId, ['EN-1'])).size).toBe(0);
  });
});

describe('a company’s payment terms', () => {
  it('are set by shop admins, with a credit limit in dollars and cents, audited; nonsense is refused', async () => {
    const { companyId } = await newCompany(ctx.app, 'Terms Ltd');
    const set = await call(admin, 'PUT', `/api/admin/companies/${companyId}/terms`, {
      terms: 'net30',
      creditLimit: 25_000.5,
    });
    expect(set.statusCode, set.body).toBe(200);
    const listed = (await call(admin, 'GET', '/api/admin/companies')).json<
      { _id: string; terms: string; creditLimit: number }[]
    >();
    expect(listed.find((company) => company._id === companyId)).toMatchObject({
      terms: 'net30',
      creditLimit: 25_000.5,
    });
    for (const bad of [
      { terms: 'net90', creditLimit: 100 },
      { terms: 'net30', creditLimit: -1 },
      { terms: 'net30', creditLimit: 10.001 },
      { terms: 'net30' },
    ]) {
      expect(
        (await call(admin, 'PUT', `/api/admin/companies/${companyId}/terms`, bad)).statusCode,
        JSON.stringify(bad),
      ).toBe(400);
    }
    const [audited] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'company.terms'), eq(auditLog.subject, 'Terms Ltd')));
    expect(audited).toMatchObject({
      before: { terms: 'card', creditLimit: 0 },
      after: { terms: 'net30', creditLimit: 25_000.5 },
    });
    const customer = await signUp(ctx.app);
    expect(
      (
        await call(customer, 'PUT', `/api/admin/companies/${companyId}/terms`, {
          terms: 'net60',
          creditLimit: 1,
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('a price list as CSV', () => {
  const importCsv = (listId: string, csv: string, commit: boolean) =>
    injectAs(ctx.app, admin, {
      method: 'POST',
      url: `/api/admin/price-lists/${listId}/import?commit=${commit}`,
      headers: { 'content-type': 'text/csv' },
      payload: csv,
    });

  it('is exported as the import reads it, and an edited file replaces the entries whole', async () => {
    const made = await call(admin, 'POST', '/api/admin/price-lists', { ...acme2027, name: 'CSV round trip' });
    const { insertedId } = made.json<{ insertedId: string }>();
    const exported = await call(admin, 'GET', `/api/admin/price-lists/${insertedId}/entries.csv`);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toBe(
      'attachment; filename="price-list-CSV-round-trip.csv"',
    );
    expect(exported.body.replace(/^\uFEFF/, '')).toBe(
      [
        'sku,price_tiers,percent_off,valid_from,valid_to',
        'FT-DRILL-18V,100:48.50|500:45.00,,,',
        'FT-CSW-185,,12.5,,2027-12-31',
        'FT-CSW-185,,15,2028-01-01,',
        '',
      ].join('\n'),
    );

    // The file as exported goes back in unchanged; edited, it replaces the entries.
    const again = await importCsv(insertedId, exported.body, false);
    expect(again.json()).toEqual({ committed: false, rows: 3, entries: 3, errors: [] });
    const edited = 'sku,price_tiers,percent_off\nft-drill-18v,100:47.00,\nFT-SAW-1,,7.5%\n';
    const saved = await importCsv(insertedId, edited, true);
    expect(saved.json()).toEqual({ committed: true, rows: 2, entries: 2, errors: [] });
    const after = (await call(admin, 'GET', `/api/admin/price-lists/${insertedId}`)).json<PriceList>();
    expect(after.entries).toEqual([
      {
        sku: 'FT-DRILL-18V',
        priceTiers: [{ minQuantity: 100, price: 47 }],
        percentOff: null,
        validFrom: null,
        validTo: null,
      },
      { sku: 'FT-SAW-1', priceTiers: null, percentOff: 7.5, validFrom: null, validTo: null },
    ]);
    expect(after).toMatchObject({ name: 'CSV round trip', validFrom: '2027-01-01', validTo: '2027-12-31' });
  });

  it('names every problem’s line and column, and a file with any problem changes nothing', async () => {
    const made = await call(admin, 'POST', '/api/admin/price-lists', {
      name: 'CSV problems',
      entries: [{ sku: 'KEEP-1', percentOff: 5 }],
    });
    const { insertedId } = made.json<{ insertedId: string }>();
    const csv = [
      'sku,price_tiers,percent_off,valid_from,valid_to',
      'OK-1,100:10.00,,,',
      'BAD-TIERS,100-10,,,',
      'BAD-PCT,,ten,,',
      'BOTH,100:10.00,5,,',
      'OK-1,,10,2027-01-01,',
      'DAYS,,5,2027-02-01,2027-01-01',
      'SHORT,,5',
      ',,5,,',
      'NO-SUCH-TOOL,,5,,',
    ].join('\n');
    const report = (await importCsv(insertedId, csv, true)).json<{
      committed: boolean;
      errors: { line: number; sku: string | null; column: string | null; message: string }[];
    }>();
    expect(report.committed).toBe(false);
    expect(report.errors).toEqual([
      {
        line: 3,
        sku: 'BAD-TIERS',
        column: 'price_tiers',
        message:
          'price_tiers lists the price breaks as quantity:price, separated by |, e.g. 100:12.50|500:11.00',
      },
      {
        line: 4,
        sku: 'BAD-PCT',
        column: 'percent_off',
        message: 'percent_off is a number of percent, e.g. 12.5 (it is “ten”)',
      },
      {
        line: 5,
        sku: 'BOTH',
        column: 'price_tiers',
        message: 'price_tiers: Give either price breaks or a percentage off, not both',
      },
      {
        line: 6,
        sku: 'OK-1',
        column: 'valid_from',
        message: 'valid_from: Line 2 prices OK-1 on some of the same days',
      },
      {
        line: 7,
        sku: 'DAYS',
        column: 'valid_to',
        message: 'valid_to: The last valid day comes before the first',
      },
      { line: 8, sku: 'SHORT', column: null, message: 'This row has 3 cells; the header names 5 columns' },
      { line: 9, sku: null, column: 'sku', message: expect.stringMatching(/^sku: /) as unknown as string },
      // The check says what the save would refuse: a SKU no product has.
      {
        line: 10,
        sku: 'NO-SUCH-TOOL',
        column: 'sku',
        message: `sku: ${messages.unknownSku('NO-SUCH-TOOL', [])}`,
      },
    ]);
    const unchanged = (await call(admin, 'GET', `/api/admin/price-lists/${insertedId}`)).json<PriceList>();
    expect(unchanged.entries.map((entry) => entry.sku)).toEqual(['KEEP-1']);

    const header = (await importCsv(insertedId, 'sku,price,percent\nA,1,2\n', false)).json<{
      errors: { message: string }[];
    }>();
    expect(header.errors[0]?.message).toBe(
      'The first line must name the columns sku, price_tiers, percent_off, valid_from, valid_to (unknown price, percent)',
    );
  });
});
