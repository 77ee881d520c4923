import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Pagination from 'react-bootstrap/Pagination';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { OrderStatus, canTransition } from '../../../shared/domain/order-status';
import { messages } from '../../../shared/messages';
import { formatDollars } from '../../../shared/money';
import { OrderPaymentFlags, OrderStatusBadge } from '../../components/order-status-badge';
import { QueryState } from '../../components/query-state';
import { paths } from '../../config/paths';
import { useAllOrders, useShipOrder } from '../../features/orders/api/admin-orders';
import { formatDateTime, formatOrderStatus, formatUnits } from '../../lib/format';

/** /dashboard/manageAllOrders (DESIGN §5.7): every order and its state; paid orders can be shipped. */
export function ManageAllOrdersPage() {
  const [status, setStatus] = useState<OrderStatus | 'all'>('all');
  const [page, setPage] = useState(1);
  const orders = useAllOrders(status, page);
  const shipOrder = useShipOrder();

  function ship(orderId: string) {
    shipOrder.mutate(orderId, {
      onSuccess: () => toast.success(messages.orderShipped),
    });
  }

  return (
    <>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-3 mb-3">
        <h2 className="h4 mb-0">Manage All Orders</h2>
        <Form.Select
          aria-label="Show orders that are"
          className="w-auto"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as OrderStatus | 'all');
            setPage(1);
          }}
        >
          <option value="all">All states</option>
          {OrderStatus.options.map((state) => (
            <option key={state} value={state}>
              {formatOrderStatus(state)}
            </option>
          ))}
        </Form.Select>
      </div>
      <QueryState query={orders} what="the orders">
        {(result) => {
          const pages = Math.max(1, Math.ceil(result.total / result.pageSize));
          return (
            <>
              <p className="text-secondary small">
                {result.total} order{result.total === 1 ? '' : 's'}, newest first
              </p>
              <Table responsive striped hover className="align-middle bg-white">
                <thead>
                  <tr>
                    <th>Date</th>
                    <th>Customer</th>
                    <th>Item</th>
                    <th>Quantity</th>
                    <th>Amount</th>
                    <th>State</th>
                    <th>Action</th>
                  </tr>
                </thead>
                <tbody>
                  {result.orders.map((order) => (
                    <tr key={order._id}>
                      <td className="text-nowrap">{formatDateTime(order.createdAt)}</td>
                      <td>{order.email}</td>
                      <td>
                        <Link to={paths.orderDetail(order._id)}>
                          Order {order.orderNumber}: {order.itemName}
                        </Link>
                        {order.sku && <div className="small text-secondary font-monospace">{order.sku}</div>}
                        {order.poNumber && <div className="small text-secondary">PO {order.poNumber}</div>}
                      </td>
                      <td>{formatUnits(order.quantity)}</td>
                      <td>{formatDollars(order.amount)}</td>
                      <td>
                        <OrderStatusBadge status={order.status}>
                          {formatOrderStatus(order.status)}
                        </OrderStatusBadge>
                        <OrderPaymentFlags order={order} />
                      </td>
                      <td>
                        {canTransition(order.status, 'shipped') && (
                          <Button
                            size="sm"
                            variant="dark"
                            disabled={shipOrder.isPending}
                            onClick={() => ship(order._id)}
                          >
                            Mark shipped
                          </Button>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
              {pages > 1 && (
                <Pagination aria-label="Order pages">
                  <Pagination.Prev disabled={page <= 1} onClick={() => setPage(page - 1)} />
                  <Pagination.Item active>{`Page ${page} of ${pages}`}</Pagination.Item>
                  <Pagination.Next disabled={page >= pages} onClick={() => setPage(page + 1)} />
                </Pagination>
              )}
            </>
          );
        }}
      </QueryState>
    </>
  );
}
