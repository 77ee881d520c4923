import { describe, expect, it } from 'vitest';
import { type ShippingRates, cartonsOf, freightFor, orderGrams, shippingRatesProblem } from './freight';

// Parcels up to 5 kg $12, 20 kg $25, 100 kg $80; free from $2,500; a pallet from 300 kg.
const continental: ShippingRates = {
  bands: [
    { upToGrams: 5_000, priceCents: 1_200 },
    { upToGrams: 20_000, priceCents: 2_500 },
    { upToGrams: 100_000, priceCents: 8_000 },
  ],
  freeFromCents: 250_000,
  palletFromGrams: 300_000,
};

describe('freight', () => {
  it.each<[string, number, number, string]>([
    ['a light parcel', 4_999, 10_000, 'priced 1200'],
    ['exactly the band’s weight', 5_000, 10_000, 'priced 1200'],
    ['a gram more: the next band', 5_001, 10_000, 'priced 2500'],
    ['the heaviest band', 100_000, 10_000, 'priced 8000'],
    ['past the last band, below a pallet: quoted', 100_001, 10_000, 'quoted'],
    ['at the free threshold', 20_000, 250_000, 'free'],
    ['a pallet is quoted even above the free threshold', 300_000, 900_000, 'quoted'],
  ])('%s', (_name, grams, subtotal, expected) => {
    const freight = freightFor(grams, subtotal, continental);
    expect(freight.kind === 'priced' ? `priced ${freight.cents}` : freight.kind).toBe(expected);
  });

  it('is unavailable where the shop does not deliver', () => {
    expect(freightFor(1_000, 1_000, null)).toEqual({ kind: 'unavailable', cents: null });
  });

  it('weighs every unit and counts part-filled cartons', () => {
    // 2,000 wrenches of 350 g, 50 to a carton; 120 levels of 1.2 kg, 8 to a carton.
    const lines = [
      { quantity: 2_000, unitGrams: 350, unitsPerCarton: 50 },
      { quantity: 120, unitGrams: 1_200, unitsPerCarton: 8 },
    ];
    expect(orderGrams(lines)).toBe(700_000 + 144_000);
    expect(cartonsOf([...lines, { quantity: 9, unitGrams: 1, unitsPerCarton: 8 }])).toBe(40 + 15 + 2);
    expect(freightFor(orderGrams(lines), 1_000_000, continental).kind).toBe('quoted');
  });

  it('refuses bands that do not rise, or reach the pallet weight', () => {
    expect(shippingRatesProblem(continental)).toBeNull();
    expect(shippingRatesProblem({ ...continental, bands: [] })).toBe('Give at least one weight band');
    expect(
      shippingRatesProblem({
        ...continental,
        bands: [
          { upToGrams: 5_000, priceCents: 1_200 },
          { upToGrams: 5_000, priceCents: 2_500 },
        ],
      }),
    ).toBe('Weight band 2 must carry more than band 1 (bands go up in weight)');
    expect(shippingRatesProblem({ ...continental, palletFromGrams: 100_000 })).toBe(
      'Every weight band must stay below the pallet weight, from which the shop quotes',
    );
  });
});
