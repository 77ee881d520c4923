import { countOrderPlaced } from '../metrics/metrics';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { messages } from '../../shared/messages';
import type { SessionUser } from '../identity/request-user';
import type { ProductStock } from '../stock/stock';
import { products } from '../db/schema';
import { DomainError } from '../http/domain-error';
import { cartLinesOf, emptyCart, lineProblem } from './cart';
import type { PlacedOrder } from '../records/orders.repository';
import {
  type DeliveryFields,
  type PlaceOrderDeps,
  holdUnpaidOrderSlot,
  insertUnpaidOrder,
} from './place-order';
import { orderLineFor, pricingFor } from '../pricing/price-line';

/**
 * The buyer's cart becomes one order (POST /api/cart/checkout): every line's stock is
 * reserved in one transaction, all lines or none, and the cart empties only when the order is stored.
 * Every product in the cart is locked first, in id order, so two overlapping carts checking out at once
 * wait for each other instead of deadlocking; the lines are then checked against the stock as locked,
 * and a refusal names each line that cannot be ordered as it is and what would fit.
 */
export async function checkout(
  { db, catalogCache, holdHours, minUnits, maxUnpaid, mail, now = () => new Date() }: PlaceOrderDeps,
  user: SessionUser,
  details: DeliveryFields,
  paymentMethod: 'card' | 'account' = 'card',
): Promise<PlacedOrder> {
  const placed = await db.transaction(async (tx) => {
    // One account checks out one cart at a time, and within its unpaid-order limit.
    const rules = await holdUnpaidOrderSlot(tx, user, maxUnpaid);
    const cart = await cartLinesOf(tx, user.id, { lock: true });
    if (cart.length === 0) throw new DomainError('VALIDATION_FAILED', messages.cartEmpty);

    const ids = [...new Set(cart.map((line) => line.productId))].sort();
    const locked = await tx
      .select({
        id: products.id,
        available: products.available,
        minOrder: products.minOrder,
        priceTiers: products.priceTiers,
      })
      .from(products)
      .where(inArray(products.id, ids))
      .orderBy(asc(products.id))
      // Not FOR UPDATE: the stock is no key, so carts being filled (whose foreign keys take a key-share
      // lock on the product) never wait for a checkout, nor a checkout for them.
      .for('no key update');
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

    const stock: ProductStock[] = [];
    for (const id of ids) {
      const units = lines
        .filter((line) => line.productId === id)
        .reduce((sum, line) => sum + line.quantity, 0);
      const [level] = await tx
        .update(products)
        .set({ available: sql`${products.available} - ${units}` })
        .where(eq(products.id, id))
        .returning({ id: products.id, available: products.available });
      if (level) stock.push(level);
    }

    // Priced as the cart showed them, by the one pricing rule (the buyer's contract prices included).
    const placedAt = now();
    const pricing = await pricingFor(
      tx,
      user,
      lines.map((line) => line.sku),
      minUnits,
      placedAt,
    );
    const row = await insertUnpaidOrder(tx, {
      user,
      rules,
      details,
      lines: lines.map((line) => orderLineFor(pricing, { ...line, id: line.productId }, line.quantity)),
      holdHours,
      mail,
      placedAt,
      paymentMethod,
    });
    await emptyCart(tx, user.id);
    return { row, stock };
  });
  catalogCache.stockChanged(placed.stock);
  countOrderPlaced('cart', placed.row);
  mail.nudge();
  return placed.row;
}
