import type { ReactNode } from 'react';
import Badge from 'react-bootstrap/Badge';
import type { Order } from '../../shared/api/orders.schemas';
import type { OrderStatus } from '../../shared/domain/order-status';
import { formatDateTime } from '../lib/format';

const variant: Record<OrderStatus, string> = {
  awaiting_freight: 'light',
  awaiting_approval: 'info',
  unpaid: 'warning',
  paid: 'success',
  partially_shipped: 'primary',
  shipped: 'primary',
  cancelled: 'secondary',
  expired: 'secondary',
  rejected: 'danger',
  on_account: 'info',
};

/** An order's state as a coloured badge, the same in My Orders and Manage All Orders. */
export function OrderStatusBadge({ status, children }: { status: OrderStatus; children: ReactNode }) {
  return (
    <Badge
      bg={variant[status]}
      text={
        ['unpaid', 'awaiting_approval', 'awaiting_freight', 'on_account'].includes(status)
          ? 'dark'
          : undefined
      }
    >
      {children}
    </Badge>
  );
}

/** What an order's state does not say about its money: paid in test mode, or a late payment refunded. */
export function OrderPaymentFlags({ order }: { order: Pick<Order, 'testPayment' | 'refundedAt'> }) {
  return (
    <>
      {order.testPayment && (
        <Badge bg="info" text="dark" className="ms-1">
          Test payment
        </Badge>
      )}
      {order.refundedAt && (
        <Badge bg="danger" className="ms-1" title={`Refunded ${formatDateTime(order.refundedAt)}`}>
          Refunded
        </Badge>
      )}
    </>
  );
}
