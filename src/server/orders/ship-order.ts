import type { Database } from '../db/database';
import { moveOrder } from './orders.repository';

/**
 * An admin marks a paid order shipped (DESIGN §5.7) through the one transition function; marking a
 * shipped order shipped again changes nothing.
 */
export async function shipOrder(db: Database, orderId: string): Promise<{ modifiedCount: number }> {
  const moved = await moveOrder(db, orderId, 'shipped', {
    alreadyDone: (current) => current.status === 'shipped',
  });
  return { modifiedCount: moved ? 1 : 0 };
}
