import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { counters } from '../db/schema';

/**
 * Invoice and credit note numbers: two gapless series (counters), each number taken in the transaction
 * that issues the document. Card payments (orders/transitions.ts) and orders on account (ledger.ts)
 * are invoiced from the same series.
 */

/**
 * The next invoice number (DESIGN §9), in the transaction that invoices the order (it was paid, or it
 * went on account): concurrent payments take numbers one after the other, and a transaction that rolls
 * back gives its number back, so the numbers have no gaps and never repeat.
 */
export const nextInvoiceNumber = (ex: Executor): Promise<number> => nextNumber(ex, 'invoice');

/**
 * The next credit note number, in the transaction that issues the credit note: a series of its own,
 * gapless like the invoices'.
 */
export const nextCreditNoteNumber = (ex: Executor): Promise<number> => nextNumber(ex, 'credit_note');

/** The next return (RMA) number, in the transaction that records the return. */
export const nextReturnNumber = (ex: Executor): Promise<number> => nextNumber(ex, 'return');

/** The next number of a gapless series (counters): given back if the transaction rolls back. */
async function nextNumber(ex: Executor, name: 'invoice' | 'credit_note' | 'return'): Promise<number> {
  const [counter] = await ex
    .update(counters)
    .set({ value: sql`${counters.value} + 1` })
    .where(eq(counters.name, name))
    .returning({ value: counters.value });
  if (!counter)
    throw new Error(`The ${name} counter is missing (migrations 0007, 0029 and 0040 create them)`);
  return counter.value;
}
