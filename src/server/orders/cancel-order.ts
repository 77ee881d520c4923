import type { SessionUser } from '../auth/session';
import type { CatalogCache } from '../catalog/catalog-cache';
import { releaseStock } from '../catalog/products.repository';
import type { Database } from '../db/database';
import { findOrderFor, moveOrder } from './orders.repository';

/**
 * A customer cancels their own unpaid order (spec §7 DELETE /purchase/{id}); its stock goes back on
 * sale. What may be cancelled is the transition table's to say (DESIGN §4: paid orders cannot be).
 * The order row is kept, marked cancelled.
 */
export async function cancelOrder(
  { db, catalogCache }: { db: Database; catalogCache: CatalogCache },
  user: SessionUser,
  orderId: string,
): Promise<{ deletedCount: number }> {
  await db.transaction(async (tx) => {
    const order = await findOrderFor(tx, user, orderId);
    await moveOrder(tx, order.id, 'cancelled');
    await releaseStock(tx, order.productId, order.quantity);
  });
  catalogCache.invalidate();
  return { deletedCount: 1 };
}
