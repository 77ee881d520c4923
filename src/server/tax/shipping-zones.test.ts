import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../shared/api/errors';
import type { ShippingZone } from '../../shared/api/tax.schemas';
import { freightFor } from '../../shared/domain/freight';
import { type TestUser, injectAs, signUpAdmin } from '../test/auth-helpers';
import { createTestApp } from '../test/test-app';
import { shippingRatesFor } from './shipping-zones';

/** Shipping zones: freight by weight band per place, kept by shop admins. */
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

const mainland = {
  country: 'US',
  bands: [
    { upToKg: 5, price: 12 },
    { upToKg: 20, price: 25 },
    { upToKg: 100, price: 80 },
  ],
  freeFrom: 2500,
  palletFromKg: 300,
};

describe('shipping zones', () => {
  it('price freight by weight at a place: its region’s zone, else its country’s', async () => {
    expect((await call('POST', '/api/admin/shipping-zones', mainland)).statusCode).toBe(201);
    const alaska = await call('POST', '/api/admin/shipping-zones', {
      ...mainland,
      region: 'ak',
      bands: [{ upToKg: 20, price: 90 }],
      freeFrom: null,
      palletFromKg: 150,
    });
    expect(alaska.statusCode, alaska.body).toBe(201);
    const zones = (await call('GET', '/api/admin/shipping-zones')).json<ShippingZone[]>();
    expect(zones.map((zone) => [zone.name, zone.bands.length, zone.freeFrom, zone.palletFromKg])).toEqual([
      ['United States', 3, 2500, 300],
      ['Alaska, United States', 1, null, 150],
    ]);

    const pennsylvania = await shippingRatesFor(ctx.db, { country: 'US', region: 'PA' });
    expect(freightFor(12_000, 50_000, pennsylvania)).toMatchObject({ kind: 'priced', cents: 2500 });
    expect(freightFor(12_000, 250_000, pennsylvania)).toMatchObject({ kind: 'free', cents: 0 });
    const anchorage = await shippingRatesFor(ctx.db, { country: 'us', region: 'AK' });
    expect(freightFor(12_000, 250_000, anchorage)).toMatchObject({ kind: 'priced', cents: 9000 });
    expect(freightFor(160_000, 50_000, anchorage).kind).toBe('quoted');
    expect(await shippingRatesFor(ctx.db, { country: 'DE' })).toBeNull();
  });

  it('refuse bands that do not rise or pass the pallet weight, and a second zone for one place', async () => {
    const falling = await call('POST', '/api/admin/shipping-zones', {
      ...mainland,
      country: 'CA',
      bands: [
        { upToKg: 20, price: 25 },
        { upToKg: 5, price: 12 },
      ],
    });
    expect(falling.statusCode).toBe(400);
    expect(falling.json<ErrorBody>().error.message).toContain(
      'Weight band 2 must carry more than band 1 (bands go up in weight)',
    );
    const heavy = await call('POST', '/api/admin/shipping-zones', {
      ...mainland,
      country: 'CA',
      palletFromKg: 50,
    });
    expect(heavy.json<ErrorBody>().error.message).toContain(
      'Every weight band must stay below the pallet weight, from which the shop quotes',
    );
    const again = await call('POST', '/api/admin/shipping-zones', mainland);
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorBody>().error.message).toBe(
      'United States has a shipping zone already: change that one',
    );
  });
});
