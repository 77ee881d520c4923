import { and, eq, inArray } from 'drizzle-orm';
import { type OrderStatus, statesThatCanBecome } from '../../shared/domain/order-status';
import type { Database } from '../db/database';
import { orders } from '../db/schema';
import type { OrderRow } from './orders.repository';

type Executor = Pick<Database, 'update'>;

/**
 * The one place that writes an order's status (CONVENTIONS §6). It moves the order only if it is still
 * in one of the states the caller read, so two racing requests cannot both move it; the loser gets
 * undefined and decides what that means.
 */
export async function transitionOrder(
  tx: Executor,
  orderId: string,
  to: OrderStatus,
  changes: Partial<Pick<OrderRow, 'transactionId'>> = {},
): Promise<OrderRow | undefined> {
  const from = statesThatCanBecome(to);
  if (from.length === 0) throw new Error(`No order can become ${to}`);
  const [row] = await tx
    .update(orders)
    .set({ status: to, updatedAt: new Date(), ...changes })
    .where(and(eq(orders.id, orderId), inArray(orders.status, from)))
    .returning();
  return row;
}
