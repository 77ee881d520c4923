import type { FastifyBaseLogger } from 'fastify';
import { DomainError } from '../http/domain-error';
import { type CloseOrderDeps, closeOrder } from './close-order';
import type { Database } from '../db/database';
import type { MailContext } from '../mail/mail-layout';
import { queueMails } from '../mail/outbox';
import { holdEndingMail } from './order-mails';
import {
  claimHoldReminders,
  listOverdueOrdersWithIntent,
  lockOverdueOrdersWithoutIntent,
  withLines,
} from './storage/orders.repository';
import { runOrderWork } from './order-process';
import { transitionOrders } from './transitions';

/** Orders one transaction expires; the order-expiry job runs again while a batch comes back full. */
export const BATCH = 200;

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
  const expired = await runOrderWork({ ...deps, now: () => now }, async (work) => {
    const overdue = await lockOverdueOrdersWithoutIntent(work.tx, now, BATCH);
    await transitionOrders(
      work,
      overdue.map((order) => order.id),
      'expired',
      { actor: null },
    );
    return overdue.length;
  });

  let closed = 0;
  for (const order of await listOverdueOrdersWithIntent(deps.db, now, BATCH)) {
    try {
      await closeOrder(deps, order, 'expired', { actor: null });
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
