import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readShopDetails } from '../config/shop-details';
import type { DatabaseHandle } from '../db/database';
import { products, reviews, taxZones } from '../db/schema';
import { readDemoCatalog, readDemoTaxZones, seedDemoOnce } from './seed-demo';
import { TaxZoneBody } from '../../shared/api/tax.schemas';
import { shippingRatesFor } from '../tax/shipping-zones';
import { openTestDatabase } from '../test/test-database';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('demo catalog', () => {
  it('ships at least 9 tools with local images and at least 6 reviews', () => {
    const catalog = readDemoCatalog();
    expect(catalog.tools.length).toBeGreaterThanOrEqual(9);
    expect(catalog.reviews.length).toBeGreaterThanOrEqual(6);
    for (const item of [...catalog.tools, ...catalog.reviews]) expect(item.img).toMatch(/^\/images\//);
  });

  it('seeds a new database once in its life, even after the owner empties the catalog', async () => {
    const { db } = database;
    expect(await seedDemoOnce(db)).toBe(true);
    const [tools] = await db.select({ n: count() }).from(products);
    const [reviewRows] = await db.select({ n: count() }).from(reviews);
    const demo = readDemoCatalog();
    // The single products, and each family's variants.
    const variants = demo.families.reduce((sum, family) => sum + family.variants.length, 0);
    expect(variants).toBeGreaterThan(0);
    expect(tools?.n).toBe(demo.tools.length + variants);
    expect(reviewRows?.n).toBe(readDemoCatalog().reviews.length);
    // A sample of tax zones: US states, Canada and its HST provinces, the EU's VAT.
    const zones = await db.select().from(taxZones);
    expect(zones).toHaveLength(readDemoTaxZones().zones.length);
    const place = (country: string, region: string | null) =>
      zones.find((zone) => zone.country === country && zone.region === region);
    expect(place('US', 'PA')).toMatchObject({ standardRate: 6000 });
    expect(place('CA', null)).toMatchObject({ standardRate: 5000 });
    expect(place('CA', 'ON')).toMatchObject({ standardRate: 13_000 });
    expect(place('DE', null)).toMatchObject({ standardRate: 19_000, reducedRate: 7000 });
    // Each zone names the registration the shop collects under: a state permit in a US state, the
    // shop's one EU VAT registration (content/business.json) in every member state.
    expect(place('US', 'PA')?.registration).toMatch(/^Pennsylvania sales tax license /);
    const { vatId } = readShopDetails();
    expect(vatId).toMatch(/^NL/);
    expect(place('DE', null)?.registration).toBe(vatId);
    expect(place('FR', null)?.registration).toBe(vatId);
    expect(zones.every((zone) => zone.registration.length > 0)).toBe(true);
    // Quebec's and British Columbia's rates are two taxes each, charged and printed on their own.
    expect(place('CA', 'QC')?.components.map((tax) => [tax.name, tax.rate])).toEqual([
      ['GST', 5000],
      ['QST', 9975],
    ]);
    expect(place('CA', 'BC')?.components.map((tax) => [tax.name, tax.rate])).toEqual([
      ['GST', 5000],
      ['PST', 7000],
    ]);
    // Every demo zone is one a shop admin could have saved.
    for (const zone of readDemoTaxZones().zones) {
      const { standard, reduced, ...rest } = zone;
      expect(TaxZoneBody.safeParse({ ...rest, rates: { standard, reduced } }).error?.issues ?? []).toEqual(
        [],
      );
    }
    // Parcel rates by weight for the US, Canada, the UK and the EU; every demo tool weighs something.
    const freight = await shippingRatesFor(db, { country: 'US', region: 'PA' });
    expect(freight).toMatchObject({ freeFromCents: 1_000_000, palletFromGrams: 500_000 });
    expect(await shippingRatesFor(db, { country: 'GB' })).toMatchObject({ palletFromGrams: 300_000 });
    expect(await shippingRatesFor(db, { country: 'DE' })).not.toBeNull();
    const weights = await db.select({ grams: products.weightGrams }).from(products);
    expect(weights.every((tool) => tool.grams > 0)).toBe(true);

    await db.delete(products);
    expect(await seedDemoOnce(db)).toBe(false);
    const [after] = await db.select({ n: count() }).from(products);
    expect(after?.n).toBe(0);
  });
});
