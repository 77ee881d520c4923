import type { OrderDetail, OrderHistoryStep } from '../../../../shared/api/orders.schemas';
import { formatDateTime } from '../../../lib/format';

const eventLabel: Record<OrderHistoryStep['event'], string> = {
  placed: 'Placed',
  changed: 'Lines changed',
  freight_quoted: 'Freight quoted',
  approved: 'Approved',
  rejected: 'Rejected',
  placed_on_account: 'Invoiced on account',
  paid: 'Paid',
  shipped: 'Shipped',
  cancelled: 'Cancelled',
  expired: 'Reservation expired',
  refunded: 'Refunded',
  cancelled_in_part: 'Units cancelled',
  cancellation_requested: 'Cancellation asked for',
  cancellation_refused: 'Cancellation refused',
  return_requested: 'Return asked for',
  return_approved: 'Return approved',
  return_rejected: 'Return refused',
  return_received: 'Returned units received',
};

/** What a step led to, when that is not plain from its name: placing for approval, say. */
function stepDetail(step: OrderHistoryStep): string | null {
  if (step.event === 'placed' || (step.event === 'changed' && step.from !== step.to)) {
    if (step.to === 'unpaid') return 'to be paid';
    if (step.to === 'awaiting_freight') return 'waiting for a freight quote';
    if (step.to === 'awaiting_approval') return 'waiting for approval';
    if (step.to === 'on_account') return 'on the company’s account';
  }
  if (step.event === 'freight_quoted' && step.to === 'awaiting_approval') return 'sent for approval';
  if (step.event === 'shipped' && step.to === 'partially_shipped') return 'part of the order';
  if (step.event === 'cancelled_in_part' && step.to === 'shipped') return 'the rest had shipped';
  return null;
}

/**
 * An order's timeline, oldest step first: what happened, when, and who did it (the shop itself for
 * an expiry or a payment its provider reported). Shown to the buyer and to the shop admin.
 */
export function OrderTimeline({ order }: { order: OrderDetail }) {
  return (
    <ol className="order-timeline list-unstyled mb-0" aria-label={`Timeline of order ${order.orderNumber}`}>
      {order.history.map((step, index) => {
        const detail = stepDetail(step);
        return (
          <li key={index} className="order-timeline-step">
            <div className="fw-semibold">
              {eventLabel[step.event]}
              {detail && <span className="fw-normal"> · {detail}</span>}
            </div>
            <div className="small text-secondary">
              <time dateTime={step.at}>{formatDateTime(step.at)}</time>
              {' · '}
              {step.actor ?? 'the shop'}
              {step.note && <> · {step.note}</>}
            </div>
          </li>
        );
      })}
      {order.holdExpiresAt && (
        <li className="order-timeline-step text-secondary">
          <div>Reservation ends</div>
          <div className="small">
            <time dateTime={order.holdExpiresAt}>{formatDateTime(order.holdExpiresAt)}</time>
          </div>
        </li>
      )}
    </ol>
  );
}
