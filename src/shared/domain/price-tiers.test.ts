import { describe, expect, it } from 'vitest';
import {
  type CentsTier,
  nextBreak,
  priceOrder,
  tierFor,
  tierProblem,
  tiersFrom,
  volumeNudge,
} from './price-tiers';

const tiers: CentsTier[] = [
  { minQuantity: 100, priceCents: 1000 },
  { minQuantity: 500, priceCents: 900 },
  { minQuantity: 1000, priceCents: 800 },
];

describe('priceOrder', () => {
  it.each([
    [100, 1000],
    [499, 1000],
    [500, 900],
    [999, 900],
    [1000, 800],
    [25_000, 800],
  ])('prices %i units at %i cents each', (quantity, unit) => {
    expect(priceOrder(tiers, quantity)).toEqual({ unitPriceCents: unit, amountCents: unit * quantity });
  });

  it('prices a quantity below every break at the first', () => {
    expect(tierFor(tiers, 10)).toBe(tiers[0]);
  });
});

describe('tiersFrom', () => {
  it('leaves tiers saved at the lower bound as they are', () => {
    expect(tiersFrom(tiers, 100)).toEqual(tiers);
  });

  it('starts at a raised floor with the price that floor reaches', () => {
    expect(tiersFrom(tiers, 600)).toEqual([
      { minQuantity: 600, priceCents: 900 },
      { minQuantity: 1000, priceCents: 800 },
    ]);
  });

  it('starts at a lowered floor with the first price', () => {
    expect(tiersFrom(tiers, 50)[0]).toEqual({ minQuantity: 50, priceCents: 1000 });
  });
});

describe('tierProblem', () => {
  const dollars = (...list: [number, number][]) =>
    list.map(([minQuantity, price]) => ({ minQuantity, price }));

  it('accepts ascending quantities with prices that never rise', () => {
    expect(tierProblem(dollars([100, 10], [500, 9], [1000, 9]), 100)).toBeNull();
  });

  it('names the minimum order when the first break is elsewhere', () => {
    expect(tierProblem(dollars([200, 10]), 150)).toBe(
      'The first price break must start at the minimum order (150 units)',
    );
  });

  it('refuses quantities that do not go up', () => {
    expect(tierProblem(dollars([100, 10], [500, 9], [500, 8]), 100)).toMatch(
      /^Price break 3: its quantity must be above 500 units/,
    );
  });

  it('refuses a price that rises', () => {
    expect(tierProblem(dollars([100, 10], [500, 11]), 100)).toMatch(
      /^Price break 2: its price must not be above \$10\.00/,
    );
  });

  it('needs at least one price', () => {
    expect(tierProblem([], 100)).toBe('Give at least one price');
  });
});

describe('volumeNudge', () => {
  it('names the units to add, the new unit price and how the total changes when a break is near', () => {
    // 450 at $10.00 is $4,500; 500 at $9.00 is $4,500 too: no saving to claim, 50 units for nothing.
    expect(volumeNudge(tiers, 450, 5000)).toEqual({
      addUnits: 50,
      unitPriceCents: 900,
      totalCents: 450_000,
      totalChangeCents: 0,
    });
    // 480 at $10.00 is $4,800; 500 at $9.00 costs $300 less in all.
    expect(volumeNudge(tiers, 480, 5000)).toMatchObject({ addUnits: 20, totalChangeCents: -30_000 });
    // 420 at $10.00 is $4,200; the larger order costs $300 more: never called a saving.
    expect(volumeNudge(tiers, 420, 5000)).toMatchObject({ addUnits: 80, totalChangeCents: 30_000 });
  });

  it('stays quiet when the next break is far', () => {
    expect(volumeNudge(tiers, 100, 5000)).toBeNull();
  });

  it('stays quiet past the last break', () => {
    expect(volumeNudge(tiers, 1200, 5000)).toBeNull();
  });

  it('never nudges beyond the stock', () => {
    expect(volumeNudge(tiers, 450, 480)).toBeNull();
  });
});

describe('nextBreak', () => {
  const tiers: CentsTier[] = [
    { minQuantity: 100, priceCents: 1250 },
    { minQuantity: 500, priceCents: 1100 },
    { minQuantity: 1000, priceCents: 1100 },
  ];
  it('is the next cheaper break within the stock, however far', () => {
    expect(nextBreak(tiers, 100, 2000)).toEqual({ minQuantity: 500, priceCents: 1100 });
    expect(nextBreak(tiers, 499, 2000)).toEqual({ minQuantity: 500, priceCents: 1100 });
  });
  it('is none past the stock, at the last break, or when the next is not cheaper', () => {
    expect(nextBreak(tiers, 100, 400)).toBeNull();
    expect(nextBreak(tiers, 500, 5000)).toBeNull();
    expect(nextBreak([{ minQuantity: 100, priceCents: 900 }], 100, 5000)).toBeNull();
  });
});
