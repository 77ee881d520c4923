import { describe, expect, it } from 'vitest';
import type { ContractEntry } from '../../shared/domain/contract-prices';
import { effectiveTiers, priceLine, pricingFrom } from './price-line';

// Breaks stored when the shop's floor was 100: 100 at $12.50, 500 at $11.00, 1,000 at $10.00.
const drill = {
  sku: 'DR-1',
  minOrder: 50,
  orderMultiple: 1,
  priceTiers: [
    { minQuantity: 100, priceCents: 1250 },
    { minQuantity: 500, priceCents: 1100 },
    { minQuantity: 1000, priceCents: 1000 },
  ],
};
const at = new Date('2027-03-15T12:00:00Z');

describe('priceLine, the one pricing rule', () => {
  it('prices a line at the break its quantity reaches, when no contract prices it', () => {
    expect(priceLine(drill, 100, 100)).toEqual({
      unitPriceCents: 1250,
      amountCents: 125_000,
      source: { kind: 'tier', ref: null, label: null },
      listUnitPriceCents: 1250,
    });
    expect(priceLine(drill, 499, 100)).toMatchObject({ unitPriceCents: 1250, amountCents: 623_750 });
    expect(priceLine(drill, 500, 100)).toMatchObject({ unitPriceCents: 1100, amountCents: 550_000 });
    expect(priceLine(drill, 2500, 100)).toMatchObject({ unitPriceCents: 1000, amountCents: 2_500_000 });
  });

  it('starts the breaks at the lower bound as it is today, when the shop floor has moved', () => {
    // The floor rose to 600: the first break is at 600, at the price 600 units paid before.
    expect(effectiveTiers(drill, 600)).toEqual([
      { minQuantity: 600, priceCents: 1100 },
      { minQuantity: 1000, priceCents: 1000 },
    ]);
    expect(priceLine(drill, 600, 600)).toMatchObject({ unitPriceCents: 1100 });
  });

  it('prices a contract buyer from their list, saying which, with the list price beside it', () => {
    const entry: ContractEntry = {
      listId: 'list-1',
      listName: 'Acme 2027',
      priority: 1,
      priceTiers: null,
      percentOff: 10,
      validFrom: null,
      validTo: '2027-03-15',
    };
    const pricing = pricingFrom(new Map([['DR-1', [entry]]]), 100, at);
    expect(pricing.line(drill, 500)).toEqual({
      unitPriceCents: 990,
      amountCents: 495_000,
      source: { kind: 'contract', ref: 'list-1', label: 'Acme 2027' },
      listUnitPriceCents: 1100,
    });
    expect(pricing.tiers(drill)).toEqual({
      tiers: [
        { minQuantity: 100, priceCents: 1125 },
        { minQuantity: 500, priceCents: 990 },
        { minQuantity: 1000, priceCents: 900 },
      ],
      source: { kind: 'contract', ref: 'list-1', label: 'Acme 2027' },
    });
    // A SKU the list does not price, and the day after the list ends: the product's own breaks.
    expect(pricing.line({ ...drill, sku: 'OTHER' }, 500).source.kind).toBe('tier');
    const nextDay = pricingFrom(new Map([['DR-1', [entry]]]), 100, new Date('2027-03-16T00:00:00Z'));
    expect(nextDay.line(drill, 500)).toMatchObject({ unitPriceCents: 1100, source: { kind: 'tier' } });
  });
});
