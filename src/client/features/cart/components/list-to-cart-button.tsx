import Button from 'react-bootstrap/Button';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useListToCart } from '../api/cart';
import type { OrderedAgain } from '../order-again';

/**
 * A saved list's 'Add all to cart': every line into the cart, re-checked against today's
 * price, stock and minimum; the cart then lists what changed on the way. The list stays as it is.
 */
export function ListToCartButton({
  list,
  size,
}: {
  list: { _id: string; name: string; lineCount: number };
  size?: 'sm' | 'lg';
}) {
  const navigate = useNavigate();
  const toCart = useListToCart();
  return (
    <Button
      variant="warning"
      size={size}
      className="fw-semibold"
      disabled={toCart.isPending || list.lineCount === 0}
      onClick={() =>
        toCart.mutate(list._id, {
          onSuccess: ({ notes }) => {
            const orderedAgain: OrderedAgain = { from: `the list ${list.name}`, notes };
            void navigate(paths.cart, { state: { orderedAgain } });
          },
        })
      }
    >
      Add all to cart<span className="visually-hidden">: {list.name}</span>
    </Button>
  );
}
