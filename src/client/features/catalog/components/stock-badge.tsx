import { type QuantityBounds, stockLevel } from '../../../../shared/domain/order-quantity';
import { formatUnits } from '../../../lib/format';

/** In stock / Low stock (under twice the smallest order) / Below minimum order: N left. */
export function StockBadge({ bounds }: { bounds: QuantityBounds }) {
  switch (stockLevel(bounds)) {
    case 'in-stock':
      return <span className="badge text-bg-success">In stock</span>;
    case 'low':
      return <span className="badge text-bg-warning">Low stock</span>;
    case 'below-minimum':
      return (
        <span className="badge text-bg-danger">Below minimum order: {formatUnits(bounds.upper)} left</span>
      );
  }
}
