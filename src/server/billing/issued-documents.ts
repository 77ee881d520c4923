import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { DocumentBreakdown } from '../../shared/domain/document-breakdown';
import type { ShopDetails } from '../config/shop-details';
import type { Database, Executor } from '../db/database';
import { issuedDocumentFiles, issuedDocuments } from '../db/schema';
import type { CreditNote } from '../records/credit-notes.repository';
import type { BilledOrder, OrderLoader } from './billed-order';
import { breakdownOf } from './document-breakdown';

/**
 * Invoices and credit notes are issued once (docs/decisions/0009-issued-documents.md). The transaction
 * that numbers a document also records what its renderings read: the order (and the credit note) as
 * they stand at its end, and the seller's details. Each file (the Factur-X PDF, UBL, CII) is rendered
 * from that record the first time it is asked for and kept; every later download or mail sends the
 * kept bytes. A shipment, a later credit note or a new bank account in content/business.json changes
 * no document a buyer already has, and a database trigger refuses to change what was recorded.
 */

/** A document a piece of the order process issued: an order's invoice, or one of its credit notes. */
export type IssuedRef =
  { kind: 'invoice'; orderId: string } | { kind: 'credit_note'; orderId: string; creditNoteId: string };

/** What every rendering of an issued document reads. */
export interface IssuedSnapshot {
  order: BilledOrder & { invoiceNumber: number };
  /** The credit note, for a credit note; null for an invoice. */
  note: CreditNote | null;
  shop: ShopDetails;
  /** Its numbers per tax rate, as every rendering states them (billing/document-breakdown.ts). */
  breakdown: DocumentBreakdown;
}

export interface IssuedDocument {
  id: string;
  kind: IssuedRef['kind'];
  number: number;
  snapshot: IssuedSnapshot;
}

export type DocumentFormat = (typeof issuedDocumentFiles.$inferSelect)['format'];

/**
 * JSON keeps no dates: each Date is written as `{ "$date": ISO string }` and read back as a Date, so a
 * string a customer typed (a PO number that looks like a date) stays a string.
 */
function encode(value: unknown): unknown {
  if (value instanceof Date) return { $date: value.toISOString() };
  if (Array.isArray(value)) return value.map(encode);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, encode(inner)]));
  }
  return value;
}

function decode(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(decode);
  if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    const [only] = entries;
    if (entries.length === 1 && only?.[0] === '$date' && typeof only[1] === 'string')
      return new Date(only[1]);
    return Object.fromEntries(entries.map(([key, inner]) => [key, decode(inner)]));
  }
  return value;
}

/** The snapshot of `ref` as `placed` stands, or null when it has no such document. */
function snapshotOf(placed: BilledOrder, ref: IssuedRef, shop: ShopDetails) {
  if (placed.invoiceNumber === null) return null;
  const order = { ...placed, invoiceNumber: placed.invoiceNumber };
  if (ref.kind === 'invoice') {
    const issuedAt = order.invoicedAt ?? order.paidAt ?? order.createdAt;
    return {
      number: order.invoiceNumber,
      issuedAt,
      snapshot: { order, note: null, shop, breakdown: breakdownOf(order, null) },
    };
  }
  const note = order.creditNotes.find((candidate) => candidate.id === ref.creditNoteId);
  if (!note) return null;
  return {
    number: note.number,
    issuedAt: note.issuedAt,
    snapshot: { order, note, shop, breakdown: breakdownOf(order, note) },
  };
}

async function record(
  ex: Executor,
  ref: IssuedRef,
  taken: NonNullable<ReturnType<typeof snapshotOf>>,
): Promise<void> {
  await ex
    .insert(issuedDocuments)
    .values({
      kind: ref.kind,
      number: taken.number,
      orderId: ref.orderId,
      creditNoteId: ref.kind === 'credit_note' ? ref.creditNoteId : null,
      issuedAt: taken.issuedAt,
      snapshot: encode(taken.snapshot) as Record<string, unknown>,
    })
    .onConflictDoNothing();
}

/** A document a piece of the order process issued, with its order as the step that issued it left it. */
export interface Issued {
  ref: IssuedRef;
  order: BilledOrder;
}

/**
 * Records the documents a piece of work issued, at its end, in its transaction (order-process.ts), each
 * from its order as the issuing step left it: paid or put on account and numbered, for an invoice; with
 * the credit note and its refund, for a credit note. Nothing a renderer reads changes later in the same
 * work (the lines' prices and tax, the shipments, the notes and refunds), so the order is not read again.
 */
export async function recordIssuedDocuments(
  ex: Executor,
  issued: readonly Issued[],
  shop: ShopDetails,
): Promise<void> {
  for (const { ref, order } of issued) {
    const taken = snapshotOf(order, ref, shop);
    if (!taken) throw new Error(`Order ${ref.orderId} has no ${ref.kind.replace('_', ' ')} to record`);
    await record(ex, ref, taken);
  }
}

function toDocument(row: typeof issuedDocuments.$inferSelect): IssuedDocument {
  return { id: row.id, kind: row.kind, number: row.number, snapshot: decode(row.snapshot) as IssuedSnapshot };
}

/**
 * The issued document `ref` names. One issued before documents were recorded (an older shop's) is
 * recorded the first time it is read, from its order as `load` finds it then, and never changes after.
 */
export async function issuedDocumentOf(
  db: Database,
  ref: IssuedRef,
  shop: ShopDetails,
  load: OrderLoader,
): Promise<IssuedDocument | null> {
  const find = async () => {
    const [row] = await db
      .select()
      .from(issuedDocuments)
      .where(
        ref.kind === 'invoice'
          ? and(eq(issuedDocuments.kind, 'invoice'), eq(issuedDocuments.orderId, ref.orderId))
          : and(eq(issuedDocuments.kind, 'credit_note'), eq(issuedDocuments.creditNoteId, ref.creditNoteId)),
      );
    return row ? toDocument(row) : null;
  };
  const found = await find();
  if (found) return found;
  const order = await load(db, ref.orderId);
  const taken = order ? snapshotOf(order, ref, shop) : null;
  if (!taken) return null;
  await record(db, ref, taken);
  return find();
}

/**
 * A file of an issued document: the bytes kept, or, the first time, `render`'s from the snapshot, kept
 * then. Two first requests at once may both render; the first kept wins and both send it.
 */
export async function issuedFile(
  db: Database,
  document: IssuedDocument,
  format: DocumentFormat,
  render: (snapshot: IssuedSnapshot) => Promise<Buffer>,
): Promise<Buffer> {
  const kept = async () => {
    const [row] = await db
      .select({ content: issuedDocumentFiles.content })
      .from(issuedDocumentFiles)
      .where(and(eq(issuedDocumentFiles.documentId, document.id), eq(issuedDocumentFiles.format, format)));
    return row?.content ?? null;
  };
  const found = await kept();
  if (found) return found;
  const content = await render(document.snapshot);
  await db
    .insert(issuedDocumentFiles)
    .values({
      documentId: document.id,
      format,
      content,
      sha256: createHash('sha256').update(content).digest('hex'),
    })
    .onConflictDoNothing();
  return (await kept()) ?? content;
}
