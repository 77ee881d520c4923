import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/database';
import type { CatalogChange } from './catalog-cache';

const CHANNEL = 'catalog_changed';
const NOTIFY_EVERY_MS = 20;
// A notice carries at most 8000 bytes; past this many products it says 'everything' instead.
const MAX_IDS_PER_NOTICE = 150;

/** What one instance tells the others: which products changed, or null for anything at all. */
interface Notice {
  from: string;
  products: string[] | null;
}

/** Another instance's notice as a change to apply here; null for this instance's own. */
function readNotice(payload: string | undefined, self: string): CatalogChange | null {
  try {
    const notice = JSON.parse(payload ?? '') as Notice;
    if (notice.from === self) return null;
    return Array.isArray(notice.products) ? { productIds: notice.products.map(String) } : 'everything';
  } catch {
    return 'everything';
  }
}

/**
 * Tells the other instances on one PostgreSQL that the catalog changed (LISTEN/NOTIFY), so that their
 * cached answers showing the changed products are dropped within milliseconds instead of when they
 * age out (DESIGN §6). The
 * listening connection reconnects by itself (db/notices.ts); on each (re)connect the local copy is
 * dropped too, since a notice may have been missed while it was away.
 */
export function startCatalogChanges({
  database,
  onPeerChange,
  log,
}: {
  database: Pick<DatabaseHandle, 'db' | 'listen'>;
  onPeerChange: (change: CatalogChange) => void;
  log: FastifyBaseLogger;
}) {
  const instanceId = randomUUID();
  const { db } = database;
  const listening = database.listen(CHANNEL, {
    onNotice: (payload) => {
      const change = readNotice(payload, instanceId);
      if (change) onPeerChange(change);
    },
    onConnect: () => onPeerChange('everything'),
    onTrouble: (error, message) => log.warn({ err: error }, message),
  });

  // Under load every order changes the stock: notices are coalesced, at most one per NOTIFY_EVERY_MS,
  // so the others hear of a burst of changes once, within that time.
  let pendingNotice: NodeJS.Timeout | undefined;
  let unsent: Set<string> | 'everything' = new Set();
  const notify = () => {
    pendingNotice = undefined;
    const products = unsent === 'everything' || unsent.size > MAX_IDS_PER_NOTICE ? null : [...unsent];
    unsent = new Set();
    const notice: Notice = { from: instanceId, products };
    db.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify(notice)})`).catch((error: unknown) =>
      log.warn({ err: error }, 'could not tell other instances that the catalog changed'),
    );
  };

  return {
    ready: listening.ready,
    /** Tells the others; a failure only delays them until their copy ages out. */
    publish(change: CatalogChange) {
      if (change === 'everything') unsent = 'everything';
      else if (unsent !== 'everything') for (const id of change.productIds) unsent.add(id);
      pendingNotice ??= setTimeout(notify, NOTIFY_EVERY_MS);
    },
    async stop() {
      if (pendingNotice) {
        clearTimeout(pendingNotice);
        notify();
      }
      await listening.stop();
    },
  };
}
