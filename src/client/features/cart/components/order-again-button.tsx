import { deliveryDefaults } from '../../../lib/delivery-defaults';
import Button from 'react-bootstrap/Button';
import { useNavigate } from 'react-router';
import type { Order } from '../../../../shared/api/orders.schemas';
import { paths } from '../../../config/paths';
import { notify } from '../../../lib/notify';
import { useOrderAgain } from '../api/cart';
import type { OrderedAgain } from '../order-again';

/**
 * Puts every line of an earlier order back into the cart (kept to today's smallest orders and stock)
 * and opens the cart, which lists what changed on the way and fills checkout from that order.
 */
export function OrderAgainButton({ order }: { order: Order }) {
  const navigate = useNavigate();
  const orderAgain = useOrderAgain();
  return (
    <Button
      size="sm"
      variant="outline-dark"
      disabled={orderAgain.isPending}
      onClick={() =>
        orderAgain.mutate(order._id, {
          onSuccess: ({ notes }) => {
            const orderedAgain: OrderedAgain = {
              from: `order ${order.orderNumber}`,
              notes,
              details: deliveryDefaults(order),
            };
            void navigate(paths.cart, { state: { orderedAgain } });
          },
          onError: (error) => notify.error(error.message),
        })
      }
    >
      Order again
    </Button>
  );
}
