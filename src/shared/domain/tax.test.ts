import { describe, expect, it } from 'vitest';
import {
  type ZoneRates,
  componentTaxes,
  componentsAt,
  freightTaxes,
  lineTax,
  rateFromPercent,
  rateTax,
  rateToPercent,
  taxLines,
  taxesByRate,
} from './tax';

const pennsylvania: ZoneRates = { standard: rateFromPercent(6), reduced: rateFromPercent(6), zero: 0 };
const newYorkCity: ZoneRates = { standard: rateFromPercent(8.875), reduced: rateFromPercent(8.875), zero: 0 };
const germany: ZoneRates = { standard: rateFromPercent(19), reduced: rateFromPercent(7), zero: 0 };
const ontario: ZoneRates = { standard: rateFromPercent(13), reduced: rateFromPercent(13), zero: 0 };

describe('tax on a line', () => {
  it.each<[string, number, number, number]>([
    ['6 % of $100.00', 10_000, rateFromPercent(6), 600],
    ['8.875 % of $1.00 is 8.875 cents: 9', 100, rateFromPercent(8.875), 9],
    ['8.875 % of $0.40 is 3.55 cents: 4 (half up)', 40, rateFromPercent(8.875), 4],
    ['19 % of $0.50 is 9.5 cents: 10 (half up)', 50, rateFromPercent(19), 10],
    ['19 % of $0.02 is 0.38 cents: 0', 2, rateFromPercent(19), 0],
    ['7 % of $12,345.67 is 864.1969: 864', 1_234_567, rateFromPercent(7), 86_420],
    ['13 % of nothing', 0, rateFromPercent(13), 0],
    ['0 % of $2,500.00', 250_000, 0, 0],
    ['19 % of $90 billion, in integers', 9_000_000_000_000, rateFromPercent(19), 1_710_000_000_000],
  ])('%s', (_name, amountCents, rate, taxCents) => {
    expect(lineTax(amountCents, rate)).toBe(taxCents);
  });

  it('keeps a rate exact to a thousandth of a percent', () => {
    expect(rateFromPercent(8.875)).toBe(8875);
    expect(rateToPercent(8875)).toBe(8.875);
  });
});

describe('tax on an order', () => {
  const lines = [
    { amountCents: 125_000, taxClass: 'standard' as const },
    { amountCents: 40_000, taxClass: 'reduced' as const },
    { amountCents: 9_999, taxClass: 'zero' as const },
    { amountCents: 50_000, taxClass: 'exempt' as const },
  ];

  it.each<[string, ZoneRates | null, { rate: number; taxCents: number }[]]>([
    [
      'Germany: 19 % and 7 %, rounded per line',
      germany,
      [
        { rate: 19_000, taxCents: 23_750 },
        { rate: 7_000, taxCents: 2_800 },
        { rate: 0, taxCents: 0 },
      ],
    ],
    [
      'Pennsylvania: one rate',
      pennsylvania,
      [
        { rate: 6_000, taxCents: 9_900 },
        { rate: 0, taxCents: 0 },
      ],
    ],
    [
      'New York City at 8.875 %',
      newYorkCity,
      [
        { rate: 8_875, taxCents: 11_094 + 3_550 },
        { rate: 0, taxCents: 0 },
      ],
    ],
    [
      'Ontario HST',
      ontario,
      [
        { rate: 13_000, taxCents: 16_250 + 5_200 },
        { rate: 0, taxCents: 0 },
      ],
    ],
    ['no zone for the destination: nothing', null, [{ rate: 0, taxCents: 0 }]],
  ])('%s', (_name, rates, expected) => {
    expect(taxesByRate(taxLines(lines, rates))).toEqual(expected);
  });

  it('taxes nothing under an exemption or the reverse charge', () => {
    expect(taxLines(lines, germany, true).every((line) => line.rate === 0 && line.taxCents === 0)).toBe(true);
  });

  it('taxes each rate’s total, as EN 16931 does: two lines of 9.5 cents are 19 cents, shared 10 and 9', () => {
    const halves = [
      { amountCents: 50, taxClass: 'standard' as const },
      { amountCents: 50, taxClass: 'standard' as const },
    ];
    expect(taxLines(halves, germany)).toEqual([
      { rate: 19_000, taxCents: 10 },
      { rate: 19_000, taxCents: 9 },
    ]);
    expect(taxesByRate(taxLines(halves, germany))).toEqual([{ rate: 19_000, taxCents: 19 }]);
  });

  it('keeps every rate’s tax at rate × base however many lines, and freight quoted later too', () => {
    // 17 lines of $1.05 at 19 %: each line's own rounding (20 cents) would make $3.40, not 17 × 19.95.
    const lines = Array.from({ length: 17 }, () => ({ amountCents: 105, taxClass: 'standard' as const }));
    const taxed = taxLines(lines, germany);
    expect(taxesByRate(taxed)).toEqual([{ rate: 19_000, taxCents: lineTax(17 * 105, 19_000) }]);
    expect(lineTax(17 * 105, 19_000)).toBe(339);
    // The freight's tax is what it adds to its rate's: the header stays rate × (lines + freight).
    const [freight] = freightTaxes(
      333,
      lines.map((line) => ({ amountCents: line.amountCents, rate: 19_000 })),
    );
    expect(339 + (freight?.taxCents ?? 0)).toBe(lineTax(17 * 105 + 333, 19_000));
  });
});

