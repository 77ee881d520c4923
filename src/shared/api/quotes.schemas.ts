import { z } from 'zod';
import { QuoteStatus } from '../domain/quote-status';
import { formatUnits } from '../numbers';
import { DeliveryDetails, requireShipTo } from './orders.schemas';
import { MAX_STOCK_UNITS, dollars } from './products.schemas';
import { text } from './text';
import { messages } from '../messages';
import { MAX_ORDER_LINES } from '../domain/order-lines';

/** A quantity asked for in a quote (a form may raise its minimum to the product's). */
export const quoteQuantity = z
  .number({ error: 'Please enter a quantity' })
  .int({ error: messages.quantityWhole })
  .max(MAX_STOCK_UNITS, {
    error: `Please ask for at most ${formatUnits(MAX_STOCK_UNITS)} units in one quote`,
  });

/** The buyer's note to the shop with a quote request. */
export const quoteNote = text({ max: 1000, multiline: true }).default('');

/**
 * POST /api/quotes: a price asked for a quantity of one product (beyond the stock, or a large order),
 * or for several products at once as `lines` (at most MAX_ORDER_LINES, each product once).
 */
export const RequestQuoteBody = z
  .strictObject({
    toolId: z.uuid({ error: 'Malformed product id' }).optional(),
    quantity: quoteQuantity.optional(),
    lines: z
      .array(z.strictObject({ toolId: z.uuid({ error: 'Malformed product id' }), quantity: quoteQuantity }))
      .min(1, { error: 'Please ask for at least one product' })
      .max(MAX_ORDER_LINES, { error: `A quote may have at most ${formatUnits(MAX_ORDER_LINES)} lines` })
      .refine((lines) => new Set(lines.map((line) => line.toolId)).size === lines.length, {
        error: 'Each product may be asked for once: add its quantities together',
      })
      .optional(),
    note: quoteNote,
  })
  .superRefine((body, ctx) => {
    if (body.lines) {
      if (body.toolId !== undefined || body.quantity !== undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['lines'],
          message: 'Give either lines, or a toolId and a quantity, not both',
        });
      return;
    }
    if (body.toolId === undefined)
      ctx.addIssue({ code: 'custom', path: ['toolId'], message: 'Please choose a product' });
    if (body.quantity === undefined)
      ctx.addIssue({ code: 'custom', path: ['quantity'], message: 'Please enter a quantity' });
  });
export type RequestQuoteBody = z.input<typeof RequestQuoteBody>;

/** POST /api/cart/quote: the whole cart becomes one quote request, with a note for the shop. */
export const CartQuoteBody = z.strictObject({ note: quoteNote });

/** A validity date as a date input gives it: the quote holds to the end of that day (UTC). */
const validityDate = z.iso.date({ error: 'Please give the date the price is valid until' });

/**
 * PATCH /api/admin/quotes/{id}: the shop answers with a unit price for every line and the last day the
 * prices hold, or declines (`declined: true`); `reply` is a message to the customer either way. A
 * one-line quote may be priced with `unitPrice` alone.
 */
export const AnswerQuoteBody = z
  .strictObject({
    unitPrice: dollars('unit price').optional(),
    /** Each line's unit price, by its line number (1, 2, 3…). */
    lines: z
      .array(z.strictObject({ line: z.number().int().min(1), unitPrice: dollars('unit price') }))
      .max(MAX_ORDER_LINES)
      .optional(),
    validUntil: validityDate.optional(),
    /** When a quantity is beyond the stock: the day the rest will ship (accepting backorders it). */
    shipDate: z.iso.date({ error: 'Ship dates are written YYYY-MM-DD' }).optional(),
    declined: z.literal(true).optional(),
    reply: text({ max: 1000, multiline: true }).default(''),
  })
  .superRefine((body, ctx) => {
    if (body.declined) return;
    if (body.unitPrice === undefined && body.lines === undefined)
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
export const AcceptQuoteBody = DeliveryDetails.superRefine(requireShipTo);
export type AcceptQuoteBody = z.input<typeof AcceptQuoteBody>;

export const QuoteIdParams = z.object({ id: z.uuid({ error: 'Malformed quote id' }) });

export const QuotesQuery = z.strictObject({ status: QuoteStatus.optional() });

/** A line of a quote: a product and its quantity, and once answered, the shop's price for it. */
export const QuoteLine = z
  .object({
    /** 1, 2, 3… in the order the buyer listed them. */
    line: z.number().int(),
    /** The product (null once it was deleted from the catalog). */
    toolId: z.string().nullable(),
    sku: z.string(),
    name: z.string(),
    quantity: z.number().int(),
    /** The quoted unit price and the line's amount at it, once answered. */
    unitPrice: z.number().nullable(),
    amount: z.number().nullable(),
    /** The product's stock now (null once the product is gone): what an admin answers against. */
    available: z.number().int().nullable(),
  })
  .meta({ id: 'QuoteLine' });
export type QuoteLine = z.infer<typeof QuoteLine>;

/**
 * A quote as the API shows it, with its lines. Like an order's, the one-product fields describe the
 * whole quote: `itemName` is the first line's name ("+ 2 more" when there are more), `quantity` every
 * unit, `amount` the total; `toolId`, `sku`, `unitPrice` and `available` are the one line's, and null
 * when there are several.
 */
export const Quote = z
  .object({
    _id: z.string(),
    /** Q-1001 */
    quoteNumber: z.string(),
    toolId: z.string().nullable(),
    itemName: z.string(),
    sku: z.string().nullable(),
    name: z.string(),
    email: z.string(),
    quantity: z.number().int(),
    note: z.string(),
    status: QuoteStatus,
    /** The quoted unit price (of the one line) and the total at the quoted prices, once answered. */
    unitPrice: z.number().nullable(),
    amount: z.number().nullable(),
    lines: z.array(QuoteLine),
    /** The end of the last day the prices hold. */
    validUntil: z.string().nullable(),
    /** The day the units beyond the stock will ship, when the shop gave one (YYYY-MM-DD). */
    shipDate: z.string().nullable(),
    /** The one line's product's stock now (null for several lines, or once the product is gone). */
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
