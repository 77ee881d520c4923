import type { CatalogCache } from '../catalog/catalog-cache';
import type { Database, Executor } from '../db/database';
import type { MailContext } from '../mail/mail-layout';
import type { ProductStock } from '../records/products.repository';
import type { PaymentProvider } from '../payments/payment-provider';
import { type Issued, recordIssuedDocuments } from '../billing/issued-documents';
import { type RefundToSend, sendCardRefund } from './send-refunds';

/** What the order process needs: the database, the mail, the catalog to tell of stock, and a clock. */
export interface OrderProcessDeps {
  db: Database;
  mail: MailContext;
  catalogCache: CatalogCache;
  /** The process's clock: every step of one piece of work is taken at its time (tests set it). */
  now?: () => Date;
  /**
   * The payment provider card refunds are sent to once the work has committed; without one they wait
   * for the refunds job.
   */
  provider?: PaymentProvider;
}

/**
 * One piece of the order process's work: its transaction, its time, and what it will do once the
 * transaction has committed (never before: a mail or a catalog update must not tell of a step that
 * was rolled back).
 */
export interface OrderWork {
  tx: Executor;
  at: Date;
  mail: MailContext;
  /** Products whose stock moved: the catalog's answers are updated after the commit. */
  stockMoved(levels: readonly ProductStock[]): void;
  /** A mail was queued: the outbox is nudged after the commit. */
  mailed(): void;
  /** A card refund was recorded pending: it is sent to the provider after the commit. */
  refundQueued(refund: RefundToSend): void;
  /**
   * An invoice or credit note was numbered: it is recorded as issued at the end of the work, in its
   * transaction, from the order as the issuing step left it (billing/issued-documents.ts).
   */
  documentIssued(issued: Issued): void;
}

/**
 * Runs `work` in one transaction and then carries out what it asked for after the commit: the
 * catalog learns of the stock it moved, the outbox is nudged and card refunds go to the provider. Every way an order changes runs
 * through here, so no caller has to remember either.
 */
export async function runOrderWork<T>(
  { db, mail, catalogCache, now = () => new Date(), provider }: OrderProcessDeps,
  work: (step: OrderWork) => Promise<T>,
): Promise<T> {
  const after = { stock: [] as ProductStock[], mailed: false, refunds: [] as RefundToSend[] };
  const at = now();
  const result = await db.transaction(async (tx) => {
    const issued: Issued[] = [];
    const done = await work({
      tx,
      at,
      mail,
      stockMoved: (levels) => after.stock.push(...levels),
      mailed: () => {
        after.mailed = true;
      },
      refundQueued: (toSend) => {
        if (toSend.refund.status === 'pending') after.refunds.push(toSend);
      },
      documentIssued: (document) => issued.push(document),
    });
    await recordIssuedDocuments(tx, issued, mail.shop);
    return done;
  });
  if (after.stock.length > 0) catalogCache.stockChanged(after.stock);
  if (after.mailed) mail.nudge();
  if (provider) {
    for (const toSend of after.refunds) {
      // A refund the provider does not answer now stays pending: the refunds job sends it again.
      await sendCardRefund({ db, provider, now }, toSend).catch(() => undefined);
    }
  }
  return result;
}

/** The answer of work run to be seen, carried out of its transaction as it is rolled back. */
class RolledBack<T> extends Error {
  constructor(readonly result: T) {
    super('The previewed work was rolled back');
  }
}

/**
 * Runs `work` exactly as runOrderWork would, by the same code and rules, and rolls its transaction
 * back: what a step would do (the credit note a cancellation or a refund would issue, its amount),
 * shown before anyone confirms it, without doing any of it. Nothing it asked for after the commit
 * happens (no stock news, no mail, no refund); numbers it took (gapless counters) go back with it.
 */
export async function previewOrderWork<T>(
  { db, mail, now = () => new Date() }: OrderProcessDeps,
  work: (step: OrderWork) => Promise<T>,
): Promise<T> {
  const at = now();
  try {
    await db.transaction(async (tx) => {
      const result = await work({
        tx,
        at,
        mail,
        stockMoved: () => undefined,
        mailed: () => undefined,
        refundQueued: () => undefined,
        // Nothing is issued by a preview: its numbers go back with its transaction.
        documentIssued: () => undefined,
      });
      throw new RolledBack(result);
    });
  } catch (error) {
    if (error instanceof RolledBack) return error.result as T;
    throw error;
  }
  throw new Error('A previewed transaction committed');
}
