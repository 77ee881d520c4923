import { describe, expect, it } from 'vitest';
import { effectiveTiers, priceLine } from './price-line';

// Breaks stored when the shop's floor was 100: 100 at $12.50, 500 at $11.00, 1,000 at $10.00.
const drill = {
  minOrder: 50,
  priceTiers: [
    { minQuantity: 100, priceCents: 1250 },
    { minQuantity: 500, priceCents: 1100 },
    { minQuantity: 1000, priceCents: 1000 },
  ],
};

describe('priceLine, the one pricing rule', () => {
  it('prices a line at the break its quantity reaches, for any buyer', () => {
    expect(priceLine(null, drill, 100, 100)).toEqual({
      unitPriceCents: 1250,
      amountCents: 125_000,
      source: { kind: 'tier', ref: null },
    });
    expect(priceLine({ id: 'u1' }, drill, 499, 100)).toMatchObject({
      unitPriceCents: 1250,
      amountCents: 623_750,
    });
    expect(priceLine({ id: 'u1' }, drill, 500, 100)).toMatchObject({
      unitPriceCents: 1100,
      amountCents: 550_000,
    });
    expect(priceLine(null, drill, 2500, 100)).toMatchObject({ unitPriceCents: 1000, amountCents: 2_500_000 });
  });

  it('starts the breaks at the lower bound as it is today, when the shop floor has moved', () => {
    // The floor rose to 600: the first break is at 600, at the price 600 units paid before.
    expect(effectiveTiers(drill, 600)).toEqual([
      { minQuantity: 600, priceCents: 1100 },
      { minQuantity: 1000, priceCents: 1000 },
    ]);
    expect(priceLine(null, drill, 600, 600)).toMatchObject({ unitPriceCents: 1100 });
  });
});
