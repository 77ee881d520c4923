import { eq } from 'drizzle-orm';
import type { SessionUser } from '../auth/session';
import type { CatalogCache } from '../catalog/catalog-cache';
import { releaseStock } from '../catalog/stock';
import type { Database } from '../db/database';
import { orders } from '../db/schema';
import { DomainError } from '../http/domain-error';
import { transitionOrder } from './transition-order';
import { messages } from '../../shared/messages';

/**
 * A customer cancels their own unpaid order (spec §7 DELETE /purchase/{id}); its stock goes back on
 * sale. Paid orders cannot be cancelled (DESIGN §4). The order row is kept, marked cancelled.
 */
export async function cancelOrder(
  { db, catalogCache }: { db: Database; catalogCache: CatalogCache },
  user: SessionUser,
  orderId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order || order.userId !== user.id) throw new DomainError('NOT_FOUND', messages.orderNotFound);
    if (order.status === 'paid' || order.status === 'shipped') {
      throw new DomainError('ORDER_ALREADY_PAID', 'This order is paid and can no longer be cancelled');
    }
    const cancelled = await transitionOrder(tx, order.id, 'cancelled');
    if (!cancelled)
      throw new DomainError('ORDER_CLOSED', 'This order was already cancelled or its hold has expired');
    await releaseStock(tx, order.productId, order.quantity);
  });
  catalogCache.invalidate();
}
