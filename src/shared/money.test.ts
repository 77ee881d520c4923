import { describe, expect, it } from 'vitest';
import { centsToDollars, dollarsToCents, formatDollars } from './money';

describe('money', () => {
  it('converts dollars to whole cents without floating point drift', () => {
    expect(dollarsToCents(12.5)).toBe(1250);
    expect(dollarsToCents(0.29)).toBe(29);
    expect(dollarsToCents(1.1 + 2.2)).toBe(330);
    expect(dollarsToCents(19.99)).toBe(1999);
  });

  it('converts cents back to dollars', () => {
    expect(centsToDollars(1999)).toBe(19.99);
    expect(centsToDollars(100)).toBe(1);
  });

  it('formats dollars with the $ sign, grouping and two decimals', () => {
    expect(formatDollars(1234.5)).toBe('$1,234.50');
    expect(formatDollars(3)).toBe('$3.00');
  });
});
