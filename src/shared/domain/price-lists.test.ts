import { describe, expect, it } from 'vitest';
import { entryProblems, windowsOverlap } from './price-lists';

describe('a price list’s entries', () => {
  it('share a day exactly when their windows overlap, open ends included', () => {
    const march = { validFrom: '2027-03-01', validTo: '2027-03-31' };
    expect(windowsOverlap(march, { validFrom: '2027-03-31', validTo: null })).toBe(true);
    expect(windowsOverlap(march, { validFrom: '2027-04-01', validTo: null })).toBe(false);
    expect(windowsOverlap(march, { validFrom: null, validTo: '2027-02-28' })).toBe(false);
    expect(windowsOverlap({ validFrom: null, validTo: null }, march)).toBe(true);
  });

  it('refuse one SKU priced twice on a day, in any letter case, and say which entry clashes', () => {
    expect(
      entryProblems([
        { sku: 'FT-1', percentOff: 5, validFrom: '2027-01-01', validTo: '2027-06-30' },
        { sku: 'FT-2', percentOff: 5 },
        { sku: 'ft-1', percentOff: 8, validFrom: '2027-06-30' },
      ]),
    ).toEqual([{ index: 2, field: 'validFrom', message: 'Entry 1 prices FT-1 on some of the same days' }]);
    expect(
      entryProblems([
        { sku: 'FT-1', percentOff: 5, validTo: '2027-06-29' },
        { sku: 'FT-1', percentOff: 8, validFrom: '2027-06-30' },
      ]),
    ).toEqual([]);
  });

  it('take breaks or a percentage, never both or neither; breaks rise in units and not in price', () => {
    const problems = entryProblems([
      { sku: 'A', percentOff: 5, priceTiers: [{ minQuantity: 1, price: 2 }] },
      { sku: 'B' },
      {
        sku: 'C',
        priceTiers: [
          { minQuantity: 100, price: 2 },
          { minQuantity: 100, price: 1 },
        ],
      },
      {
        sku: 'D',
        priceTiers: [
          { minQuantity: 100, price: 2 },
          { minQuantity: 200, price: 3 },
        ],
      },
      { sku: 'E', percentOff: 5, validFrom: '2027-02-01', validTo: '2027-01-31' },
    ]);
    expect(problems.map((problem) => [problem.index, problem.field])).toEqual([
      [0, 'priceTiers'],
      [1, 'priceTiers'],
      [2, 'priceTiers'],
      [3, 'priceTiers'],
      [4, 'validTo'],
    ]);
  });
});
