import { formatQuoteNumber } from '../../shared/domain/document-numbers';
import { dollarsToCents } from '../../shared/money';
import { formatUnits } from '../../shared/numbers';
import { messages } from '../../shared/messages';
import { type Actor, recordAudit } from '../audit/audit.repository';
import type { Database } from '../db/database';
import { DomainError } from '../http/domain-error';
import type { MailContext } from '../mail/mail-layout';
import { queueMail } from '../mail/outbox';
import { MAX_AMOUNT_CENTS } from '../orders/place-order';
import { quoteAnsweredMail, quoteDeclinedMail } from './quote-mails';
import {
  type FullQuote,
  fullQuote,
  leadTimeOfShortLines,
  moveQuote,
  priceQuoteLines,
  quotedLineCents,
} from './quotes.repository';

/** The longest a quoted price may be promised for. */
const MAX_VALIDITY_DAYS = 365;
const DAY_MS = 86_400_000;

/** A validity date (YYYY-MM-DD) holds to the end of that day, in UTC, as mails state it. */
export function endOfDay(date: string): Date {
  return new Date(`${date}T23:59:59.999Z`);
}

/**
 * An admin answers a requested quote (PATCH /api/admin/quotes/{id}): a unit price for every line and
 * the last day they hold, or a decline; the customer is told by mail, and the audit log records the
 * answer with each line's price, in the same transaction. A line beyond its product's stock needs the
 * day the rest will ship.
 */
export async function answerQuote(
  { db, mail, now = () => new Date() }: { db: Database; mail: MailContext; now?: () => Date },
  actor: Actor,
  quoteId: string,
  answer: {
    unitPrice?: number | undefined;
    lines?: { line: number; unitPrice: number }[] | undefined;
    validUntil?: string | undefined;
    shipDate?: string | undefined;
    declined?: true | undefined;
    reply: string;
  },
): Promise<FullQuote> {
  const quote = await db.transaction(async (tx) => {
    if (answer.declined) {
      const declined = await fullQuote(
        tx,
        await moveQuote(tx, quoteId, 'declined', { set: { reply: answer.reply || null } }),
      );
      await queueMail(tx, quoteDeclinedMail(mail, declined));
      await recordAudit(tx, actor, {
        action: 'quote.answer',
        subject: quoteSubject(declined),
        before: { status: 'requested' },
        after: { status: 'declined', reply: declined.reply },
      });
      return declined;
    }
    const validUntil = endOfDay(answer.validUntil ?? '');
    const today = now();
    if (validUntil <= today) throw invalid(messages.quoteValidFromToday);
    if (validUntil.getTime() - today.getTime() > MAX_VALIDITY_DAYS * DAY_MS) {
      throw invalid(messages.quoteValidityTooLong(MAX_VALIDITY_DAYS));
    }
    // Without a ship date, units beyond the stock ship after their products' lead time (DESIGN §11).
    const leadDays = answer.shipDate ? null : await leadTimeOfShortLines(tx, quoteId);
    const shipDate =
      answer.shipDate ??
      (leadDays === null
        ? undefined
        : new Date(today.getTime() + leadDays * DAY_MS).toISOString().slice(0, 10));
    const moved = await fullQuote(
      tx,
      await moveQuote(tx, quoteId, 'answered', {
        set: {
          validUntil,
          reply: answer.reply || null,
          shipDate: shipDate ?? null,
          answeredAt: today,
        },
      }),
    );
    const prices = linePrices(moved, answer);
    const answered = {
      ...moved,
      lines: moved.lines.map((line) => ({ ...line, unitPriceCents: prices.get(line.lineNumber) ?? null })),
    };
    // More than the stock: the shop says when the rest ships, and accepting backorders it.
    const short = answered.lines.filter((line) => line.quantity > (line.available ?? 0));
    if (short.length > 0 && !shipDate) {
      throw invalid(
        short
          .map((line) => {
            const problem = messages.quoteNeedsShipDate(
              line.available ?? 0,
              line.quantity - (line.available ?? 0),
            );
            return answered.lines.length === 1
              ? problem
              : messages.onLine(line.lineNumber, line.name, problem);
          })
          .join(' '),
      );
    }
    if (shipDate && endOfDay(shipDate) <= today) {
      throw invalid(messages.shipDatePast);
    }
    const totalCents = answered.lines.reduce((sum, line) => sum + quotedLineCents(line), 0);
    if (totalCents > MAX_AMOUNT_CENTS) throw invalid(messages.quoteTooLarge);
    await priceQuoteLines(tx, quoteId, prices);
    await queueMail(tx, quoteAnsweredMail(mail, answered));
    await recordAudit(tx, actor, {
      action: 'quote.answer',
      subject: quoteSubject(answered),
      before: { status: 'requested' },
      after: {
        status: 'answered',
        lines: answered.lines.map(({ lineNumber, sku, name, quantity, unitPriceCents }) => ({
          line: lineNumber,
          sku,
          name,
          quantity,
          unitPriceCents,
        })),
        validUntil: validUntil.toISOString(),
        shipDate: answered.shipDate,
        reply: answered.reply,
      },
    });
    return answered;
  });
  mail.nudge();
  return quote;
}

/**
 * Each line's answered unit price in cents, by line number: `lines` must price every line of the
 * quote and no other; `unitPrice` alone prices a one-line quote.
 */
function linePrices(
  quote: FullQuote,
  answer: { unitPrice?: number | undefined; lines?: { line: number; unitPrice: number }[] | undefined },
): Map<number, number> {
  const numbers = new Set(quote.lines.map((line) => line.lineNumber));
  if (!answer.lines) {
    const [only] = quote.lines;
    if (quote.lines.length !== 1 || !only) throw invalid(messages.quoteLinePrices(quote.lines.length));
    return new Map([[only.lineNumber, dollarsToCents(answer.unitPrice ?? 0)]]);
  }
  const prices = new Map<number, number>();
  for (const { line, unitPrice } of answer.lines) {
    if (!numbers.has(line)) throw invalid(messages.quoteLineUnknown(line));
    prices.set(line, dollarsToCents(unitPrice));
  }
  if (prices.size !== numbers.size) throw invalid(messages.quoteLinePrices(quote.lines.length));
  return prices;
}

/** `quote Q-1001 (FT-CLW-16 × 5,000)`, or for several lines `quote Q-1001 (3 lines, 1,200 units)`. */
const quoteSubject = (quote: FullQuote) => {
  const [only] = quote.lines.length === 1 ? quote.lines : [];
  return only
    ? `quote ${formatQuoteNumber(quote.quoteNumber)} (${only.sku} × ${only.quantity})`
    : `quote ${formatQuoteNumber(quote.quoteNumber)} (${quote.lines.length} lines, ${formatUnits(quote.quantity)} units)`;
};

const invalid = (message: string) => new DomainError('VALIDATION_FAILED', message);
