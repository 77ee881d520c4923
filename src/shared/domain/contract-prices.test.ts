import { describe, expect, it } from 'vitest';
import { priceOrder } from './price-tiers';
import { type ContractEntry, discountedTiers, resolvePrice, resolveTiers, validAt } from './contract-prices';

/** A product's base breaks from its lower bound, 100 units: $20.00, $18.00 from 500. */
const base = [
  { minQuantity: 100, priceCents: 2000 },
  { minQuantity: 500, priceCents: 1800 },
];
const entry = (over: Partial<ContractEntry>): ContractEntry => ({
  listId: 'l1',
  listName: 'Acme 2027',
  priority: 1,
  priceTiers: null,
  percentOff: null,
  validFrom: null,
  validTo: null,
  ...over,
});
const at = new Date('2027-03-15T12:00:00Z');

describe('a contract price', () => {
  it.each<[string, ContractEntry[], number, number, string]>([
    ['no list: the base breaks', [], 100, 2000, 'tier'],
    ['no list, a larger order: the base break it reaches', [], 500, 1800, 'tier'],
    ['a fixed price', [entry({ priceTiers: [{ minQuantity: 100, priceCents: 1500 }] })], 100, 1500, 'l1'],
    [
      'fixed breaks of its own',
      [
        entry({
          priceTiers: [
            { minQuantity: 100, priceCents: 1500 },
            { minQuantity: 300, priceCents: 1400 },
          ],
        }),
      ],
      300,
      1400,
      'l1',
    ],
    ['10 % off the base break', [entry({ percentOff: 10 })], 500, 1620, 'l1'],
    [
      'the higher priority wins, though dearer',
      [
        entry({ listId: 'cheap', priority: 1, percentOff: 50 }),
        entry({ listId: 'agreed', listName: 'B', priority: 5, percentOff: 5 }),
      ],
      100,
      1900,
      'agreed',
    ],
    [
      'of equal priority, the lowest price',
      [
        entry({ listId: 'five', listName: 'A', priority: 2, percentOff: 5 }),
        entry({
          listId: 'fixed',
          listName: 'B',
          priority: 2,
          priceTiers: [{ minQuantity: 100, priceCents: 1700 }],
        }),
      ],
      100,
      1700,
      'fixed',
    ],
    [
      'a list not yet valid is passed over for the next',
      [
        entry({ listId: 'future', priority: 9, percentOff: 50, validFrom: '2027-03-16' }),
        entry({ listId: 'now', listName: 'B', priority: 1, percentOff: 10 }),
      ],
      100,
      1800,
      'now',
    ],
    [
      'an expired list: the base breaks',
      [entry({ percentOff: 10, validTo: '2027-03-14' })],
      100,
      2000,
      'tier',
    ],
  ])('%s', (_name, entries, quantity, unitPriceCents, source) => {
    const price = resolvePrice(base, entries, quantity, at, 100);
    expect(price.unitPriceCents).toBe(unitPriceCents);
    expect(price.amountCents).toBe(unitPriceCents * quantity);
    expect(price.source.kind === 'tier' ? 'tier' : price.source.listId).toBe(source);
  });

  it('applies from midnight UTC of its first day to the last moment of its last day', () => {
    const window = { validFrom: '2027-03-01', validTo: '2027-03-31' };
    expect(validAt(window, new Date('2027-02-28T23:59:59.999Z'))).toBe(false);
    expect(validAt(window, new Date('2027-03-01T00:00:00.000Z'))).toBe(true);
    expect(validAt(window, new Date('2027-03-31T23:59:59.999Z'))).toBe(true);
    expect(validAt(window, new Date('2027-04-01T00:00:00.000Z'))).toBe(false);
    expect(validAt({ validFrom: null, validTo: null }, new Date('1999-01-01T00:00:00Z'))).toBe(true);
  });

  it('rounds a percentage off to the cent, half a cent up', () => {
    expect(discountedTiers([{ minQuantity: 1, priceCents: 1999 }], 12.5)).toEqual([
      { minQuantity: 1, priceCents: 1749 },
    ]);
    // 33.33 % off $10.00 is 666.7 cents: 667.
    expect(discountedTiers([{ minQuantity: 1, priceCents: 1000 }], 33.33)[0]?.priceCents).toBe(667);
    // 15 % off 1,250 cents is exactly 1,062.5: up to 1,063.
    expect(discountedTiers([{ minQuantity: 1, priceCents: 1250 }], 15)[0]?.priceCents).toBe(1063);
    expect(discountedTiers([{ minQuantity: 1, priceCents: 1 }], 0.01)[0]?.priceCents).toBe(1);
  });

  it('keeps its own breaks to the product’s lower bound', () => {
    // The list's first break is at 50 units; the product cannot be ordered below 100.
    const price = resolvePrice(
      base,
      [
        entry({
          priceTiers: [
            { minQuantity: 50, priceCents: 1600 },
            { minQuantity: 150, priceCents: 1550 },
          ],
        }),
      ],
      100,
      at,
      100,
    );
    expect(price.unitPriceCents).toBe(1600);
  });

  it('shows the breaks that price every quantity as resolvePrice does, from the list that prices the minimum', () => {
    const equalPriority = [
      // 5 % off the base: $19.00 from 100, $17.10 from 500.
      entry({ listId: 'five', listName: 'A', priority: 2, percentOff: 5 }),
      // Fixed: $19.50 from 100, $17.50 from 300, $16.00 from 1,000.
      entry({
        listId: 'fixed',
        listName: 'B',
        priority: 2,
        priceTiers: [
          { minQuantity: 100, priceCents: 1950 },
          { minQuantity: 300, priceCents: 1750 },
          { minQuantity: 1000, priceCents: 1600 },
        ],
      }),
      entry({ listId: 'low', priority: 1, percentOff: 60 }),
    ];
    const { tiers, source } = resolveTiers(base, equalPriority, at, 100);
    expect(tiers).toEqual([
      { minQuantity: 100, priceCents: 1900 },
      { minQuantity: 300, priceCents: 1750 },
      { minQuantity: 500, priceCents: 1710 },
      { minQuantity: 1000, priceCents: 1600 },
    ]);
    expect(source).toEqual({ kind: 'contract', listId: 'five', listName: 'A' });
    for (const quantity of [100, 299, 300, 499, 500, 999, 1000, 5000]) {
      expect(priceOrder(tiers, quantity).unitPriceCents).toBe(
        resolvePrice(base, equalPriority, quantity, at, 100).unitPriceCents,
      );
    }
    expect(resolveTiers(base, [], at, 100)).toEqual({ tiers: base, source: { kind: 'tier' } });
  });
});

describe('a free contract price', () => {
  it('is never made: 100 % off is refused, and a discount never takes a break below a cent', async () => {
    const { PriceListEntryBody } = await import('../api/price-lists.schemas');
    const full = PriceListEntryBody.safeParse({ sku: 'T-1', percentOff: 100 });
    expect(full.success).toBe(false);
    expect(full.error?.issues.map((issue) => issue.message)).toContain(
      'The percentage off must be less than 100',
    );
    expect(discountedTiers([{ minQuantity: 100, priceCents: 1 }], 99.99)).toEqual([
      { minQuantity: 100, priceCents: 1 },
    ]);
  });
});
