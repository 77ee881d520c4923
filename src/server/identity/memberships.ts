import { LRUCache } from 'lru-cache';
import type { DatabaseHandle } from '../db/database';
import { membershipOf } from './membership';

/** The channel drizzle/0061's trigger tells on: a member row changed (the user's id), or all ('' ). */
const CHANNEL = 'membership_changed';
const KEPT = 10_000;
// A connection cut the listener has not noticed yet could miss a notice: nothing is kept longer than this.
const KEPT_MS = 60_000;

/**
 * Which company each signed-in buyer's catalog prices come from, kept in memory so that a contract
 * buyer's catalog page costs no database statement more than a visitor's (issue 66).
 *
 * What is kept is trusted only while this instance hears every change: a trigger on company_members
 * notifies on commit (drizzle/0061) and the member is forgotten when it is heard, in-process before
 * the commit returns on the embedded database, a moment after it on PostgreSQL (where the writers in
 * this process also forget at once, `forget`, so their own next request is right). While the listening
 * connection is away nothing is kept or read from memory, and on every (re)connect all is forgotten:
 * a notice may have been missed. A read that started before a change it did not see is not kept
 * (a count of changes, taken before the read, must not have moved).
 *
 * Only prices are shown by it: what a buyer may do is read with their session on every request.
 */
export interface Memberships {
  /** The company whose prices `userId` sees, or null. */
  companyIdOf(userId: string): Promise<string | null>;
  /** Forgets what is kept of `userId` (a writer in this process, after its commit). */
  forget(userId: string): void;
  ready: Promise<void>;
  stop(): Promise<void>;
}

export function startMemberships(
  database: Pick<DatabaseHandle, 'db' | 'listen'>,
  /** Told when the listening connection is lost or cannot be made (it is tried again by itself). */
  warn: (error: unknown, message: string) => void,
): Memberships {
  const kept = new LRUCache<string, { companyId: string | null }>({ max: KEPT, ttl: KEPT_MS });
  let changes = 0;
  const forget = (userId: string) => {
    changes += 1;
    if (userId === '') kept.clear();
    else kept.delete(userId);
  };
  const forgetAll = () => forget('');
  const listening = database.listen(CHANNEL, {
    onNotice: forget,
    onConnect: forgetAll,
    onTrouble: (error, message) => {
      forgetAll();
      warn(error, message);
    },
  });

  return {
    async companyIdOf(userId) {
      if (listening.connected()) {
        const hit = kept.get(userId);
        if (hit) return hit.companyId;
      }
      const before = changes;
      const companyId = (await membershipOf(database.db, userId))?.id ?? null;
      if (listening.connected() && changes === before) kept.set(userId, { companyId });
      return companyId;
    },
    forget,
    ready: listening.ready,
    stop: async () => {
      await listening.stop();
      kept.clear();
    },
  };
}
