import { describe, expect, it } from 'vitest';
import { excerpt, show } from './audit-values';

describe('an audit value as the Audit Log shows it', () => {
  it('shows price breaks and cents in dollars, not as stored', () => {
    expect(
      show(
        [
          { minQuantity: 100, priceCents: 1250 },
          { minQuantity: 500, priceCents: 1100 },
        ],
        'priceTiers',
      ),
    ).toBe('100+ at $12.50 · 500+ at $11.00');
    expect(show(2175, 'unitPriceCents')).toBe('$21.75');
    expect(show(300, 'available')).toBe('300');
  });

  it('cuts a long text around where it changed, so before and after differ', () => {
    const start = 'A sturdy drill for the workshop. '.repeat(4);
    const before = `${start}Ships with two batteries and a case.`;
    const after = `${start}Ships with three batteries and a case.`;
    const shownBefore = show(before, 'description', after);
    const shownAfter = show(after, 'description', before);
    expect(shownBefore).not.toBe(shownAfter);
    expect(shownBefore).toContain('two batteries');
    expect(shownAfter).toContain('three batteries');
    expect(shownAfter.startsWith('…')).toBe(true);
    expect(excerpt('short', 'other')).toBe('short');
  });
});
