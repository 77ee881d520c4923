import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ORDER_MIN_UNITS,
  canBeOrdered,
  quantityBounds,
  quantityProblem,
  stockLevel,
} from './order-quantity';

const floor = DEFAULT_ORDER_MIN_UNITS;

describe('quantity bounds (DESIGN §4)', () => {
  it('uses the shop floor unless the product asks for more', () => {
    expect(quantityBounds({ min_order: 50, available: 900 }, floor)).toEqual({ lower: 100, upper: 900 });
    expect(quantityBounds({ min_order: 250, available: 900 }, floor)).toEqual({ lower: 250, upper: 900 });
    expect(quantityBounds({ min_order: 10, available: 900 }, 20)).toEqual({ lower: 20, upper: 900 });
  });

  it('answers the spec messages at lower-1 and available+1, and nothing inside', () => {
    const bounds = quantityBounds({ min_order: 150, available: 700 }, floor);
    expect(quantityProblem(149, bounds)).toEqual({
      kind: 'below',
      message: 'sorry you cannot order less than 150',
    });
    expect(quantityProblem(150, bounds)).toBeNull();
    expect(quantityProblem(700, bounds)).toBeNull();
    expect(quantityProblem(701, bounds)).toEqual({
      kind: 'above',
      message: 'Sorry, you can not buy more than 700',
    });
  });

  it('knows when stock is too low for any order', () => {
    expect(canBeOrdered(quantityBounds({ min_order: 100, available: 99 }, floor))).toBe(false);
    expect(canBeOrdered(quantityBounds({ min_order: 100, available: 100 }, floor))).toBe(true);
  });
});

describe('stockLevel', () => {
  it.each([
    [{ lower: 100, upper: 99 }, 'below-minimum'],
    [{ lower: 100, upper: 100 }, 'low'],
    [{ lower: 100, upper: 199 }, 'low'],
    [{ lower: 100, upper: 200 }, 'in-stock'],
  ] as const)('labels %j as %s', (bounds, level) => {
    expect(stockLevel(bounds)).toBe(level);
  });
});
