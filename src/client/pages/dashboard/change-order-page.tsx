import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { useOrder } from '../../features/orders/api/orders';
import { ChangeOrderForm, mayChangeOrder } from '../../features/orders/components/change-order-form';
import { QueryState } from '../../components/query-state';
import { formatOrderStatus } from '../../lib/format';
import { usePageMeta } from '../../lib/use-page-meta';

/**
 * /dashboard/myOrder/{id}/change: the buyer changes an order before it is paid or invoiced; saved,
 * they go on to pay it (or back to the order, when it waits for approval or a freight quote).
 */
export function ChangeOrderPage() {
  const { orderId = '' } = useParams();
  const order = useOrder(orderId);
  const navigate = useNavigate();
  usePageMeta(order.data ? `Change order ${order.data.orderNumber}` : 'Change order');
  return (
    <>
      <p className="mb-2">
        <Link to={paths.myOrder(orderId)}>← Back to the order</Link>
      </p>
      <QueryState query={order} what="this order">
        {(o) =>
          mayChangeOrder(o) ? (
            <Card className="shadow-sm">
              <Card.Body>
                <ChangeOrderForm
                  order={o}
                  onChanged={(changed) =>
                    void navigate(
                      changed.status === 'unpaid' ? paths.payment(changed._id) : paths.myOrder(changed._id),
                    )
                  }
                />
              </Card.Body>
            </Card>
          ) : (
            <Alert variant="warning">
              Order {o.orderNumber} is {formatOrderStatus(o.status).toLowerCase()}
              {o.quoteId ? ' and priced by an accepted quote' : ''}, so it can no longer be changed.{' '}
              <Link className="alert-link" to={paths.myOrder(o._id)}>
                See the order
              </Link>
            </Alert>
          )
        }
      </QueryState>
    </>
  );
}
