import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Quote } from '../../shared/api/quotes.schemas';
import { formatQuoteNumber } from '../../shared/domain/document-numbers';
import {
  type QuoteStatus,
  quoteStatesThatCanBecome,
  quoteTransitionRefusal,
} from '../../shared/domain/quote-status';
import { centsToDollars } from '../../shared/money';
import { type Access, canAccess, seesEveryBuyer } from '../auth/access';
import type { SessionUser } from '../auth/session';
import type { Executor } from '../db/database';
import { orders, products, quotes } from '../db/schema';
import { DomainError } from '../http/domain-error';
import { messages } from '../../shared/messages';

/** Every query of the `quotes` table; who may see a quote and how its status moves are decided here. */

export type QuoteRow = typeof quotes.$inferSelect;
type QuoteWithOrder = QuoteRow & {
  orderId: string | null;
  /** The product's stock now, where it was read with the quote. */
  available?: number | null;
};

/** The most quotes one list answers, newest first. */
const LIST_LIMIT = 200;

export function toQuote(row: QuoteWithOrder): Quote {
  const unitPrice = row.unitPriceCents === null ? null : centsToDollars(row.unitPriceCents);
  return {
    _id: row.id,
    quoteNumber: formatQuoteNumber(row.quoteNumber),
    toolId: row.productId,
    itemName: row.itemName,
    sku: row.sku,
    name: row.buyerName,
    email: row.email,
    quantity: row.quantity,
    note: row.note,
    status: row.status,
    unitPrice,
    amount: row.unitPriceCents === null ? null : centsToDollars(row.unitPriceCents * row.quantity),
    validUntil: row.validUntil?.toISOString() ?? null,
    shipDate: row.shipDate,
    available: row.available ?? null,
    reply: row.reply,
    orderId: row.orderId,
    createdAt: row.createdAt.toISOString(),
    answeredAt: row.answeredAt?.toISOString() ?? null,
  };
}

/** Quotes with the order each became, if any. */
const selectQuotes = (ex: Executor) =>
  ex
    .select({ quote: quotes, orderId: orders.id, available: products.available })
    .from(quotes)
    .leftJoin(orders, eq(orders.quoteId, quotes.id))
    .leftJoin(products, eq(products.id, quotes.productId));

const flatten = ({
  quote,
  orderId,
  available,
}: {
  quote: QuoteRow;
  orderId: string | null;
  available: number | null;
}): QuoteWithOrder => ({ ...quote, orderId, available });

export async function insertQuote(ex: Executor, values: typeof quotes.$inferInsert): Promise<QuoteRow> {
  const [row] = await ex.insert(quotes).values(values).returning();
  if (!row) throw new Error('The quote was not stored');
  return row;
}

/**
 * The quotes `caller` sees, newest first (GET /api/quotes): a customer's own; every quote for an
 * admin, optionally of one state.
 */
export async function listQuotesFor(
  ex: Executor,
  caller: SessionUser,
  status?: QuoteStatus,
): Promise<QuoteWithOrder[]> {
  const rows = await selectQuotes(ex)
    .where(
      and(
        seesEveryBuyer(caller) ? undefined : eq(quotes.userId, caller.id),
        status ? eq(quotes.status, status) : undefined,
      ),
    )
    .orderBy(desc(quotes.createdAt), desc(quotes.id))
    .limit(LIST_LIMIT);
  return rows.map(flatten);
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
): Promise<QuoteWithOrder> {
  const [row] = await selectQuotes(ex).where(eq(quotes.id, quoteId));
  if (!row || !canAccess(caller, row.quote, access))
    throw new DomainError('NOT_FOUND', messages.quoteNotFound);
  return flatten(row);
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
    set?: Partial<Pick<QuoteRow, 'unitPriceCents' | 'validUntil' | 'reply' | 'shipDate' | 'answeredAt'>>;
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
