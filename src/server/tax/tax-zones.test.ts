import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../shared/api/errors';
import type { TaxZone } from '../../shared/api/tax.schemas';
import { auditLog } from '../db/schema';
import { type TestUser, injectAs, signUpAdmin } from '../test/auth-helpers';
import { createTestApp } from '../test/test-app';
import { ratesForPlace } from './tax-zones';

/** Issue 35, tax zones: rates per country or region, kept by shop admins; an address's rates. */
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

describe('tax zones', () => {
  it('are kept per country or region, audited; an address takes its region’s, else its country’s', async () => {
    for (const zone of [
      { country: 'us', region: 'pa', rates: { standard: 6, reduced: 6 } },
      { country: 'US', region: 'NY', rates: { standard: 8.875, reduced: 8.875 } },
      { country: 'CA', rates: { standard: 5, reduced: 5 } },
      { country: 'CA', region: 'ON', rates: { standard: 13, reduced: 13 } },
      { country: 'DE', rates: { standard: 19, reduced: 7, zero: 0 } },
    ]) {
      const made = await call('POST', '/api/admin/tax-zones', zone);
      expect(made.statusCode, made.body).toBe(201);
    }
    const zones = (await call('GET', '/api/admin/tax-zones')).json<TaxZone[]>();
    expect(zones.map((zone) => [zone.name, zone.rates.standard, zone.rates.reduced])).toEqual([
      ['Canada', 5, 5],
      ['Ontario, Canada', 13, 13],
      ['Germany', 19, 7],
      ['New York, United States', 8.875, 8.875],
      ['Pennsylvania, United States', 6, 6],
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
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await ratesForPlace(ctx.db, { country: 'US', region: 'PA' }))?.standard).toBe(7000);
    expect((await call('DELETE', `/api/admin/tax-zones/${pennsylvania?._id ?? ''}`)).statusCode).toBe(200);
    expect(await ratesForPlace(ctx.db, { country: 'US', region: 'PA' })).toBeNull();
    const audited = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, 'Pennsylvania, United States'));
    expect(audited.map((entry) => [entry.action, entry.before, entry.after])).toEqual([
      ['tax_zone.save', null, { standard: 6, reduced: 6, zero: 0 }],
      ['tax_zone.save', { standard: 6, reduced: 6, zero: 0 }, { standard: 7, reduced: 7, zero: 0 }],
      ['tax_zone.delete', { standard: 7, reduced: 7, zero: 0 }, null],
    ]);
  });

  it('refuse a second zone for one place, a region that is not one, and rates out of range', async () => {
    await call('POST', '/api/admin/tax-zones', { country: 'NL', rates: { standard: 21, reduced: 9 } });
    const again = await call('POST', '/api/admin/tax-zones', {
      country: 'NL',
      rates: { standard: 21, reduced: 9 },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorBody>().error.message).toBe('Netherlands has a tax zone already: change that one');
    for (const [body, message] of [
      [{ country: 'US', region: 'XX', rates: { standard: 5, reduced: 5 } }, 'XX is not a region of US'],
      [
        { country: 'FR', region: 'IDF', rates: { standard: 20, reduced: 5.5 } },
        'Only US and Canadian zones name a region',
      ],
      [{ country: 'ZZ', rates: { standard: 5, reduced: 5 } }, 'Choose a country (its ISO code, e.g. US, DE)'],
      [
        { country: 'US', region: 'TX', rates: { standard: 101, reduced: 5 } },
        'The standard rate is at most 100 %',
      ],
      [
        { country: 'US', region: 'TX', rates: { standard: 6.25, reduced: 6.2501 } },
        'The reduced rate has at most three decimals',
      ],
    ] as const) {
      const refused = await call('POST', '/api/admin/tax-zones', body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json<ErrorBody>().error.message).toContain(message);
    }
  });
});
