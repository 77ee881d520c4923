import { OrderChargesSummary } from '../../components/charges-summary';
import { lazy, Suspense } from 'react';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { Link, useParams } from 'react-router';
import type { Order } from '../../../shared/api/orders.schemas';
import { canTransition, transitionRefusal } from '../../../shared/domain/order-status';
import { messages } from '../../../shared/messages';
import { formatDollars } from '../../../shared/money';
import { OrderPaymentFlags } from '../../components/order-status-badge';
import { PageSpinner } from '../../components/page-spinner';
import { TestModeBanner } from '../../components/test-mode-banner';
import { QueryState } from '../../components/query-state';
import { paths } from '../../config/paths';
import { useIsAdmin } from '../../features/auth/api/use-current-user';
import { useOrder } from '../../features/orders/api/orders';
import { usePayOrder, usePaymentIntent } from '../../features/payments/api/payments';
import { TestCardForm } from '../../features/payments/components/test-card-form';
import { ApiError } from '../../lib/api-client';
import { formatDateTime, formatUnits } from '../../lib/format';
import { usePublicConfig } from '../../lib/public-config';
import { SettledState } from '../../components/settled-state';
import { OrderLines } from '../../features/orders/components/order-lines';
import { mayChangeOrder } from '../../features/orders/components/change-order-form';

// Stripe's SDK is only downloaded by shops that use Stripe.
const StripeCardForm = lazy(async () => ({
  default: (await import('../../features/payments/components/stripe-card-form')).StripeCardForm,
}));

/** The amount is "payable" only while the order can be paid: waiting for freight or approval, paid, or closed, it is its total. */
function OrderSummary({ order }: { order: Order }) {
  const payable = canTransition(order.status, 'paid');
  return (
    <Card className="shadow-sm h-100">
      <Card.Body>
        <h2 className="h5 mb-3">Order</h2>
        <dl className="profile-facts mb-0">
          <dt>Order</dt>
          <dd>
            {order.orderNumber}
            {order.poNumber && <span className="d-block small text-secondary">PO {order.poNumber}</span>}
          </dd>
          <dt>Quantity</dt>
          <dd>
            {formatUnits(order.quantity)} units
            {order.lines.length > 1 && <> on {order.lines.length} lines</>}
          </dd>
          <dt>{payable ? 'Payable amount' : order.paid ? 'Amount paid' : 'Order total'}</dt>
          <dd className="fs-5 fw-bold">{formatDollars(order.amount)}</dd>
        </dl>
        <OrderLines order={order} caption={`The lines of order ${order.orderNumber}`} />
        <OrderChargesSummary order={order} />
        {mayChangeOrder(order) && (
          <Link className="btn btn-sm btn-outline-dark mt-2" to={paths.changeOrder(order._id)}>
            Change order
          </Link>
        )}
      </Card.Body>
    </Card>
  );
}

function PaymentPanel({ order }: { order: Order }) {
  const config = usePublicConfig();
  const payable = canTransition(order.status, 'paid');
  const intent = usePaymentIntent(order._id, payable);
  const pay = usePayOrder(order._id);

  if (pay.data) {
    return (
      <Alert variant="success" className="mb-0">
        <Alert.Heading as="h2" className="h5">
          {messages.paymentCompleted}
        </Alert.Heading>
        <p className="mb-2">
          Transaction id: <code>{pay.data}</code>
        </p>
        <Link className="alert-link" to={paths.myOrders}>
          Back to My Orders
        </Link>
      </Alert>
    );
  }
  if (!payable) {
    return (
      <Alert variant={order.paid ? 'success' : 'warning'} className="mb-0">
        <p className="mb-1">{transitionRefusal(order.status, 'paid')?.message}.</p>
        {order.payment && (
          <p className="mb-1">
            Transaction id: <code>{order.payment.transactionId}</code>
            <OrderPaymentFlags order={order} />
          </p>
        )}
        {order.refundedAt && (
          <p className="mb-1">
            A payment that arrived after this order closed was refunded on {formatDateTime(order.refundedAt)}.
          </p>
        )}
        <Link className="alert-link" to={paths.myOrders}>
          Back to My Orders
        </Link>
      </Alert>
    );
  }
  if (intent.isError) {
    return (
      <Alert variant="danger" className="mb-0">
        {intent.error.message}
      </Alert>
    );
  }

  const clientSecret = intent.data?.clientSecret;
  return (
    <Card className="shadow-sm">
      <Card.Body>
        <h2 className="h5 mb-3">Pay by card</h2>
        <SettledState read={config} what="the shop's payment settings">
          {({ payment }) =>
            payment.provider === 'stripe' && payment.publishableKey ? (
              <Suspense fallback={<PageSpinner />}>
                <StripeCardForm
                  publishableKey={payment.publishableKey}
                  clientSecret={clientSecret}
                  pay={pay}
                  billing={{ name: order.name, email: order.email }}
                />
              </Suspense>
            ) : (
              <TestCardForm clientSecret={clientSecret} pay={pay} />
            )
          }
        </SettledState>
      </Card.Body>
    </Card>
  );
}

/** /dashboard/payment/{id} (spec §2): the order on the left, the card form on the right. */
export function PaymentPage() {
  const { orderId = '' } = useParams();
  const order = useOrder(orderId);
  const { isAdmin } = useIsAdmin();
  if (order.error instanceof ApiError && (order.error.status === 404 || order.error.status === 400)) {
    return (
      <Alert variant="warning">
        There is no such order among yours.{' '}
        <Link className="alert-link" to={paths.myOrders}>
          Back to My Orders
        </Link>
      </Alert>
    );
  }
  return (
    <QueryState query={order} what="this order">
      {(loaded) => (
        <>
          {/* An admin sees the banner from the dashboard already. */}
          {!isAdmin && <TestModeBanner audience="buyer" />}
          {/* The order's lines take the room: a card form needs less than a table of lines and amounts. */}
          <Row className="g-4">
            <Col lg={7}>
              <OrderSummary order={loaded} />
            </Col>
            <Col lg={5}>
              <PaymentPanel order={loaded} />
            </Col>
          </Row>
        </>
      )}
    </QueryState>
  );
}
