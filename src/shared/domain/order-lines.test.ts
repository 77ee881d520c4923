import { describe, expect, it } from 'vitest';
import { itemsSummary } from './order-lines';

describe('an order made of lines', () => {
  it('names its items by the first line, and how many more there are', () => {
    expect(itemsSummary([{ name: 'Claw hammer' }])).toBe('Claw hammer');
    expect(itemsSummary([{ name: 'Claw hammer' }, { name: 'Drill' }, { name: 'Saw' }])).toBe(
      'Claw hammer + 2 more',
    );
  });
});
