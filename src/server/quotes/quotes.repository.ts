import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Quote } from '../../shared/api/quotes.schemas';
import { formatQuoteNumber } from '../../shared/domain/document-numbers';
import { itemsSummary } from '../../shared/domain/order-lines';
import {
  type QuoteStatus,
  quoteStatesThatCanBecome,
  quoteTransitionRefusal,
} from '../../shared/domain/quote-status';
import { centsToDollars } from '../../shared/money';
import { type Access, canAccess, seesEveryBuyer, visibleTo } from '../identity/access';
import type { SessionUser } from '../identity/request-user';
import type { Executor } from '../db/database';
import { products, quoteLines, quotes } from '../db/schema';
import { orderIdsOfQuotes } from '../orders/storage/orders.repository';
import { DomainError } from '../http/domain-error';
import { messages } from '../../shared/messages';

/** Every query of the `quotes` table; who may see a quote and how its status moves are decided here. */

export type QuoteRow = typeof quotes.$inferSelect;
export type QuoteLineRow = typeof quoteLines.$inferSelect;
/** A line as it is asked for: numbered by insertQuote, unpriced until answered. */
export type NewQuoteLine = Pick<QuoteLineRow, 'productId' | 'sku' | 'name' | 'quantity'>;
/** A quote's line with its product's stock now (null once the product is gone). */
export type ShownQuoteLine = QuoteLineRow & { available: number | null };

/** What a quote line comes to at its quoted price: 0 while it has none (a line not answered yet). */
export const quotedLineCents = (line: Pick<QuoteLineRow, 'unitPriceCents' | 'quantity'>) =>
  (line.unitPriceCents ?? 0) * line.quantity;
/** A quote with its lines in line order, and the order it became, if any. */
export type FullQuote = QuoteRow & { lines: ShownQuoteLine[]; orderId: string | null };

/** The most quotes one list answers, newest first. */
const LIST_LIMIT = 200;

export function toQuote(row: FullQuote): Quote {
  const only = row.lines.length === 1 ? row.lines[0] : undefined;
  const answered = row.lines.length > 0 && row.lines.every((line) => line.unitPriceCents !== null);
  const amountCents = row.lines.reduce((sum, line) => sum + quotedLineCents(line), 0);
  return {
    _id: row.id,
    quoteNumber: formatQuoteNumber(row.quoteNumber),
    toolId: only?.productId ?? null,
    itemName: itemsSummary(row.lines),
    sku: only?.sku ?? null,
    name: row.buyerName,
    email: row.email,
    quantity: row.quantity,
    note: row.note,
    status: row.status,
    unitPrice: only?.unitPriceCents == null ? null : centsToDollars(only.unitPriceCents),
    amount: answered ? centsToDollars(amountCents) : null,
    lines: row.lines.map((line) => ({
      line: line.lineNumber,
      toolId: line.productId,
      sku: line.sku,
      name: line.name,
      quantity: line.quantity,
      unitPrice: line.unitPriceCents === null ? null : centsToDollars(line.unitPriceCents),
      amount: line.unitPriceCents === null ? null : centsToDollars(line.unitPriceCents * line.quantity),
      available: line.available,
    })),
    validUntil: row.validUntil?.toISOString() ?? null,
    shipDate: row.shipDate,
    available: only?.available ?? null,
    reply: row.reply,
    orderId: row.orderId,
    createdAt: row.createdAt.toISOString(),
    answeredAt: row.answeredAt?.toISOString() ?? null,
  };
}

/** Quotes, as withQuoteLines takes them. */
const selectQuotes = (ex: Executor) => ex.select({ quote: quotes }).from(quotes);

/**
 * The lines of these quotes in line order, each with its product's stock now (one query for them
 * all), and the order each quote became, if any.
 */
export async function withQuoteLines(
  ex: Executor,
  rows: readonly { quote: QuoteRow }[],
): Promise<FullQuote[]> {
  const ids = rows.map((row) => row.quote.id);
  const orderIds = await orderIdsOfQuotes(ex, ids);
  const lines = ids.length
    ? await ex
        .select({ line: quoteLines, available: products.available })
        .from(quoteLines)
        .leftJoin(products, eq(products.id, quoteLines.productId))
        .where(inArray(quoteLines.quoteId, ids))
        .orderBy(asc(quoteLines.quoteId), asc(quoteLines.lineNumber))
    : [];
  const byQuote = new Map<string, ShownQuoteLine[]>(ids.map((id) => [id, []]));
  for (const { line, available } of lines) byQuote.get(line.quoteId)?.push({ ...line, available });
  return rows.map(({ quote }) => ({
    ...quote,
    orderId: orderIds.get(quote.id) ?? null,
    lines: byQuote.get(quote.id) ?? [],
  }));
}

/** One quote row with its lines (and no order: a quote just requested or answered has none). */
export async function fullQuote(ex: Executor, quote: QuoteRow): Promise<FullQuote> {
  const [full] = await withQuoteLines(ex, [{ quote }]);
  return full ?? { ...quote, orderId: null, lines: [] };
}

