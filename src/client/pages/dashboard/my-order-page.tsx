import Card from 'react-bootstrap/Card';
import { PunchoutOrigin } from '../../features/punchout/components/punchout-origin';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { Link, useParams } from 'react-router';
import { canTransition } from '../../../shared/domain/order-status';
import { formatDollars } from '../../../shared/money';
import { paths } from '../../config/paths';
import { useOrder } from '../../features/orders/api/orders';
import { OrderLinesWithCharges } from '../../features/orders/components/order-lines';
import { OrderTimeline } from '../../features/orders/components/order-timeline';
import { OrderShipments } from '../../features/orders/components/order-shipments';
import { OrderPageFrame } from '../../features/orders/components/order-page-frame';
import { formatDate } from '../../lib/format';
import { buyerMayAskToCancel } from '../../../shared/domain/cancellation';
import { returnableIn } from '../../../shared/domain/returns';
import { RequestCancellation } from '../../features/orders/components/cancellation-request';
import { OrderCredits } from '../../features/orders/components/order-credits';
import { ReturnItemsForm } from '../../features/returns/components/return-items-form';
import { usePageMeta } from '../../lib/use-page-meta';
import { mayChangeOrder } from '../../features/orders/components/change-order-form';

/** /dashboard/myOrder/{id}: one of the buyer's (or their company's) orders, its lines, charges and timeline. */
export function MyOrderPage() {
  const { orderId = '' } = useParams();
  const order = useOrder(orderId);
  usePageMeta(order.data ? `Order ${order.data.orderNumber}` : 'Order');
  return (
    <OrderPageFrame
      orderId={orderId}
      back={{ to: paths.myOrders, label: 'My orders' }}
      actions={(o) => (
        <>
          {mayChangeOrder(o) && (
            <Link className="btn btn-outline-dark" to={paths.changeOrder(o._id)}>
              Change order
            </Link>
          )}
          {canTransition(o.status, 'paid') && o.freight !== null && (
            <Link className="btn btn-warning fw-semibold" to={paths.payment(o._id)}>
              Pay Now
            </Link>
          )}
        </>
      )}
    >
      {(o) => (
        <Row className="g-3">
          <Col lg={7}>
            <Card className="h-100">
              <Card.Body>
                <OrderLinesWithCharges order={o} />
                <p className="mb-0 mt-2">
                  Total <strong>{formatDollars(o.amount)}</strong> · placed {formatDate(o.createdAt)} by{' '}
                  {o.placedBy.name}
                  {o.poNumber && <> · PO {o.poNumber}</>}
                </p>
                <PunchoutOrigin orderId={o._id} />
                <p className="mb-0 small text-secondary text-pre-line">
                  To {o.name}
                  {o.company && `, ${o.company}`}
                  {'\n'}
                  {o.address}
                </p>
                {returnableIn(o.status) && (
                  <div className="mt-3">
                    <ReturnItemsForm order={o} />
                  </div>
                )}
                {(buyerMayAskToCancel(o.status) || o.cancellationRequest) && (
                  <div className="mt-3">
                    <RequestCancellation order={o} />
                  </div>
                )}
                {(o.creditNotes.length > 0 || o.refunds.length > 0) && (
                  <>
                    <h3 className="h6 text-uppercase text-secondary mt-4">Credit notes and refunds</h3>
                    <OrderCredits order={o} />
                  </>
                )}
              </Card.Body>
            </Card>
          </Col>
          <Col lg={5}>
            <Card className="h-100">
              <Card.Body>
                <h3 className="h6 text-uppercase text-secondary">Timeline</h3>
                <OrderTimeline order={o} />
                {o.shipments.length > 0 && (
                  <>
                    <h3 className="h6 text-uppercase text-secondary mt-4">Shipments</h3>
                    <OrderShipments order={o} />
                  </>
                )}
              </Card.Body>
            </Card>
          </Col>
        </Row>
      )}
    </OrderPageFrame>
  );
}
