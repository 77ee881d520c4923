import { eq } from 'drizzle-orm';
import { quantityBounds } from '../../shared/domain/order-quantity';
import { messages } from '../../shared/messages';
import type { SessionUser } from '../auth/session';
import type { CatalogCache } from '../catalog/catalog-cache';
import { reserveStock } from '../catalog/stock';
import type { Database } from '../db/database';
import { orders, products } from '../db/schema';
import { DomainError } from '../http/domain-error';

// Amounts are stored as 32-bit cents; an order above this is not one to take through a web form.
const MAX_AMOUNT_CENTS = 2_000_000_000;

export interface PlaceOrderDeps {
  db: Database;
  catalogCache: CatalogCache;
  holdHours: number;
  now?: () => Date;
}

/**
 * A customer orders a product (spec §7 POST /purchase, DESIGN §4). The price, the amount, the item name
 * and the email come from the database and the session, never from the request. The quantity is
 * reserved in the same transaction that stores the order.
 */
export async function placeOrder(
  { db, catalogCache, holdHours, now = () => new Date() }: PlaceOrderDeps,
  user: SessionUser,
  input: { toolId: string; name: string; address: string; number: string; quantity: number },
): Promise<{ id: string }> {
  const order = await db.transaction(async (tx) => {
    const [product] = await tx.select().from(products).where(eq(products.id, input.toolId));
    if (!product) throw new DomainError('NOT_FOUND', messages.productNotFound);

    const bounds = quantityBounds({ min_order: product.minOrder, available: product.available });
    if (input.quantity < bounds.lower) {
      throw new DomainError('VALIDATION_FAILED', messages.orderBelowMinimum(bounds.lower));
    }
    if (input.quantity > bounds.upper) {
      throw new DomainError('OUT_OF_STOCK', messages.orderAboveAvailable(bounds.upper));
    }
    const amountCents = input.quantity * product.priceCents;
    if (amountCents > MAX_AMOUNT_CENTS) {
      throw new DomainError(
        'VALIDATION_FAILED',
        'This order is too large to place online. Please contact us.',
      );
    }
    if (!(await reserveStock(tx, product.id, input.quantity))) {
      // Someone else's order took the stock between our read and our reservation.
      const [current] = await tx
        .select({ available: products.available })
        .from(products)
        .where(eq(products.id, product.id));
      throw new DomainError('OUT_OF_STOCK', messages.orderAboveAvailable(current?.available ?? 0));
    }

    const placedAt = now();
    const [row] = await tx
      .insert(orders)
      .values({
        productId: product.id,
        userId: user.id,
        buyerName: input.name,
        email: user.email.toLowerCase(),
        address: input.address,
        phone: input.number,
        itemName: product.name,
        quantity: input.quantity,
        amountCents,
        createdAt: placedAt,
        updatedAt: placedAt,
        holdExpiresAt: new Date(placedAt.getTime() + holdHours * 3_600_000),
      })
      .returning({ id: orders.id });
    if (!row) throw new Error('The order was not stored');
    return row;
  });
  catalogCache.invalidate();
  return order;
}
