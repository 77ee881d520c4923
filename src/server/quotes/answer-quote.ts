import { formatQuoteNumber } from '../../shared/domain/document-numbers';
import { dollarsToCents } from '../../shared/money';
import { messages } from '../../shared/messages';
import { type Actor, recordAudit } from '../audit/audit.repository';
import { findProduct } from '../catalog/products.repository';
import type { Database } from '../db/database';
import { DomainError } from '../http/domain-error';
import type { MailContext } from '../mail/mail-layout';
import { queueMail } from '../mail/outbox';
import { MAX_AMOUNT_CENTS } from '../orders/place-order';
import { quoteAnsweredMail, quoteDeclinedMail } from './quote-mails';
import { type QuoteRow, moveQuote } from './quotes.repository';

/** The longest a quoted price may be promised for. */
const MAX_VALIDITY_DAYS = 365;
const DAY_MS = 86_400_000;

/** A validity date (YYYY-MM-DD) holds to the end of that day, in UTC, as mails state it. */
export function endOfDay(date: string): Date {
  return new Date(`${date}T23:59:59.999Z`);
}

/**
 * An admin answers a requested quote (PATCH /api/admin/quotes/{id}): a unit price and the last day it
 * holds, or a decline; the customer is told by mail, and the audit log records the answer, in the same
 * transaction.
 */
export async function answerQuote(
  { db, mail, now = () => new Date() }: { db: Database; mail: MailContext; now?: () => Date },
  actor: Actor,
  quoteId: string,
  answer: {
    unitPrice?: number | undefined;
    validUntil?: string | undefined;
    shipDate?: string | undefined;
    declined?: true | undefined;
    reply: string;
  },
): Promise<QuoteRow> {
  const quote = await db.transaction(async (tx) => {
    if (answer.declined) {
      const declined = await moveQuote(tx, quoteId, 'declined', { set: { reply: answer.reply || null } });
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
    const unitPriceCents = dollarsToCents(answer.unitPrice ?? 0);
    const answered = await moveQuote(tx, quoteId, 'answered', {
      set: {
        unitPriceCents,
        validUntil,
        reply: answer.reply || null,
        shipDate: answer.shipDate ?? null,
        answeredAt: today,
      },
    });
    // More than the stock: the shop says when the rest ships, and accepting backorders it.
    const product = answered.productId ? await findProduct(tx, answered.productId) : undefined;
    const missing = answered.quantity - (product?.available ?? 0);
    if (missing > 0 && !answer.shipDate) {
      throw invalid(messages.quoteNeedsShipDate(product?.available ?? 0, missing));
    }
    if (answer.shipDate && endOfDay(answer.shipDate) <= today) {
      throw invalid(messages.shipDatePast);
    }
    if (unitPriceCents * answered.quantity > MAX_AMOUNT_CENTS) {
      throw invalid(messages.quoteTooLarge);
    }
    await queueMail(tx, quoteAnsweredMail(mail, answered));
    await recordAudit(tx, actor, {
      action: 'quote.answer',
      subject: quoteSubject(answered),
      before: { status: 'requested' },
      after: {
        status: 'answered',
        unitPriceCents,
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

const quoteSubject = (quote: QuoteRow) =>
  `quote ${formatQuoteNumber(quote.quoteNumber)} (${quote.sku} × ${quote.quantity})`;

const invalid = (message: string) => new DomainError('VALIDATION_FAILED', message);
