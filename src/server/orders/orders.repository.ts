import { and, desc, eq, ne } from 'drizzle-orm';
import type { Order } from '../../shared/api/orders.schemas';
import { isPaid } from '../../shared/domain/order-status';
import { centsToDollars } from '../../shared/money';
import type { Database } from '../db/database';
import { orders } from '../db/schema';

export type OrderRow = typeof orders.$inferSelect;

/** The API's order shape (spec §3) with its derived `paid` flag. */
export function toOrder(row: OrderRow): Order {
  return {
    _id: row.id,
    toolId: row.productId,
    name: row.buyerName,
    email: row.email,
    address: row.address,
    number: row.phone,
    quantity: row.quantity,
    amount: centsToDollars(row.amountCents),
    itemName: row.itemName,
    paid: isPaid(row.status),
    status: row.status,
    ...(row.transactionId ? { payment: { transactionId: row.transactionId } } : {}),
    createdAt: row.createdAt.toISOString(),
    holdExpiresAt: row.status === 'unpaid' ? row.holdExpiresAt.toISOString() : null,
  };
}

export function createOrdersRepository(db: Database) {
  return {
    async findById(id: string): Promise<OrderRow | undefined> {
      const [row] = await db.select().from(orders).where(eq(orders.id, id));
      return row;
    },

    /** A customer's orders, newest first; cancelled ones are kept but no longer listed (DESIGN §4). */
    async listForUser(userId: string): Promise<OrderRow[]> {
      return db
        .select()
        .from(orders)
        .where(and(eq(orders.userId, userId), ne(orders.status, 'cancelled')))
        .orderBy(desc(orders.createdAt));
    },

    async listByEmail(email: string): Promise<OrderRow[]> {
      return db
        .select()
        .from(orders)
        .where(and(eq(orders.email, email.toLowerCase()), ne(orders.status, 'cancelled')))
        .orderBy(desc(orders.createdAt));
    },
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
