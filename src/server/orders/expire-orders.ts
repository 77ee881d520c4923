import type { FastifyBaseLogger } from 'fastify';
import type { CatalogCache } from '../catalog/catalog-cache';
import { releaseStock } from '../catalog/products.repository';
import type { Database } from '../db/database';
import { lockOverdueOrders, moveOrder } from './orders.repository';

const BATCH = 200;

/**
 * Unpaid orders past their hold become expired and give their stock back (DESIGN §4). The overdue rows
 * are locked with SKIP LOCKED, so several server processes sweeping one PostgreSQL never expire an order
 * twice. Answers how many orders expired.
 */
export async function expireOverdueOrders(
  { db, catalogCache }: { db: Database; catalogCache: CatalogCache },
  now = new Date(),
): Promise<number> {
  const expired = await db.transaction(async (tx) => {
    const overdue = await lockOverdueOrders(tx, now, BATCH);
    for (const order of overdue) {
      await moveOrder(tx, order.id, 'expired');
      await releaseStock(tx, order.productId, order.quantity);
    }
    return overdue.length;
  });
  if (expired > 0) catalogCache.invalidate();
  return expired;
}

/** Runs the sweep now and then every `intervalMs`; the returned function stops it. */
export function scheduleOrderExpiry(
  deps: { db: Database; catalogCache: CatalogCache; log: FastifyBaseLogger },
  intervalMs: number,
): () => void {
  let running = false;
  const sweep = async () => {
    if (running) return;
    running = true;
    try {
      let expired: number;
      do {
        expired = await expireOverdueOrders(deps);
        if (expired > 0) deps.log.info({ expired }, 'expired unpaid orders past their hold');
      } while (expired === BATCH);
    } catch (error) {
      deps.log.error({ err: error }, 'order expiry sweep failed');
    } finally {
      running = false;
    }
  };
  void sweep();
  const timer = setInterval(() => void sweep(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
