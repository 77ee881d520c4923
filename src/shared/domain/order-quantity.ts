import { messages } from '../messages';

/** The shop-wide smallest order (spec §9: 100 units); a product's own minimum may raise it. */
export const SHOP_MIN_ORDER = 100;

export interface QuantityBounds {
  lower: number;
  upper: number;
}

/** DESIGN §4: lower = max(shop floor, product minimum), upper = the product's available stock. */
export function quantityBounds(
  product: { min_order: number; available: number },
  floor = SHOP_MIN_ORDER,
): QuantityBounds {
  return { lower: Math.max(floor, product.min_order), upper: product.available };
}

/** Whether any order can be placed at all: stock below the lower bound cannot make one. */
export function canBeOrdered(bounds: QuantityBounds): boolean {
  return bounds.upper >= bounds.lower;
}

/** The spec's message for a quantity outside the bounds (spec §5 Buy Now), or null when it fits. */
export function quantityProblem(quantity: number, bounds: QuantityBounds): string | null {
  if (quantity < bounds.lower) return messages.orderBelowMinimum(bounds.lower);
  if (quantity > bounds.upper) return messages.orderAboveAvailable(bounds.upper);
  return null;
}
