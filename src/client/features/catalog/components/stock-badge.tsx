import Badge from 'react-bootstrap/Badge';
import { type QuantityBounds, stockLevel } from '../../../../shared/domain/order-quantity';
import { formatUnits } from '../../../lib/format';

/** In stock / Low stock (under twice the smallest order) / Below minimum order: N left. */
export function StockBadge({ bounds }: { bounds: QuantityBounds }) {
  switch (stockLevel(bounds)) {
    case 'in-stock':
      return <Badge bg="success">In stock</Badge>;
    case 'low':
      return (
        <Badge bg="warning" text="dark">
          Low stock
        </Badge>
      );
    case 'below-minimum':
      return <Badge bg="danger">Below minimum order: {formatUnits(bounds.upper)} left</Badge>;
  }
}
