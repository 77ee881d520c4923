import type { OrderAgainNote } from '../../shared/api/cart.schemas';
import { lowerBound } from '../../shared/domain/order-quantity';
import { messages } from '../../shared/messages';
import { formatCents } from '../../shared/money';
import type { SessionUser } from '../identity/request-user';
import type { Database, Executor } from '../db/database';
import { findOrderable } from '../records/products.repository';
import { setCartLines } from './cart';
import { findOrderFor } from './storage/orders.repository';
import { pricingFor } from '../pricing/price-line';

/** A line going back into the cart: an earlier order's, or a saved list's. */
export interface RefillLine {
  line: number;
  productId: string | null;
  sku: string | null;
  name: string;
  quantity: number;
  /** What a unit cost then: a note says when today's price differs. */
  unitPriceCents: number;
}

/**
 * 'Order again' (POST /api/cart/order-again): every line of one of the buyer's orders goes back into
 * the cart in one step (refillCart). Answers the notes and how many lines were set.
 */
export async function orderAgain(
  db: Database,
  user: SessionUser,
  orderId: string,
  floor: number,
): Promise<{ notes: OrderAgainNote[]; added: number }> {
  return db.transaction(async (tx) => {
    const order = await findOrderFor(tx, user, orderId);
    return refillCart(
      tx,
      user,
      order.lines.map((line) => ({ ...line, line: line.lineNumber })),
      floor,
    );
  });
}

/**
 * Puts these lines into the buyer's cart, each product taking the line's quantity kept within today's
 * bounds (its smallest order and its stock). A line that changed on the way gets a note saying how:
 * left out (no longer sold, out of stock), raised or lowered, or priced differently today. Answers the
 * notes and how many lines were set. Call it inside a transaction.
 */
export async function refillCart(
  tx: Executor,
  user: SessionUser,
  lines: readonly RefillLine[],
  floor: number,
): Promise<{ notes: OrderAgainNote[]; added: number }> {
  const ids = lines.flatMap((line) => (line.productId ? [line.productId] : []));
  const current = await findOrderable(tx, { ids });
  const byId = new Map(current.map((product) => [product.id, product]));
  const pricing = await pricingFor(
    tx,
    user,
    current.map((product) => product.sku),
    floor,
  );

  const notes: OrderAgainNote[] = [];
  const quantities = new Map<string, number>();
  for (const line of lines) {
    const note = (message: string) =>
      notes.push({ line: line.line, sku: line.sku, name: line.name, message });
    const product = line.productId ? byId.get(line.productId) : undefined;
    if (!product) {
      note(messages.orderAgainGone);
      continue;
    }
    const lower = lowerBound(product.minOrder, floor, product.orderMultiple);
    const wanted = (quantities.get(product.id) ?? 0) + line.quantity;
    // Within the bounds, in whole packs: up to the pack that covers what was ordered, down to what is there.
    const packs = Math.min(
      Math.ceil(Math.max(wanted, lower) / product.orderMultiple),
      Math.floor(product.available / product.orderMultiple),
    );
    const quantity = packs * product.orderMultiple;
    if (quantity < lower) {
      note(messages.orderAgainOutOfStock);
      continue;
    }
    quantities.set(product.id, quantity);
    const said: string[] = [];
    if (quantity > wanted) said.push(messages.orderAgainRaised(wanted, quantity));
    if (quantity < wanted) said.push(messages.orderAgainLowered(wanted, quantity));
    const price = pricing.line(product, quantity);
    if (price.unitPriceCents !== line.unitPriceCents) {
      said.push(
        messages.orderAgainRepriced(formatCents(line.unitPriceCents), formatCents(price.unitPriceCents)),
      );
    }
    if (said.length > 0) note(said.join('. '));
  }
  await setCartLines(tx, user, quantities, floor);
  return { notes, added: quantities.size };
}
