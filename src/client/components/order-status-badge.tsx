import type { ReactNode } from 'react';
import Badge from 'react-bootstrap/Badge';
import type { OrderStatus } from '../../shared/domain/order-status';

const variant: Record<OrderStatus, string> = {
  unpaid: 'warning',
  paid: 'success',
  shipped: 'primary',
  cancelled: 'secondary',
  expired: 'secondary',
};

/** An order's state as a coloured badge, the same in My Orders and Manage All Orders. */
export function OrderStatusBadge({ status, children }: { status: OrderStatus; children: ReactNode }) {
  return (
    <Badge bg={variant[status]} text={status === 'unpaid' ? 'dark' : undefined}>
      {children}
    </Badge>
  );
}
