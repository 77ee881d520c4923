import { useId, useState } from 'react';
import { companyRolesAllow } from '../../../shared/domain/company-roles';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { Link } from 'react-router';
import type { Order } from '../../../shared/api/orders.schemas';
import { formatDollars } from '../../../shared/money';
import { QueryState } from '../../components/query-state';
import { paths } from '../../config/paths';
import { useApprovals, useCompany, useDecideOrder } from '../../features/companies/api/companies';
import { OrderLines } from '../../features/orders/components/order-lines';
import { useCurrentUser } from '../../features/auth/api/use-current-user';
import { formatDateTime, formatUnits } from '../../lib/format';
import { notify } from '../../lib/notify';

/** Asks the approver why they reject the order: the buyer reads it in their mail. */
function RejectDialog({ order, onClose }: { order: Order | null; onClose: () => void }) {
  const decide = useDecideOrder();
  const [reason, setReason] = useState('');
  const titleId = useId();
  const close = () => {
    setReason('');
    onClose();
  };
  return (
    <Modal show={order !== null} onHide={close} centered aria-labelledby={titleId}>
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          if (!order) return;
          decide.mutate(
            { orderId: order._id, reason },
            {
              onSuccess: () => {
                notify.success(`Order ${order.orderNumber} is rejected; ${order.email} is told why`);
                close();
              },
            },
          );
        }}
      >
        <Modal.Header closeButton closeLabel="Dismiss">
          <Modal.Title as="h2" className="h5" id={titleId}>
            Reject order {order?.orderNumber}?
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p>Its reserved stock goes back on sale, and {order?.email} is mailed your reason.</p>
          <Form.Group controlId="reject-reason">
            <Form.Label>Reason</Form.Label>
            <Form.Control
              as="textarea"
              rows={3}
              required
              maxLength={500}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={close}>
            Close
          </Button>
          <Button type="submit" variant="danger" disabled={decide.isPending || reason.trim() === ''}>
            Reject the order
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}

function WaitingOrder({ order, own, onReject }: { order: Order; own: boolean; onReject: () => void }) {
  const decide = useDecideOrder();
  return (
    <Card as="li" className="shadow-sm" data-testid="awaiting-order">
      <Card.Body>
        <div className="d-flex flex-wrap justify-content-between gap-2 mb-2">
          <div>
            <h3 className="h6 mb-1">
              Order {order.orderNumber}: {formatDollars(order.amount)}
            </h3>
            <div className="small text-secondary text-break">
              Placed by {order.placedBy.name} ({order.placedBy.email}) on {formatDateTime(order.createdAt)}
              {order.poNumber && <> · PO {order.poNumber}</>}
            </div>
            <div className="small text-secondary">
              {formatUnits(order.quantity)} units · ship to {order.name},{' '}
              {order.address.replace(/\s*\n\s*/g, ', ')}
            </div>
            {order.holdExpiresAt && (
              <div className="small">Stock held until {formatDateTime(order.holdExpiresAt)}</div>
            )}
          </div>
          {own ? (
            <p className="small text-secondary mb-0">You placed it: a colleague decides.</p>
          ) : (
            <div className="d-flex gap-2 align-items-start">
              <Button
                variant="success"
                disabled={decide.isPending}
                onClick={() =>
                  decide.mutate(
                    { orderId: order._id, total: order.amount },
                    {
                      onSuccess: (approved) =>
                        notify.success(
                          approved.status === 'on_account'
                            ? `Order ${order.orderNumber} is approved and invoiced on the company’s account`
                            : `Order ${order.orderNumber} is approved; ${order.email} can pay it now`,
                        ),
                    },
                  )
                }
              >
                Approve
              </Button>
              <Button variant="outline-danger" disabled={decide.isPending} onClick={onReject}>
                Reject
              </Button>
            </div>
          )}
        </div>
        <OrderLines order={order} caption={`The lines of order ${order.orderNumber}`} />
      </Card.Body>
    </Card>
  );
}

/** /dashboard/approvals: a company's approver approves or rejects the orders waiting for them. */
export function ApprovalsPage() {
  const { user } = useCurrentUser();
  const company = useCompany();
  const approves = companyRolesAllow(company.data?.roles ?? [], 'approve');
  const approvals = useApprovals(approves);
  const [rejecting, setRejecting] = useState<Order | null>(null);
  if (company.isSuccess && !approves) {
    return (
      <Alert variant="info">
        Only your company’s approvers decide the orders waiting for approval.{' '}
        <Link className="alert-link" to={paths.myOrders}>
          See your orders
        </Link>
      </Alert>
    );
  }
  return (
    <QueryState query={approvals} what="the orders waiting for approval">
      {(orders) => (
        <>
          <h2 className="h4 mb-3">Waiting for approval: {orders.length}</h2>
          {orders.length === 0 ? (
            <p className="text-secondary">No order waits for approval.</p>
          ) : (
            <ul className="list-unstyled d-grid gap-3" aria-label="Orders waiting for approval">
              {orders.map((order) => (
                <WaitingOrder
                  key={order._id}
                  order={order}
                  own={order.email === user?.email.toLowerCase()}
                  onReject={() => setRejecting(order)}
                />
              ))}
            </ul>
          )}
          <RejectDialog order={rejecting} onClose={() => setRejecting(null)} />
        </>
      )}
    </QueryState>
  );
}
