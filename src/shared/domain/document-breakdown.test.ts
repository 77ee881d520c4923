import { describe, expect, it } from 'vitest';
import { documentBreakdown } from './document-breakdown';
import { shareByWeight } from './tax';

describe('a document’s breakdown', () => {
  it('shares cents by weight, the leftovers to the largest remainders, adding up exactly', () => {
    expect(shareByWeight(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(shareByWeight(1000, [2, 1])).toEqual([667, 333]);
    expect(shareByWeight(5, [0, 0])).toEqual([5, 0]);
    for (const total of [1, 7, 99, 12_345]) {
      const parts = shareByWeight(total, [3, 7, 11, 0, 13]);
      expect(parts.reduce((sum, part) => sum + part, 0)).toBe(total);
    }
  });

  it('takes a restocking fee off the goods before tax, per rate, net and tax adding up to the fee', () => {
    // 10 × $20 at 21 %: $200 + $42 = $242; 15 % kept: $36.30 = $30.00 net + $6.30 VAT.
    const breakdown = documentBreakdown({
      lines: [{ rate: 21_000, amountCents: 20_000, taxCents: 4_200 }],
      freightCents: 0,
      freightTaxes: [],
      feeGrossCents: 3_630,
    });
    expect(breakdown.rates).toEqual([
      expect.objectContaining({
        rate: 21_000,
        feeCents: 3_000,
        feeTaxCents: 630,
        taxableCents: 17_000,
        taxCents: 3_570,
      }),
    ]);
    expect(breakdown).toMatchObject({
      goodsCents: 20_000,
      feeCents: 3_000,
      taxCents: 3_570,
      totalCents: 20_570,
    });
  });

  it('shares a fee across two rates by their amounts with tax, and the total is what the goods less the fee come to', () => {
    const lines = [
      { rate: 21_000, amountCents: 12_345, taxCents: 2_592 },
      { rate: 9_000, amountCents: 6_789, taxCents: 611 },
    ];
    const gross = 12_345 + 2_592 + 6_789 + 611;
    const fee = Math.round(gross * 0.15);
    const breakdown = documentBreakdown({ lines, freightCents: 0, freightTaxes: [], feeGrossCents: fee });
    expect(breakdown.feeCents + breakdown.feeTaxCents).toBe(fee);
    expect(breakdown.totalCents).toBe(gross - fee);
    for (const part of breakdown.rates) {
      expect(part.taxableCents).toBe(part.goodsCents - part.feeCents);
      expect(part.feeCents).toBeGreaterThan(0);
    }
  });

  it('keeps freight at the rates it was taxed at, and untaxed freight at 0 %', () => {
    const taxed = documentBreakdown({
      lines: [
        { rate: 6_000, amountCents: 14_808, taxCents: 888 },
        { rate: 0, amountCents: 33_300, taxCents: 0 },
      ],
      freightCents: 1_500,
      freightTaxes: [
        { rate: 6_000, baseCents: 462, taxCents: 28 },
        { rate: 0, baseCents: 1_038, taxCents: 0 },
      ],
    });
    expect(taxed.rates.map((part) => [part.rate, part.freightCents, part.taxCents])).toEqual([
      [6_000, 462, 916],
      [0, 1_038, 0],
    ]);
    expect(taxed.totalCents).toBe(14_808 + 33_300 + 1_500 + 916);
    const untaxed = documentBreakdown({
      lines: [{ rate: 20_000, amountCents: 10_000, taxCents: 2_000 }],
      freightCents: 2_500,
      freightTaxes: [],
    });
    expect(untaxed.rates.map((part) => [part.rate, part.freightCents])).toEqual([
      [20_000, 0],
      [0, 2_500],
    ]);
  });
});
