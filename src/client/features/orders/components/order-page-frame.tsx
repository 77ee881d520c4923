import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { OrderDetail } from '../../../../shared/api/orders.schemas';
import { OrderPaymentFlags, OrderStatusBadge } from '../../../components/order-status-badge';
import { QueryState } from '../../../components/query-state';
import { formatOrderStatus } from '../../../lib/format';
import { useOrder } from '../api/orders';
import { EInvoiceLink, InvoiceLink } from './invoice-link';

/**
 * One order's page as the buyer's and the admin's share it: the way back, then the order's number,
 * state and invoice with the page's own `actions`, above the page's `children`.
 */
export function OrderPageFrame({
  orderId,
  back,
  actions,
  children,
}: {
  orderId: string;
  back: { to: string; label: string };
  actions: (order: OrderDetail) => ReactNode;
  children: (order: OrderDetail) => ReactNode;
}) {
  const order = useOrder(orderId);
  return (
    <>
      <p className="mb-2">
        <Link to={back.to}>← {back.label}</Link>
      </p>
      <QueryState query={order} what="this order">
        {(o) => (
          <>
            <div className="d-flex flex-wrap align-items-center gap-3 mb-3">
              <h2 className="h4 mb-0">Order {o.orderNumber}</h2>
              <OrderStatusBadge status={o.status}>{formatOrderStatus(o.status)}</OrderStatusBadge>
              <OrderPaymentFlags order={o} />
              <div className="ms-auto d-flex flex-wrap gap-2">
                <InvoiceLink order={o} />
                <EInvoiceLink order={o} />
                {actions(o)}
              </div>
            </div>
            {children(o)}
          </>
        )}
      </QueryState>
    </>
  );
}
