import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ORDER_MIN_UNITS,
  canBeOrdered,
  quantityBounds,
  quantityAgain,
  quantityProblem,
  stockLevel,
} from './order-quantity';

const floor = DEFAULT_ORDER_MIN_UNITS;

describe('quantity bounds (DESIGN §4)', () => {
  it('uses the shop floor unless the product asks for more', () => {
    expect(quantityBounds({ min_order: 50, available: 900, orderMultiple: 1 }, floor)).toEqual({
      lower: 100,
      upper: 900,
      multiple: 1,
    });
    expect(quantityBounds({ min_order: 250, available: 900, orderMultiple: 1 }, floor)).toEqual({
      lower: 250,
      upper: 900,
      multiple: 1,
    });
    expect(quantityBounds({ min_order: 10, available: 900, orderMultiple: 1 }, 20)).toEqual({
      lower: 20,
      upper: 900,
      multiple: 1,
    });
  });

  it('answers the spec messages at lower-1 and available+1, and nothing inside', () => {
    const bounds = quantityBounds({ min_order: 150, available: 700, orderMultiple: 1 }, floor);
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
    expect(canBeOrdered(quantityBounds({ min_order: 100, available: 99, orderMultiple: 1 }, floor))).toBe(
      false,
    );
    expect(canBeOrdered(quantityBounds({ min_order: 100, available: 100, orderMultiple: 1 }, floor))).toBe(
      true,
    );
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

describe('packs (DESIGN §11)', () => {
  const bounds = quantityBounds({ min_order: 120, available: 1000, orderMultiple: 50 }, floor);
  it('rounds the lower bound up to whole packs', () => {
    expect(bounds).toEqual({ lower: 150, upper: 1000, multiple: 50 });
  });
  it('refuses a quantity that is no whole number of packs, naming the nearest that are', () => {
    expect(quantityProblem(175, bounds)).toEqual({
      kind: 'pack',
      message: 'Sold in packs of 50 units: order 150 or 200',
    });
    expect(quantityProblem(160, bounds)?.message).toBe('Sold in packs of 50 units: order 150 or 200');
    expect(quantityProblem(990, bounds)?.message).toBe('Sold in packs of 50 units: order 950 or 1,000');
    expect(quantityProblem(200, bounds)).toBeNull();
  });
  it('takes an earlier order again in whole packs within the stock', () => {
    expect(quantityAgain(175, bounds).quantity).toBe(150);
    expect(quantityAgain(2000, bounds).quantity).toBe(1000);
  });
});
