import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../shared/api/errors';
import type { TaxZone } from '../../shared/api/tax.schemas';
import { auditLog } from '../db/schema';
import { type TestUser, injectAs, signUpAdmin } from '../test/auth-helpers';
import { createTestApp } from '../test/test-app';
import { ratesForPlace } from './tax-zones';

/** Tax zones: rates per country or region, kept by shop admins; an address's rates. */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let admin: TestUser;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signUpAdmin(ctx.app, ctx.db);
});
afterAll(async () => {
  await ctx.app.close();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  injectAs(ctx.app, admin, { method, url, ...(payload === undefined ? {} : { payload }) });

const PA_PERMIT = 'Pennsylvania sales tax license 12345678';

describe('tax zones', () => {
  it('are kept per country or region, audited; an address takes its region’s, else its country’s', async () => {
    for (const zone of [
      { country: 'us', region: 'pa', rates: { standard: 6, reduced: 6 }, registration: PA_PERMIT },
      {
        country: 'US',
        region: 'NY',
        rates: { standard: 8.875, reduced: 8.875 },
        registration: 'NY certificate of authority 12-3456789',
        taxesFreight: true,
      },
      { country: 'CA', rates: { standard: 5, reduced: 5 }, registration: 'GST 123456789 RT0001' },
      {
        country: 'CA',
        region: 'ON',
        rates: { standard: 13, reduced: 13 },
        registration: 'HST 123456789 RT0001',
      },
      { country: 'DE', rates: { standard: 19, reduced: 7, zero: 0 }, registration: 'DE 136 695 976' },
    ]) {
      const made = await call('POST', '/api/admin/tax-zones', zone);
      expect(made.statusCode, made.body).toBe(201);
    }
    const zones = (await call('GET', '/api/admin/tax-zones')).json<TaxZone[]>();
    // Each carries the registration the shop collects under; freight is taxed where it says so, and
    // always in the EU.
    expect(
      zones.map((zone) => [
        zone.name,
        zone.rates.standard,
        zone.rates.reduced,
        zone.registration,
        zone.taxesFreight,
      ]),
    ).toEqual([
      ['Canada', 5, 5, 'GST 123456789 RT0001', false],
      ['Ontario, Canada', 13, 13, 'HST 123456789 RT0001', false],
      ['Germany', 19, 7, 'DE 136 695 976', true],
      ['New York, United States', 8.875, 8.875, 'NY certificate of authority 12-3456789', true],
      ['Pennsylvania, United States', 6, 6, PA_PERMIT, false],
    ]);

    expect(await ratesForPlace(ctx.db, { country: 'US', region: 'PA' })).toEqual({
      standard: 6000,
      reduced: 6000,
      zero: 0,
    });
    expect((await ratesForPlace(ctx.db, { country: 'us', region: 'ny' }))?.standard).toBe(8875);
    expect(await ratesForPlace(ctx.db, { country: 'US', region: 'OH' })).toBeNull();
    expect((await ratesForPlace(ctx.db, { country: 'CA', region: 'ON' }))?.standard).toBe(13_000);
    expect((await ratesForPlace(ctx.db, { country: 'CA', region: 'AB' }))?.standard).toBe(5000);
    expect(await ratesForPlace(ctx.db, { country: 'DE' })).toEqual({
      standard: 19_000,
      reduced: 7000,
      zero: 0,
    });
    expect(await ratesForPlace(ctx.db, { country: 'FR' })).toBeNull();

    // A change and a deletion, each in the Audit Log.
    const pennsylvania = zones.find((zone) => zone.region === 'PA');
    const changed = await call('PUT', `/api/admin/tax-zones/${pennsylvania?._id ?? ''}`, {
      country: 'US',
      region: 'PA',
      rates: { standard: 7, reduced: 7 },
      registration: PA_PERMIT,
      taxesFreight: true,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await ratesForPlace(ctx.db, { country: 'US', region: 'PA' }))?.standard).toBe(7000);
    expect((await call('DELETE', `/api/admin/tax-zones/${pennsylvania?._id ?? ''}`)).statusCode).toBe(200);
    expect(await ratesForPlace(ctx.db, { country: 'US', region: 'PA' })).toBeNull();
    const audited = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, 'Pennsylvania, United States'));
    const six = { standard: 6, reduced: 6, zero: 0, registration: PA_PERMIT, taxesFreight: false };
    const seven = { standard: 7, reduced: 7, zero: 0, registration: PA_PERMIT, taxesFreight: true };
    expect(audited.map((entry) => [entry.action, entry.before, entry.after])).toEqual([
      ['tax_zone.save', null, six],
      ['tax_zone.save', six, seven],
      ['tax_zone.delete', seven, null],
    ]);
  });

  it('refuse a second zone for one place, a region that is not one, and rates out of range', async () => {
    const netherlands = {
      country: 'NL',
      rates: { standard: 21, reduced: 9 },
      registration: 'NL859123455B01',
    };
    expect((await call('POST', '/api/admin/tax-zones', netherlands)).statusCode).toBe(201);
    const again = await call('POST', '/api/admin/tax-zones', netherlands);
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorBody>().error.message).toBe('Netherlands has a tax zone already: change that one');
    const texas = { country: 'US', region: 'TX', registration: 'TX permit 3-12345-6789-0' };
    for (const [body, message] of [
      [{ ...texas, region: 'XX', rates: { standard: 5, reduced: 5 } }, 'XX is not a region of US'],
      [
        { ...texas, country: 'FR', region: 'IDF', rates: { standard: 20, reduced: 5.5 } },
        'Only US and Canadian zones name a region',
      ],
      [
        { ...texas, country: 'ZZ', region: null, rates: { standard: 5, reduced: 5 } },
        'Choose a country (its ISO code, e.g. US, DE)',
      ],
      [{ ...texas, rates: { standard: 101, reduced: 5 } }, 'The standard rate is at most 100 %'],
      [
        { ...texas, rates: { standard: 6.25, reduced: 6.2501 } },
        'The reduced rate has at most three decimals',
      ],
      // A zone is where the shop is registered: it names the registration, a VAT ID checked as one.
      [
        { country: 'US', region: 'TX', rates: { standard: 6.25, reduced: 6.25 } },
        'Registration: Give the registration you collect this tax under (a VAT ID, a sales tax permit)',
      ],
      [
        { country: 'FR', rates: { standard: 20, reduced: 5.5 }, registration: 'FR40123456825' },
        'Registration: FR40123456825 is not a valid VAT ID of France: its check digit is wrong.',
      ],
      [
        {
          country: 'FR',
          rates: { standard: 20, reduced: 5.5 },
          registration: 'NL859123455B01',
          taxesFreight: false,
        },
        'Taxes freight: In the EU freight is always taxed, at the rates of the goods it carries',
      ],
    ] as const) {
      const refused = await call('POST', '/api/admin/tax-zones', body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json<ErrorBody>().error.message).toContain(message);
    }
  });
});
