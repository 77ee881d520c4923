import type { FastifyBaseLogger } from 'fastify';
import { SESSION_MAX_AGE_MS } from '../auth/session';
import { releaseReservations } from './backorders';
import { DomainError } from '../http/domain-error';
import { AFTER_START_MS, repeat, waitAtMost } from '../time-limits';
import { endSessionsOlderThan } from '../users/users.repository';
import { type CloseOrderDeps, closeOrder } from './close-order';
import type { Database } from '../db/database';
import type { MailContext } from '../mail/mail-layout';
import { queueMails } from '../mail/outbox';
import { expireQuotes } from '../quotes/quotes.repository';
import { holdEndingMail, orderExpiredMail } from './order-mails';
import {
  claimHoldReminders,
  listOverdueOrdersWithIntent,
  lockOverdueOrdersWithoutIntent,
  moveOrder,
  withLines,
  withLinesOf,
} from './orders.repository';

const BATCH = 200;

/**
 * Unpaid orders past their hold become expired and give their stock back (DESIGN §4); answers how
 * many were handled. Safe with several server processes on one PostgreSQL:
 * - orders with no payment intent are locked with SKIP LOCKED (no two processes take the same order),
 *   and their stock goes back product by product in id order, so two sweeps never deadlock;
 * - orders with an intent are closed one by one through closeOrder (the provider is asked first, and
 *   a customer who paid at the last moment gets a paid order); a race with another sweep is a no-op.
 */
export async function expireOverdueOrders(
  deps: CloseOrderDeps & { log?: FastifyBaseLogger },
  now = new Date(),
): Promise<number> {
  const { expired, stock } = await deps.db.transaction(async (tx) => {
    const overdue = await lockOverdueOrdersWithoutIntent(tx, now, BATCH);
    const mails = [];
    for (const order of overdue) {
      const closed = await moveOrder(tx, order.id, 'expired');
      if (closed) mails.push(orderExpiredMail(deps.mail, await withLinesOf(tx, closed)));
    }
    await queueMails(tx, mails);
    const stock = await releaseReservations(
      tx,
      overdue.map((order) => order.id),
    );
    return { expired: overdue.length, stock };
  });
  deps.catalogCache.stockChanged(stock);
  if (expired > 0) deps.mail.nudge();

  let closed = 0;
  for (const order of await listOverdueOrdersWithIntent(deps.db, now, BATCH)) {
    try {
      await closeOrder(deps, order, 'expired');
      closed += 1;
    } catch (error) {
      // Closed or paid by another process meanwhile, or a payment still processing: next sweep decides.
      if (!(error instanceof DomainError)) throw error;
      deps.log?.info({ orderId: order.id, code: error.code }, 'overdue order left as it is for now');
    }
  }
  return expired + closed;
}

/** A reminder is sent when the hold ends within this window, to orders placed at least this long ago. */
export const HOLD_REMINDER_MS = 12 * 3_600_000;

/**
 * Tells each customer whose unpaid order's hold ends within 12 hours, once per order (DESIGN §9).
 * An order placed less than 12 hours before its hold ends is skipped: its 'order placed' mail, which
 * names the hold's end, is recent enough. Answers how many were told. The orders are claimed and
 * their mails queued in one transaction (SKIP LOCKED), so several processes never send one twice.
 */
export async function remindHoldsEnding(deps: { db: Database; mail: MailContext }, now = new Date()) {
  const told = await deps.db.transaction(async (tx) => {
    const orders = await withLines(tx, await claimHoldReminders(tx, now, HOLD_REMINDER_MS, BATCH));
    await queueMails(
      tx,
      orders.map((order) => holdEndingMail(deps.mail, order)),
    );
    return orders.length;
  });
  if (told > 0) deps.mail.nudge();
  return told;
}

/**
 * Runs the sweep a second after the start (or after `intervalMs` if sooner), then every `intervalMs`.
 * Not at once: its queries would run before the server's first answers (on the embedded database, in
 * the same thread), and a hold that ended while the shop was down waits no longer than one interval,
 * as any hold does. The returned function stops it, waiting up to a second for a sweep under way (one
 * cut short leaves its orders to the next sweep, here or elsewhere).
 */
export function scheduleOrderExpiry(deps: CloseOrderDeps & { log: FastifyBaseLogger }, intervalMs: number) {
  let running: Promise<void> | null = null;
  const sweep = () => {
    running ??= (async () => {
      try {
        let handled: number;
        do {
          handled = await expireOverdueOrders(deps);
          if (handled > 0) deps.log.info({ handled }, 'expired unpaid orders past their hold');
        } while (handled >= BATCH);
        const reminded = await remindHoldsEnding(deps);
        if (reminded > 0) deps.log.info({ reminded }, 'told customers their order holds end soon');
        const quotesExpired = await expireQuotes(deps.db);
        if (quotesExpired > 0) deps.log.info({ quotesExpired }, 'expired quotes past their validity');
        // Sessions past their absolute lifetime end here too (the guards refuse them already).
        await endSessionsOlderThan(deps.db, SESSION_MAX_AGE_MS);
      } catch (error) {
        deps.log.error({ err: error }, 'order expiry sweep failed');
      } finally {
        running = null;
      }
    })();
  };
  const stopSweeping = repeat(sweep, intervalMs, Math.min(intervalMs, AFTER_START_MS));
  return async () => {
    stopSweeping();
    await waitAtMost(1000, running);
  };
}
