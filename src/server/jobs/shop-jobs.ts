import type { FastifyBaseLogger } from 'fastify';
import { SESSION_MAX_AGE_MS } from '../auth/session';
import { uploadedPicturesInUse } from '../records/products.repository';
import type { AppConfig } from '../config/env';
import { remindInvoices } from '../credit/reminders';
import { noticeExpiringCertificates } from '../tax/exemptions';
import { type CloseOrderDeps } from '../orders/close-order';
import { BATCH, expireOverdueOrders, remindHoldsEnding } from '../orders/expire-orders';
import { sendPendingRefunds } from '../orders/send-refunds';
import { expireQuotes } from '../quotes/quotes.repository';
import type { PictureStore } from '../uploads/picture-store';
import { removeUnusedPictures } from '../uploads/store-picture';
import { endSessionsOlderThan } from '../users/users.repository';
import type { Job } from './scheduler';
import { dashboardFirstDay } from '../dashboard/sales-dashboard';
import { foldSalesRollups } from '../orders/storage/sales-rollups.repository';

/** Uploaded pictures no product shows are looked for hourly (they go once a day old). */
const UNUSED_PICTURES_EVERY_MS = 3_600_000;

/**
 * Every background job of the shop, each with its own setting (README, Configuration):
 * - order-expiry (ORDER_EXPIRY_EVERY_SECONDS): unpaid orders past their hold expire and give their
 *   stock back; customers whose hold ends within 12 hours are told, once;
 * - invoice-reminders (as often as order-expiry): buyers of invoices on account due within 3 days,
 *   and of invoices overdue, are told once each while the invoice is open;
 * - refunds (as often as order-expiry): card refunds still pending a minute after they were decided
 *   are sent to the provider again, with the same idempotency key (refunded once however often);
 * - quote-expiry (QUOTE_EXPIRY_EVERY_SECONDS): answered quotes past their validity expire;
 * - session-cleanup (SESSION_CLEANUP_EVERY_SECONDS): sessions past their absolute lifetime end (the
 *   guards refuse them already; this removes their rows);
 * - unused-pictures (hourly): uploaded pictures no product has shown for a day go;
 * - sales-rollups (as often as order-expiry): the dashboard's change rows are summed, and its top
 *   products' window moves to the dashboard's first day.
 */
export function shopJobs(
  config: AppConfig['jobs'],
  deps: CloseOrderDeps & { log: FastifyBaseLogger; pictures: PictureStore },
): Job[] {
  const { db } = deps;
  return [
    {
      name: 'order-expiry',
      everyMs: config.orderExpiryMs,
      async run() {
        let expired = 0;
        let handled: number;
        do {
          handled = await expireOverdueOrders(deps);
          expired += handled;
        } while (handled >= BATCH);
        return { expired, reminded: await remindHoldsEnding(deps) };
      },
    },
    {
      name: 'invoice-reminders',
      everyMs: config.orderExpiryMs,
      run: async () => ({ reminded: await remindInvoices(deps) }),
    },
    {
      name: 'certificate-expiry',
      everyMs: config.orderExpiryMs,
      run: async () => ({ noticed: await noticeExpiringCertificates(deps) }),
    },
    {
      // Card refunds the provider did not answer when they were decided are sent again, same key.
      name: 'refunds',
      everyMs: config.orderExpiryMs,
      run: async () => ({ settled: await sendPendingRefunds(deps) }),
    },
    {
      name: 'quote-expiry',
      everyMs: config.quoteExpiryMs,
      run: async () => ({ expired: await expireQuotes(db) }),
    },
    {
      name: 'session-cleanup',
      everyMs: config.sessionCleanupMs,
      run: async () => ({ ended: await endSessionsOlderThan(db, SESSION_MAX_AGE_MS) }),
    },
    {
      name: 'sales-rollups',
      everyMs: config.orderExpiryMs,
      run: async () => ({ folded: await foldSalesRollups(db, dashboardFirstDay(new Date())) }),
    },
    {
      name: 'unused-pictures',
      everyMs: UNUSED_PICTURES_EVERY_MS,
      run: async () => ({
        removed: await removeUnusedPictures(deps.pictures, () => uploadedPicturesInUse(db)),
      }),
    },
  ];
}