/** Stores a requested quote and its lines (numbered 1, 2, 3… in the order given); its quantity is theirs. */
export async function insertQuote(
  ex: Executor,
  values: Omit<typeof quotes.$inferInsert, 'quantity'>,
  lines: readonly NewQuoteLine[],
): Promise<FullQuote> {
  const quantity = lines.reduce((sum, line) => sum + line.quantity, 0);
  const [row] = await ex
    .insert(quotes)
    .values({ ...values, quantity })
    .returning();
  if (!row) throw new Error('The quote was not stored');
  await ex
    .insert(quoteLines)
    .values(lines.map((line, index) => ({ ...line, quoteId: row.id, lineNumber: index + 1 })));
  return fullQuote(ex, row);
}

/** Sets the answered unit price of each line (by line number). */
export async function priceQuoteLines(
  ex: Executor,
  quoteId: string,
  prices: ReadonlyMap<number, number>,
): Promise<void> {
  for (const [lineNumber, unitPriceCents] of prices) {
    await ex
      .update(quoteLines)
      .set({ unitPriceCents })
      .where(and(eq(quoteLines.quoteId, quoteId), eq(quoteLines.lineNumber, lineNumber)));
  }
}

/**
 * The quotes `caller` sees, newest first (GET /api/quotes): a customer's own; every quote for an
 * admin, optionally of one state.
 */
export async function listQuotesFor(
  ex: Executor,
  caller: SessionUser,
  status?: QuoteStatus,
): Promise<FullQuote[]> {
  const rows = await selectQuotes(ex)
    .where(
      and(
        seesEveryBuyer(caller) ? undefined : visibleTo(caller, quotes),
        status ? eq(quotes.status, status) : undefined,
      ),
    )
    .orderBy(desc(quotes.createdAt), desc(quotes.id))
    .limit(LIST_LIMIT);
  return withQuoteLines(ex, rows);
}

/**
 * The quote `caller` may see or act on by the one access rule (auth/access.ts), or NOT_FOUND: another
 * customer's quote does not exist as far as a customer can tell.
 */
export async function findQuoteFor(
  ex: Executor,
  caller: SessionUser,
  quoteId: string,
  access: Access = 'buyer',
): Promise<FullQuote> {
  const [row] = await selectQuotes(ex).where(eq(quotes.id, quoteId));
  if (!row || !canAccess(caller, row.quote, access))
    throw new DomainError('NOT_FOUND', messages.quoteNotFound);
  const [full] = await withQuoteLines(ex, [row]);
  if (!full) throw new DomainError('NOT_FOUND', messages.quoteNotFound);
  return full;
}

/**
 * The one place that writes a quote's status: one conditional UPDATE moves it only from a state the
 * transition table allows (and, for `stillValidAt`, only while its price holds), so of two racing
 * requests exactly one moves it. When no row moved, throws the table's refusal, or NOT_FOUND.
 */
export async function moveQuote(
  ex: Executor,
  quoteId: string,
  to: QuoteStatus,
  {
    set = {},
    stillValidAt,
  }: {
    set?: Partial<Pick<QuoteRow, 'validUntil' | 'reply' | 'shipDate' | 'answeredAt'>>;
    stillValidAt?: Date;
  } = {},
): Promise<QuoteRow> {
  const now = new Date();
  const [moved] = await ex
    .update(quotes)
    .set({ status: to, updatedAt: now, ...(to === 'answered' ? {} : { closedAt: now }), ...set })
    .where(
      and(
        eq(quotes.id, quoteId),
        inArray(quotes.status, quoteStatesThatCanBecome(to)),
        stillValidAt ? sql`${quotes.validUntil} > ${stillValidAt}` : undefined,
      ),
    )
    .returning();
  if (moved) return moved;
  const [current] = await ex.select().from(quotes).where(eq(quotes.id, quoteId));
  if (!current) throw new DomainError('NOT_FOUND', messages.quoteNotFound);
  const refusal = quoteTransitionRefusal(current.status, to);
  if (refusal) throw new DomainError(refusal.code, refusal.message);
  // The table allows the move, so the price's validity ended.
  throw quoteExpired();
}

/**
 * The longest lead time of a quote's lines asking more than their product's stock: the default ship
 * date of an answer that gives none. Null when no line is short, or a short line's product gives no
 * lead time (the shop must then say when it ships).
 */
export async function leadTimeOfShortLines(ex: Executor, quoteId: string): Promise<number | null> {
  const [row] = await ex
    .select({
      short: sql<number>`count(*)`.mapWith(Number),
      unknown:
        sql<number>`count(*) filter (where ${products.leadTimeDays} is null or ${products.leadTimeDays} = 0)`.mapWith(
          Number,
        ),
      days: sql<number | null>`max(${products.leadTimeDays})`,
    })
    .from(quoteLines)
    .leftJoin(products, eq(products.id, quoteLines.productId))
    .where(
      and(eq(quoteLines.quoteId, quoteId), sql`${quoteLines.quantity} > coalesce(${products.available}, 0)`),
    );
  if (!row || row.short === 0 || row.unknown > 0 || row.days === null) return null;
  return row.days;
}

export const quoteExpired = () => new DomainError('QUOTE_EXPIRED', messages.quoteExpired);

/** Answered quotes whose validity ended by `now` become expired; answers how many. */
export async function expireQuotes(ex: Executor, now = new Date()): Promise<number> {
  const expired = await ex
    .update(quotes)
    .set({ status: 'expired', closedAt: now, updatedAt: now })
    .where(and(inArray(quotes.status, quoteStatesThatCanBecome('expired')), lte(quotes.validUntil, now)))
    .returning({ id: quotes.id });
  return expired.length;
}
