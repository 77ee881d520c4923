import type { Tool } from '../../../shared/api/catalog.schemas';
import {
  DEFAULT_ORDER_MIN_UNITS,
  type QuantityBounds,
  quantityBounds,
} from '../../../shared/domain/order-quantity';
import { usePublicConfigData } from '../../lib/public-config';

/** The shop's smallest order (GET /api/config: ORDER_MIN_UNITS), or the default when it could not be read. */
export function useOrderFloor(): number {
  return usePublicConfigData()?.orderMinUnits ?? DEFAULT_ORDER_MIN_UNITS;
}

/** A product's order bounds with the shop's floor: what cards and the buy page label stock by (DESIGN §4). */
export function useQuantityBounds(
  tool: Pick<Tool, 'min_order' | 'available' | 'orderMultiple'>,
): QuantityBounds {
  return quantityBounds(tool, useOrderFloor());
}
