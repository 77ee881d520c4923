import { z } from 'zod';
import { QuoteStatus } from '../domain/quote-status';
import { formatUnits } from '../numbers';
import { DeliveryDetails } from './orders.schemas';
import { MAX_STOCK_UNITS, dollars } from './products.schemas';
import { text } from './text';
import { messages } from '../messages';

/** POST /api/quotes: a price asked for a quantity (beyond the stock, or a large order). */
export const RequestQuoteBody = z.strictObject({
  toolId: z.uuid({ error: 'Malformed product id' }),
  quantity: z
    .number({ error: 'Please enter a quantity' })
    .int({ error: messages.quantityWhole })
    .max(MAX_STOCK_UNITS, {
      error: `Please ask for at most ${formatUnits(MAX_STOCK_UNITS)} units in one quote`,
    }),
  note: text({ max: 1000, multiline: true }).default(''),
});
export type RequestQuoteBody = z.input<typeof RequestQuoteBody>;

/** A validity date as a date input gives it: the quote holds to the end of that day (UTC). */
const validityDate = z.iso.date({ error: 'Please give the date the price is valid until' });

/**
 * PATCH /api/admin/quotes/{id}: the shop answers with a unit price and the last day it holds, or
 * declines (`declined: true`); `reply` is a message to the customer either way.
 */
export const AnswerQuoteBody = z
  .strictObject({
    unitPrice: dollars('unit price').optional(),
    validUntil: validityDate.optional(),
    /** When the quantity is beyond the stock: the day the rest will ship (accepting backorders it). */
    shipDate: z.iso.date({ error: 'Ship dates are written YYYY-MM-DD' }).optional(),
    declined: z.literal(true).optional(),
    reply: text({ max: 1000, multiline: true }).default(''),
  })
  .superRefine((body, ctx) => {
    if (body.declined) return;
    if (body.unitPrice === undefined)
      ctx.addIssue({ code: 'custom', path: ['unitPrice'], message: 'Please give a unit price' });
    if (body.validUntil === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['validUntil'],
        message: 'Please give the date the price is valid until',
      });
  });
export type AnswerQuoteBody = z.input<typeof AnswerQuoteBody>;

/** POST /api/quotes/{id}/accept: where the order goes, as the buy form asks. */
export const AcceptQuoteBody = DeliveryDetails;
export type AcceptQuoteBody = z.input<typeof AcceptQuoteBody>;

export const QuoteIdParams = z.object({ id: z.uuid({ error: 'Malformed quote id' }) });

export const QuotesQuery = z.strictObject({ status: QuoteStatus.optional() });

export const Quote = z
  .object({
    _id: z.string(),
    /** Q-1001 */
    quoteNumber: z.string(),
    toolId: z.string().nullable(),
    itemName: z.string(),
    sku: z.string(),
    name: z.string(),
    email: z.string(),
    quantity: z.number().int(),
    note: z.string(),
    status: QuoteStatus,
    /** The quoted unit price and the order's amount at it, once answered. */
    unitPrice: z.number().nullable(),
    amount: z.number().nullable(),
    /** The end of the last day the price holds. */
    validUntil: z.string().nullable(),
    /** The day the units beyond the stock will ship, when the shop gave one (YYYY-MM-DD). */
    shipDate: z.string().nullable(),
    /** The product's stock now (null once the product is gone): what an admin answers against. */
    available: z.number().int().nullable(),
    reply: z.string().nullable(),
    /** The order made when the quote was accepted. */
    orderId: z.string().nullable(),
    createdAt: z.string(),
    answeredAt: z.string().nullable(),
  })
  .meta({ id: 'Quote' });
export type Quote = z.infer<typeof Quote>;

export const QuoteList = z.array(Quote);

/** POST /api/quotes answers the spec's insert shape and the quote as stored. */
export const QuoteRequested = z.object({
  acknowledged: z.literal(true),
  insertedId: z.string(),
  quote: Quote,
});
export type QuoteRequested = z.infer<typeof QuoteRequested>;
