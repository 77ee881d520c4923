import Button from 'react-bootstrap/Button';
import { companyRolesAllow } from '../../../shared/domain/company-roles';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import type { Order } from '../../../shared/api/orders.schemas';
import { buyerCanCancel, canTransition } from '../../../shared/domain/order-status';
import { messages } from '../../../shared/messages';
import { formatDollars } from '../../../shared/money';
import { ConfirmModal, useConfirm } from '../../components/confirm-modal';
import { OrderPaymentFlags, OrderStatusBadge } from '../../components/order-status-badge';
import { QueryState } from '../../components/query-state';
import { paths } from '../../config/paths';
import { useCurrentUser } from '../../features/auth/api/use-current-user';
import { useCancelOrder, useMyOrders } from '../../features/orders/api/orders';
import { EInvoiceLink, InvoiceLink } from '../../features/orders/components/invoice-link';
import { mayChangeOrder } from '../../features/orders/components/change-order-form';
import { shipmentText } from '../../features/orders/shipment-text';
import { formatDate, formatDateTime, formatDay, formatOrderStatus, formatUnits } from '../../lib/format';
import { OrderLines } from '../../features/orders/components/order-lines';
import { OrderAgainButton } from '../../features/cart/components/order-again-button';
import { useCompany } from '../../features/companies/api/companies';
import { SaveToList } from '../../features/lists/components/save-to-list';

/** Who decided the company's approval of the order, and why it was rejected. */
function ApprovalNote({ approval }: { approval: Order['approval'] }) {
  if (!approval || approval.state === 'undecided') return null;
  if (approval.state === 'awaiting') {
    return <div className="small text-secondary mt-1">Waiting for your company’s approver</div>;
  }
  if (approval.state === 'rejected') {
    return (
      <div className="small mt-1 text-break" data-testid="rejection">
        Rejected by {approval.decidedBy}: “{approval.reason}”
      </div>
    );
  }
  return (
    <div className="small text-secondary mt-1 text-break">
      {approval.automatic ? 'Approved automatically' : `Approved by ${approval.decidedBy}`}
    </div>
  );
}

function OrderStatusCell({ order }: { order: Order }) {
  if (!canTransition(order.status, 'paid')) {
    return (
      <>
        <OrderStatusBadge status={order.status}>{formatOrderStatus(order.status)}</OrderStatusBadge>
        <OrderPaymentFlags order={order} />
        <ApprovalNote approval={order.approval} />
        {order.status === 'awaiting_approval' && order.holdExpiresAt && (
          <div className="small text-secondary">Reserved until {formatDateTime(order.holdExpiresAt)}</div>
        )}
        {order.paymentMethod === 'account' && order.invoiceNumber && (
          <div className="small text-secondary">
            On account: invoice {order.invoiceNumber}, due {order.dueDate ? formatDay(order.dueDate) : ''}
          </div>
        )}
      </>
    );
  }
  return (
    <>
      <Link className="btn btn-sm btn-warning fw-semibold" to={paths.payment(order._id)}>
        Pay Now
      </Link>
      {order.holdExpiresAt && (
        <div className="small text-secondary mt-1">Reserved until {formatDateTime(order.holdExpiresAt)}</div>
      )}
      <ApprovalNote approval={order.approval} />
    </>
  );
}

