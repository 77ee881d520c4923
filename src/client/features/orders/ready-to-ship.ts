import type { Order } from '../../../shared/api/orders.schemas';
import { canTransition } from '../../../shared/domain/order-status';
import { unitsReadyToShip } from '../../../shared/domain/shipments';
import { unitsCancellableIn } from '../../../shared/domain/cancellation';

/** A line's units that may ship now, by the server's rule (neither shipped, on backorder nor cancelled). */
export const lineReadyToShip = (line: Order['lines'][number]): number =>
  unitsReadyToShip({
    lineNumber: line.line,
    sku: line.sku,
    name: line.name,
    quantity: line.quantity,
    backorderedUnits: line.backordered,
    shippedQuantity: line.shippedQuantity,
    cancelledQuantity: line.cancelledQuantity,
  });

/** Whether some units of the order may ship now: what 'Mark shipped' and the ship form are offered for. */
export const canShipNow = (order: Pick<Order, 'status' | 'lines'>): boolean =>
  canTransition(order.status, 'shipped') && order.lines.some((line) => lineReadyToShip(line) > 0);

/** A line's units still to come (neither shipped nor cancelled): what may still be cancelled. */
export const lineStillOpen = (line: Order['lines'][number]): number =>
  line.quantity - line.shippedQuantity - line.cancelledQuantity;

/** Whether the shop may cancel some units of the order now: paid or on account, and something left to send. */
export const canCancelUnits = (order: Pick<Order, 'status' | 'lines'>): boolean =>
  unitsCancellableIn(order.status) && order.lines.some((line) => lineStillOpen(line) > 0);
