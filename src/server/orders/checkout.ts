import { countOrderPlaced } from '../metrics/metrics';
import { messages } from '../../shared/messages';
import type { SessionUser } from '../identity/request-user';
import { findOrderable, moveStock } from '../records/products.repository';
import { DomainError } from '../http/domain-error';
import { cartLinesOf, emptyCart, lineProblem } from './cart';
import type { PlacedOrder } from './storage/orders.repository';
import {
  type DeliveryFields,
  type PlaceOrderDeps,
  holdUnpaidOrderSlot,
  insertUnpaidOrder,
} from './place-order';
import { orderLineFor, pricingFor } from '../pricing/price-line';
import { runOrderWork } from './order-process';

/**
 * The buyer's cart becomes one order (POST /api/cart/checkout): every line's stock is
 * reserved in one transaction, all lines or none, and the cart empties only when the order is stored.
 * Every product in the cart is locked first, in id order, so two overlapping carts checking out at once
 * wait for each other instead of deadlocking; the lines are then checked against the stock as locked,
 * and a refusal names each line that cannot be ordered as it is and what would fit.
 */
export async function checkout(
  deps: PlaceOrderDeps,
  user: SessionUser,
  details: DeliveryFields,
  paymentMethod: 'card' | 'account' = 'card',
): Promise<PlacedOrder> {
  const { holdHours, minUnits, maxUnpaid } = deps;
  const placed = await runOrderWork(deps, async (work) => {
    const { tx } = work;
    // One account checks out one cart at a time, and within its unpaid-order limit.
    const rules = await holdUnpaidOrderSlot(tx, user, maxUnpaid);
    const cart = await cartLinesOf(tx, user.id, { lock: true });
    if (cart.length === 0) throw new DomainError('VALIDATION_FAILED', messages.cartEmpty);

    const ids = [...new Set(cart.map((line) => line.productId))].sort();
    const locked = await findOrderable(tx, { ids }, { lock: true });
    const current = new Map(locked.map((product) => [product.id, product]));
    const lines = cart.map((line) => ({ ...line, ...current.get(line.productId) }));

    const problems = lines.flatMap((line) => {
      const problem = lineProblem(line, minUnits);
      return problem ? [{ line, problem }] : [];
    });
    if (problems.length > 0) {
      const short = problems.some(({ line }) => line.quantity > line.available);
      throw new DomainError(
        short ? 'OUT_OF_STOCK' : 'VALIDATION_FAILED',
        messages.checkoutRefused(
          problems.map(({ line, problem }) => `${line.sku} ${line.name}: ${problem}.`),
        ),
      );
    }

    const taken = new Map<string, number>();
    for (const line of lines) taken.set(line.productId, (taken.get(line.productId) ?? 0) - line.quantity);
    work.stockMoved(await moveStock(tx, taken));

    // Priced as the cart showed them, by the one pricing rule (the buyer's contract prices included).
    const pricing = await pricingFor(
      tx,
      user,
      lines.map((line) => line.sku),
      minUnits,
      work.at,
    );
    const row = await insertUnpaidOrder(work, {
      user,
      rules,
      details,
      lines: lines.map((line) => orderLineFor(pricing, { ...line, id: line.productId }, line.quantity)),
      holdHours,
      paymentMethod,
    });
    await emptyCart(tx, user.id);
    return row;
  });
  countOrderPlaced('cart', placed);
  return placed;
}
