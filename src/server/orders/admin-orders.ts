import { count, desc, eq } from 'drizzle-orm';
import type { AdminOrderPage } from '../../shared/api/admin-orders.schemas';
import type { OrderStatus } from '../../shared/domain/order-status';
import type { Database } from '../db/database';
import { orders } from '../db/schema';
import { DomainError } from '../http/domain-error';
import { toOrder } from './orders.repository';
import { transitionOrder } from './transition-order';
import { messages } from '../../shared/messages';

/** Every order, newest first, optionally of one state, a page at a time (DESIGN §5.7). */
export async function listAllOrders(
  db: Database,
  { status, page, pageSize }: { status?: OrderStatus | undefined; page: number; pageSize: number },
): Promise<AdminOrderPage> {
  const where = status ? eq(orders.status, status) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  return { orders: rows.map(toOrder), total: total?.n ?? 0, page, pageSize };
}

/** An admin marks a paid order shipped, through the one transition function; nothing else is allowed. */
export async function shipOrder(db: Database, orderId: string): Promise<{ modifiedCount: number }> {
  const shipped = await transitionOrder(db, orderId, 'shipped');
  if (shipped) return { modifiedCount: 1 };
  const [order] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  if (!order) throw new DomainError('NOT_FOUND', messages.orderNotFound);
  if (order.status === 'shipped') return { modifiedCount: 0 };
  throw new DomainError(
    'INVALID_TRANSITION',
    `This order is ${order.status}; only paid orders can be marked shipped`,
  );
}