/** /dashboard/myOrder (spec §2): the customer's orders, Pay Now or Paid, and CANCEL for unpaid ones. */
export function MyOrdersPage() {
  const { user } = useCurrentUser();
  const orders = useMyOrders(user?.email);
  // A company's viewers and approvers read its orders; its buyers and admins keep its lists.
  const roles = useCompany().data?.roles;
  const canSaveLists = !roles || companyRolesAllow(roles, 'order');
  const cancel = useConfirm(useCancelOrder(), {
    variables: (order: Order) => order._id,
    done: (order: Order) => messages.orderCancelled(order.orderNumber),
  });

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
            <Table responsive striped hover className="align-middle bg-white table-stack">
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
                    <td data-label="#">{index + 1}</td>
                    <td data-label="Item Name">
                      <div>
                        {order.itemName}
                        <div className="small text-secondary">
                          {order.sku && <span className="font-monospace">{order.sku} · </span>}
                          {formatUnits(order.quantity)} units
                          {order.unitPrice !== null && <> at {formatDollars(order.unitPrice)}</>}
                        </div>
                        {order.lines.length > 1 && (
                          <details className="small">
                            <summary>{order.lines.length} lines</summary>
                            <OrderLines order={order} caption={`The lines of order ${order.orderNumber}`} />
                          </details>
                        )}
                        <div className="small text-secondary">
                          <Link to={paths.myOrder(order._id)}>Order {order.orderNumber}</Link> · placed{' '}
                          {formatDate(order.createdAt)}
                          {/* A colleague's order, shared by the company: who placed it. */}
                          {order.placedBy.email !== user?.email.toLowerCase() && (
                            <> by {order.placedBy.name}</>
                          )}
                          {order.poNumber && <> · PO {order.poNumber}</>}
                          {order.shipment && <> · shipped with {shipmentText(order.shipment)}</>}
                          {order.backordered > 0 && (
                            <>
                              {' '}
                              · {formatUnits(order.backordered)} units backordered
                              {order.shipDate && <>, shipping by {order.shipDate}</>}
                            </>
                          )}
                        </div>
                      </div>
                    </td>
                    <td data-label="Amount">{formatDollars(order.amount)}</td>
                    <td data-label="Status">
                      <div>
                        <OrderStatusCell order={order} />
                      </div>
                    </td>
                    <td data-label="Action">
                      <div className="d-flex flex-wrap gap-2">
                        <Button
                          size="sm"
                          variant="outline-danger"
                          disabled={!buyerCanCancel(order.status)}
                          onClick={() => cancel.ask(order)}
                        >
                          Cancel
                        </Button>
                        {canSaveLists && mayChangeOrder(order) && (
                          <Link className="btn btn-sm btn-outline-dark" to={paths.changeOrder(order._id)}>
                            Change order
                          </Link>
                        )}
                        {/* One line: the buy page, filled in; several: every line back into the cart. */}
                        {order.toolId ? (
                          <Link
                            className="btn btn-sm btn-outline-dark"
                            to={paths.orderAgain(order.toolId, order._id)}
                          >
                            Order again
                          </Link>
                        ) : (
                          order.lines.length > 1 && <OrderAgainButton order={order} />
                        )}
                        <InvoiceLink order={order} small />
                        <EInvoiceLink order={order} small />
                        {canSaveLists && (
                          <SaveToList
                            what={`order ${order.orderNumber}`}
                            body={{ fromOrder: order._id }}
                            defaultName={`Like order ${order.orderNumber}`}
                            size="sm"
                          />
                        )}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
          <ConfirmModal
            {...cancel.modal}
            title="Are you sure, you want to cancel this order?"
            confirmLabel="Yes Cancel"
          >
            {cancel.item && (
              <>
                <p className="mb-1">
                  <strong>Order {cancel.item.orderNumber}</strong>, placed {formatDate(cancel.item.createdAt)}
                  {cancel.item.poNumber && <> for PO {cancel.item.poNumber}</>},{' '}
                  {formatDollars(cancel.item.amount)}:
                </p>
                <ul className="mb-1" aria-label={`The lines of order ${cancel.item.orderNumber}`}>
                  {cancel.item.lines.map((line) => (
                    <li key={line.line}>
                      {formatUnits(line.quantity)} × {line.name}
                    </li>
                  ))}
                </ul>
                <p className="mb-0">Its reserved stock goes back on sale.</p>
              </>
            )}
          </ConfirmModal>
        </>
      )}
    </QueryState>
  );
}
