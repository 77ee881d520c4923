import type { Order } from '../../../../shared/api/orders.schemas';
import { formatDateTime, formatUnits } from '../../../lib/format';

/** An order's shipments, oldest first: when each left, with whom, its tracking, and its units by SKU. */
export function OrderShipments({ order }: { order: Order }) {
  if (order.shipments.length === 0) return null;
  return (
    <ol className="list-unstyled mb-0" aria-label={`Shipments of order ${order.orderNumber}`}>
      {order.shipments.map((shipment, index) => (
        <li key={shipment._id} className={index > 0 ? 'border-top pt-2 mt-2' : undefined}>
          <div className="fw-semibold">
            Shipment {index + 1} ·{' '}
            <time dateTime={shipment.shippedAt}>{formatDateTime(shipment.shippedAt)}</time>
          </div>
          <div className="small">
            {shipment.carrier}
            {shipment.trackingNumber && (
              <>
                {', tracking '}
                {shipment.trackingUrl ? (
                  <a href={shipment.trackingUrl} target="_blank" rel="noreferrer">
                    {shipment.trackingNumber}
                  </a>
                ) : (
                  shipment.trackingNumber
                )}
              </>
            )}
          </div>
          <div className="small text-secondary">
            {shipment.lines
              .map((line) => `${formatUnits(line.quantity)} × ${line.sku ?? `line ${line.line}`}`)
              .join(', ')}
          </div>
        </li>
      ))}
    </ol>
  );
}