describe('a rate made of taxes of their own (Quebec: GST 5 % + QST 9.975 %)', () => {
  const quebec: ZoneRates = {
    standard: 14_975,
    reduced: 14_975,
    zero: 0,
    components: [
      { name: 'GST', rate: 5_000, registration: '123456789 RT0001' },
      { name: 'QST', rate: 9_975, registration: '1234567890 TQ0001' },
    ],
  };

  it('splits only the rate the components add up to', () => {
    expect(componentsAt(quebec, 14_975)?.map((component) => component.name)).toEqual(['GST', 'QST']);
    expect(componentsAt(quebec, 0)).toBeNull();
    expect(componentsAt(quebec, 5_000)).toBeNull();
    expect(componentsAt(pennsylvania, 6_000)).toBeNull();
  });

  it('charges each tax on its own, rounded on its own', () => {
    // $1,073.09: GST 53.6545 -> 53.65, QST 107.0407 -> 107.04; 14.975 % at once would be 160.70.
    expect(rateTax(107_309, 14_975, quebec)).toBe(5_365 + 10_704);
    expect(lineTax(107_309, 14_975)).toBe(16_070);
    expect(rateTax(107_309, 14_975, pennsylvania)).toBe(16_070);
    const [line] = taxLines([{ amountCents: 107_309, taxClass: 'standard' }], quebec);
    expect(line).toEqual({ rate: 14_975, taxCents: 16_069 });
  });

  it('taxes freight by what it adds to each tax, so the rate’s tax is each tax on the whole base', () => {
    const [part] = freightTaxes(4_000, [{ amountCents: 103_309, rate: 14_975 }], quebec);
    const [line] = taxLines([{ amountCents: 103_309, taxClass: 'standard' }], quebec);
    expect((line?.taxCents ?? 0) + (part?.taxCents ?? 0)).toBe(rateTax(107_309, 14_975, quebec));
  });

  it('splits a document’s tax at the rate into each tax: exactly rate × base on an invoice', () => {
    expect(componentTaxes(16_069, 107_309, 14_975, quebec)?.map((component) => component.taxCents)).toEqual([
      5_365, 10_704,
    ]);
    // A credit note's tax, shared from the invoice's lines: split in the same proportion, to the cent.
    const credited = componentTaxes(7_800, 52_087, 14_975, quebec) ?? [];
    expect(credited.reduce((sum, component) => sum + component.taxCents, 0)).toBe(7_800);
    expect(componentTaxes(16_070, 107_309, 14_975, pennsylvania)).toBeNull();
  });
});
