import { useState } from 'react';
import { formatUnits } from '../../shared/numbers';
import { notify } from '../lib/notify';
import { useCurrentUser } from '../lib/session-store';
import { addToCart } from '../lib/cart-store';

/**
 * Puts `quantity` units of a product in the cart (a signed-in buyer's on the server, a visitor's in
 * this browser), beside Buy Now; the cart page prices each line and checks it out with the rest. A
 * plain button, so the home page's product cards load no UI library for it.
 */
export function AddToCartButton({
  toolId,
  name,
  quantity,
  className = 'btn btn-outline-dark',
  disabled = false,
}: {
  toolId: string;
  name: string;
  quantity: number;
  className?: string;
  disabled?: boolean;
}) {
  const { user, isPending } = useCurrentUser();
  const [adding, setAdding] = useState(false);
  const valid = Number.isInteger(quantity) && quantity > 0;
  return (
    <button
      type="button"
      className={className}
      disabled={!valid || adding || isPending || disabled}
      onClick={() => {
        setAdding(true);
        addToCart(toolId, quantity, Boolean(user))
          .then((lines) =>
            notify.success(
              `${formatUnits(quantity)} × ${name} is in your cart (${lines} ${lines === 1 ? 'line' : 'lines'})`,
            ),
          )
          .catch((error: unknown) => notify.error(error instanceof Error ? error.message : String(error)))
          .finally(() => setAdding(false));
      }}
    >
      Add to cart
    </button>
  );
}
