import type { Tool } from '../../../shared/api/catalog.schemas';
import {
  DEFAULT_ORDER_MIN_UNITS,
  type QuantityBounds,
  quantityBounds,
} from '../../../shared/domain/order-quantity';
import { usePublicConfig } from '../../lib/public-config';

/**
 * A product's order bounds with the shop's own floor (GET /api/config), or the default floor while the
 * config loads: what cards and the buy page label stock by (DESIGN §4).
 */
export function useQuantityBounds(tool: Pick<Tool, 'min_order' | 'available'>): QuantityBounds {
  const config = usePublicConfig();
  return quantityBounds(tool, config.data?.orderMinUnits ?? DEFAULT_ORDER_MIN_UNITS);
}
