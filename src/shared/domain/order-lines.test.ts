import { describe, expect, it } from 'vitest';
import { itemsSummary, orderTotals } from './order-lines';

describe('an order made of lines', () => {
  it('totals every line', () => {
    expect(
      orderTotals([
        { quantity: 100, amountCents: 125_000 },
        { quantity: 250, amountCents: 262_500 },
      ]),
    ).toEqual({ quantity: 350, amountCents: 387_500 });
    expect(orderTotals([])).toEqual({ quantity: 0, amountCents: 0 });
  });

  it('names its items by the first line, and how many more there are', () => {
    expect(itemsSummary([{ name: 'Claw hammer' }])).toBe('Claw hammer');
    expect(itemsSummary([{ name: 'Claw hammer' }, { name: 'Drill' }, { name: 'Saw' }])).toBe(
      'Claw hammer + 2 more',
    );
  });
});
