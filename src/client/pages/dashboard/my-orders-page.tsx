import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import type { Order } from '../../../shared/api/orders.schemas';
import { messages } from '../../../shared/messages';
import { formatDollars } from '../../../shared/money';
import { ConfirmModal } from '../../components/confirm-modal';
import { QueryState } from '../../components/query-state';
import { paths } from '../../config/paths';
import { useCurrentUser } from '../../features/auth/api/use-current-user';
import { useCancelOrder, useMyOrders } from '../../features/orders/api/orders';
import { formatDateTime, formatUnits } from '../../lib/format';

function OrderStatusCell({ order }: { order: Order }) {
  switch (order.status) {
    case 'unpaid':
      return (
        <>
          <Link className="btn btn-sm btn-warning fw-semibold" to={paths.payment(order._id)}>
            Pay Now
          </Link>
          {order.holdExpiresAt && (
            <div className="small text-secondary mt-1">
              Reserved until {formatDateTime(order.holdExpiresAt)}
            </div>
          )}
        </>
      );
    case 'paid':
      return <Badge bg="success">Paid</Badge>;
    case 'shipped':
      return <Badge bg="primary">Shipped</Badge>;
    case 'expired':
      return <Badge bg="secondary">Expired</Badge>;
    case 'cancelled':
      return <Badge bg="secondary">Cancelled</Badge>;
  }
}

/** /dashboard/myOrder (spec §2): the customer's orders, Pay Now or Paid, and CANCEL for unpaid ones. */
export function MyOrdersPage() {
  const { user } = useCurrentUser();
  const orders = useMyOrders(user?.email);
  const cancelOrder = useCancelOrder();
  const [cancelling, setCancelling] = useState<Order | null>(null);

  function confirmCancel() {
    if (!cancelling) return;
    cancelOrder.mutate(cancelling._id, {
      onSuccess: () => toast.success(messages.orderDeleted),
      onSettled: () => setCancelling(null),
    });
  }

  return (
    <QueryState query={orders} what="your orders">
      {(list) => (
        <>
          <h2 className="h4 mb-3">My Orders: {list.length}</h2>
          {list.length === 0 ? (
            <p className="text-secondary">
              No orders yet. <Link to={paths.home}>Browse our products</Link>
            </p>
          ) : (
            <Table responsive striped hover className="align-middle bg-white">
              <thead>
                <tr>
                  <th>#</th>
                  <th>Item Name</th>
                  <th>Amount</th>
                  <th>Status</th>
                  <th>Action</th>
                </tr>
              </thead>
              <tbody>
                {list.map((order, index) => (
                  <tr key={order._id}>
                    <td>{index + 1}</td>
                    <td>
                      {order.itemName}
                      <div className="small text-secondary">{formatUnits(order.quantity)} units</div>
                    </td>
                    <td>{formatDollars(order.amount)}</td>
                    <td>
                      <OrderStatusCell order={order} />
                    </td>
                    <td>
                      <Button
                        size="sm"
                        variant="outline-danger"
                        disabled={order.status !== 'unpaid'}
                        onClick={() => setCancelling(order)}
                      >
                        CANCEL
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
          <ConfirmModal
            show={cancelling !== null}
            title="Are you sure, you want to cancel this order?"
            confirmLabel="Yes Cancel"
            busy={cancelOrder.isPending}
            onConfirm={confirmCancel}
            onClose={() => setCancelling(null)}
          >
            {cancelling && (
              <p className="mb-0">
                {formatUnits(cancelling.quantity)} × {cancelling.itemName} ({formatDollars(cancelling.amount)}
                )
              </p>
            )}
          </ConfirmModal>
        </>
      )}
    </QueryState>
  );
}
