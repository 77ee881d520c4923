import { type AnyColumn, type SQL, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { creditNoteLines, creditNotes } from '../db/schema';

/**
 * Every query of `credit_notes` and their `credit_note_lines` (CONVENTIONS §13). A credit note is
 * written once, in the transaction that issues it (billing/credit-notes.ts), and never changed.
 */

export type CreditNoteRow = typeof creditNotes.$inferSelect;
export type CreditNoteLineRow = typeof creditNoteLines.$inferSelect;
/** A credit note with its lines, in line order. */
export type CreditNote = CreditNoteRow & { lines: CreditNoteLineRow[] };
export type NewCreditNote = Omit<typeof creditNotes.$inferInsert, 'id'> & {
  lines: Omit<CreditNoteLineRow, 'creditNoteId' | 'orderId'>[];
};

export async function insertCreditNote(ex: Executor, note: NewCreditNote): Promise<CreditNote> {
  const { lines, ...values } = note;
  const [row] = await ex.insert(creditNotes).values(values).returning();
  if (!row) throw new Error('The credit note was not stored');
  const stored =
    lines.length === 0
      ? []
      : await ex
          .insert(creditNoteLines)
          .values(lines.map((line) => ({ ...line, creditNoteId: row.id, orderId: row.orderId })))
          .returning();
  return { ...row, lines: stored.sort((a, b) => a.lineNumber - b.lineNumber) };
}

/** The credit notes of these orders, each order's oldest first, with their lines. */
export async function creditNotesOf(
  ex: Executor,
  orderIds: readonly string[],
): Promise<Map<string, CreditNote[]>> {
  const byOrder = new Map<string, CreditNote[]>();
  if (orderIds.length === 0) return byOrder;
  const notes = await ex
    .select()
    .from(creditNotes)
    .where(inArray(creditNotes.orderId, [...orderIds]))
    .orderBy(asc(creditNotes.number));
  if (notes.length === 0) return byOrder;
  const lines = await ex
    .select()
    .from(creditNoteLines)
    .where(
      inArray(
        creditNoteLines.creditNoteId,
        notes.map((note) => note.id),
      ),
    )
    .orderBy(asc(creditNoteLines.lineNumber));
  for (const note of notes) {
    const entry = { ...note, lines: lines.filter((line) => line.creditNoteId === note.id) };
    byOrder.set(note.orderId, [...(byOrder.get(note.orderId) ?? []), entry]);
  }
  return byOrder;
}

/** The credit note numbered `number`, with its lines, or null. */
export const findCreditNote = (ex: Executor, number: number) =>
  findCreditNoteWhere(ex, eq(creditNotes.number, number));

/** The credit note with this id, with its lines, or null. */
export const findCreditNoteById = (ex: Executor, id: string) =>
  findCreditNoteWhere(ex, eq(creditNotes.id, id));

async function findCreditNoteWhere(ex: Executor, where: SQL): Promise<CreditNote | null> {
  const [row] = await ex.select().from(creditNotes).where(where);
  if (!row) return null;
  const lines = await ex
    .select()
    .from(creditNoteLines)
    .where(eq(creditNoteLines.creditNoteId, row.id))
    .orderBy(asc(creditNoteLines.lineNumber));
  return { ...row, lines };
}

/** What has been credited of an order so far, in cents (the sum of its credit notes). */
export async function creditedCentsOf(ex: Executor, orderId: string): Promise<number> {
  const [row] = await ex
    .select({ cents: sql<number>`coalesce(sum(${creditNotes.amountCents}), 0)`.mapWith(Number) })
    .from(creditNotes)
    .where(eq(creditNotes.orderId, orderId));
  return row?.cents ?? 0;
}

/** What has been credited of the order `orderId` names, as a scalar subquery (its credit notes' sum). */
/** Whether the order has the credit note numbered `number` (an admin's search for CN-000002). */
export const hasCreditNoteSql = (orderId: AnyColumn, number: number) =>
  sql<boolean>`exists (select 1 from ${creditNotes} where ${creditNotes.orderId} = ${orderId} and ${creditNotes.number} = ${number})`;

export const creditedCentsSql = (orderId: AnyColumn) =>
  sql<number>`(select coalesce(sum(${creditNotes.amountCents}), 0) from ${creditNotes} where ${creditNotes.orderId} = ${orderId})`;

/**
 * What credit notes gave back per UTC day issued since `since`: the goods credited less the restocking
 * fees the shop kept, net of tax (the fee less the tax in it, as each note stores its breakdown), and
 * everything credited, with how many notes.
 */
export async function creditedByDay(ex: Executor, since: Date) {
  const day = sql<string>`to_char(${creditNotes.issuedAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  return ex
    .select({
      day,
      goodsCents:
        sql<number>`sum(${creditNotes.subtotalCents} - (${creditNotes.restockingFeeCents} - ${creditNotes.restockingFeeTaxCents}))::bigint`.mapWith(
          Number,
        ),
      amountCents: sql<number>`sum(${creditNotes.amountCents})::bigint`.mapWith(Number),
      notes: sql<number>`count(*)::int`.mapWith(Number),
    })
    .from(creditNotes)
    .where(gte(creditNotes.issuedAt, since))
    .groupBy(day);
}
