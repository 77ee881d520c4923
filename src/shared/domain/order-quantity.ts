import { formatUnits } from '../numbers';
import { messages } from '../messages';
import { packProblem, roundUpToPack } from './units';

/**
 * The shop-wide smallest order (spec §5: 100 units) when ORDER_MIN_UNITS does not say otherwise
 * (DESIGN §4); a product's own minimum may raise it.
 */
export const DEFAULT_ORDER_MIN_UNITS = 100;

export interface QuantityBounds {
  lower: number;
  upper: number;
  /** Quantities are whole packs of this many units (DESIGN §11; 1: any quantity). */
  multiple: number;
}

/**
 * The smallest order of a product (DESIGN §4): the larger of the shop's floor and its own minimum,
 * rounded up to a whole number of its packs (DESIGN §11).
 */
export function lowerBound(minOrder: number, floor: number, multiple: number): number {
  return roundUpToPack(Math.max(floor, minOrder), multiple);
}

/**
 * DESIGN §4: lower = max(shop floor, product minimum) in whole packs, upper = the product's available
 * stock, and every quantity a whole number of packs.
 */
export function quantityBounds(
  product: { min_order: number; available: number; orderMultiple: number },
  floor: number,
): QuantityBounds {
  return {
    lower: lowerBound(product.min_order, floor, product.orderMultiple),
    upper: product.available,
    multiple: product.orderMultiple,
  };
}

/** Whether any order can be placed at all: stock below the lower bound cannot make one. */
export function canBeOrdered(bounds: Pick<QuantityBounds, 'lower' | 'upper'>): boolean {
  return bounds.upper >= bounds.lower;
}

export interface QuantityProblem {
  /** Below the lower bound, above the stock, or not whole packs: the server answers them with different codes. */
  kind: 'below' | 'above' | 'pack';
  /** The spec's sentence for it (spec §5 Buy Now). */
  message: string;
}

/** What is wrong with a quantity for these bounds, or null when it fits. The one comparison there is. */
export function quantityProblem(quantity: number, bounds: QuantityBounds): QuantityProblem | null {
  if (quantity < bounds.lower) return { kind: 'below', message: messages.orderBelowMinimum(bounds.lower) };
  if (quantity > bounds.upper) return { kind: 'above', message: messages.orderAboveAvailable(bounds.upper) };
  const pack = packProblem(quantity, bounds);
  return pack ? { kind: 'pack', message: pack } : null;
}

/** How a product's stock compares to its lower bound, as cards and the buy page label it. */
export type StockLevel = 'in-stock' | 'low' | 'below-minimum';

/** Stock under this many times the lower bound is low. */
export const LOW_STOCK_FACTOR = 2;

/** Below the lower bound nothing can be ordered; under twice the lower bound stock is low. */
export function stockLevel(bounds: Pick<QuantityBounds, 'lower' | 'upper'>): StockLevel {
  if (!canBeOrdered(bounds)) return 'below-minimum';
  return bounds.upper < LOW_STOCK_FACTOR * bounds.lower ? 'low' : 'in-stock';
}

/** The quantity of an earlier order within today's bounds, and a note when it had to change. */
export function quantityAgain(
  previous: number,
  bounds: QuantityBounds,
): { quantity: number; note: string | null } {
  const packs = Math.floor(Math.min(Math.max(previous, bounds.lower), bounds.upper) / bounds.multiple);
  const quantity = Math.max(packs * bounds.multiple, Math.min(bounds.lower, bounds.upper));
  if (quantity === previous) return { quantity, note: null };
  const why =
    previous < bounds.lower
      ? `the smallest order is now ${formatUnits(bounds.lower)}`
      : `only ${formatUnits(bounds.upper)} can be ordered now`;
  return {
    quantity,
    note: `Last time you ordered ${formatUnits(previous)} units; ${why}, so the quantity is ${formatUnits(quantity)}.`,
  };
}
