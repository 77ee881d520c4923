import { MAX_STOCK_UNITS } from './products.schemas';
import { formatUnits } from '../numbers';
import { z } from 'zod';
import { OrderStatus } from '../domain/order-status';
import { text } from './text';
import { messages } from '../messages';

const required = (field: string, max: number) => text({ required: `Please enter your ${field}`, max });

/** An optional short reference (company, PO number): trimmed; empty or null means none. */
const reference = (max: number) =>
  text({ max })
    .nullish()
    .transform((value) => value || null);

/** Where and to whom an order goes, and the buyer's references: the buy form's and a quote's acceptance. */
export const DeliveryDetails = z.strictObject({
  name: required('name', 120),
  // A textarea: a street, a town and a country are written on lines of their own.
  address: text({ required: 'Please enter your address', max: 500, multiline: true }),
  number: z
    .union([z.string(), z.number()])
    .transform((value) => String(value).trim())
    .pipe(z.string().regex(/^\+?[0-9][0-9 ()-]{4,24}$/, { error: 'Please enter a valid phone number' })),
  /** The buyer's company, for the invoice. */
  company: reference(120),
  /** The buyer's purchase-order number, printed on the invoice for their accounts department. */
  poNumber: reference(40),
  /** One of the company's addresses (issue 33): the server ships to the book's, not the fields'. */
  addressId: z.uuid({ error: 'Malformed address id' }).optional(),
});
export type DeliveryDetails = z.input<typeof DeliveryDetails>;

/**
 * POST /purchase (spec §7 plus `toolId`, DESIGN §3). `amount`, `itemName` and `email` are accepted for
 * compatibility but never used: the server prices the order and takes the email from the session.
 */
export const PlaceOrderBody = DeliveryDetails.extend({
  toolId: z.uuid({ error: 'Malformed product id' }),
  email: text({ max: 254 }).optional(),
  quantity: z
    .number({ error: 'Please enter a quantity' })
    .int({ error: messages.quantityWhole })
    // No product holds more (its stock is at most this); beyond it the stock check has nothing to say.
    .max(MAX_STOCK_UNITS, { error: `Sorry, you can not buy more than ${formatUnits(MAX_STOCK_UNITS)}` }),
  amount: z.number().optional(),
  itemName: text({ max: 200 }).optional(),
});
export type PlaceOrderBody = z.input<typeof PlaceOrderBody>;

/** One line of an order: a product, priced when the order was placed. */
export const OrderLine = z
  .object({
    /** 1, 2, 3… in the order the buyer listed them. */
    line: z.number().int(),
    /** The product (null once it was deleted from the catalog). */
    toolId: z.string().nullable(),
    sku: z.string().nullable(),
    name: z.string(),
    quantity: z.number().int(),
    unitPrice: z.number(),
    amount: z.number(),
    /**
     * Where the unit price came from: the product's volume tiers, an accepted quote, or the company's
     * price list named by `priceList` (its name when the order was placed).
     */
    priceSource: z.enum(['tier', 'quote', 'contract']),
    priceList: z.string().nullable(),
    /** Units of this line not yet in stock (an accepted quote's beyond the stock). */
    backordered: z.number().int(),
  })
  .meta({ id: 'OrderLine' });
export type OrderLine = z.infer<typeof OrderLine>;

/**
 * An order as the API shows it: the spec's fields (spec §3), its lines, its state and hold. The
 * spec's one-product fields describe the whole order: `itemName` is the first line's name ("+ 2 more"
 * when there are more), `quantity` every unit, `amount` the total; `toolId`, `sku` and `unitPrice`
 * are the one line's, and null when there are several.
 */
export const Order = z
  .object({
    _id: z.string(),
    /** The order's number for people: 10001, 10002, … */
    orderNumber: z.number().int(),
    toolId: z.string().nullable(),
    name: z.string(),
    email: z.string(),
    address: z.string(),
    number: z.string(),
    company: z.string().nullable(),
    poNumber: z.string().nullable(),
    quantity: z.number().int(),
    /** The one line's unit price; null when the order has several lines. */
    unitPrice: z.number().nullable(),
    amount: z.number(),
    itemName: z.string(),
    /** The one line's SKU when ordered (null for several lines, or an order from before SKUs). */
    sku: z.string().nullable(),
    lines: z.array(OrderLine),
    /**
     * Paid by card, or on the company's account (issue 34): invoiced when placed, due on `dueDate`
     * (`paid` stays false: the company's statement shows what it has paid).
     */
    paymentMethod: z.enum(['card', 'account']),
    dueDate: z.string().nullable(),
    paid: z.boolean(),
    status: OrderStatus,
    payment: z.object({ transactionId: z.string() }).optional(),
    /** Paid through the built-in test provider: no money moved. */
    testPayment: z.boolean(),
    /** When a payment that arrived after the order closed was refunded (null: none was). */
    refundedAt: z.string().nullable(),
    createdAt: z.string(),
    /** When an unpaid order's (or one awaiting approval) reservation ends (null once it no longer holds stock). */
    holdExpiresAt: z.string().nullable(),
    /**
     * The company's approval, when its rules asked for one (issue 33): awaiting an approver, approved
     * (by whom and when; `automatic` when the company's only approver placed it), rejected with a
     * reason, or undecided when the order closed first. Null: no approval was needed.
     */
    approval: z
      .object({
        state: z.enum(['awaiting', 'approved', 'rejected', 'undecided']),
        automatic: z.boolean(),
        decidedBy: z.string().nullable(),
        decidedAt: z.string().nullable(),
        reason: z.string().nullable(),
      })
      .nullable(),
    /** INV-000042 once paid: a gapless number given in the transaction that marks the order paid. */
    invoiceNumber: z.string().nullable(),
    /** The accepted quote the order was made from, priced at the quote. */
    quoteId: z.string().nullable(),
    /** Units not yet in stock, every line's (an accepted quote's beyond the stock): it ships once none are left. */
    backordered: z.number().int(),
    /** The day the shop promised the backordered units would ship (YYYY-MM-DD), while some are. */
    shipDate: z.string().nullable(),
    /** Once shipped: who carries it and its tracking number (null when none was given). */
    shipment: z.object({ carrier: z.string(), trackingNumber: z.string().nullable() }).nullable(),
    /**
     * Each state the order reached and when, oldest first: placed (unpaid, or awaiting approval and
     * then unpaid once approved), then paid, shipped, closed.
     */
    history: z.array(z.object({ status: OrderStatus, at: z.string() })),
  })
  .meta({ id: 'Order' });
export type Order = z.infer<typeof Order>;

export const OrderList = z.array(Order);

/** POST /purchase answers the spec's insert result and the order as stored, for the success panel. */
export const PlaceOrderResult = z.object({
  acknowledged: z.literal(true),
  insertedId: z.string(),
  order: Order,
});
export type PlaceOrderResult = z.infer<typeof PlaceOrderResult>;

export const OrderIdParams = z.object({ id: z.uuid({ error: 'Malformed order id' }) });

export const OrdersQuery = z.strictObject({ email: z.email({ error: 'Malformed email address' }) });

/** POST /api/purchase/{id}/reject: why the approver rejects the order, for its buyer. */
export const RejectOrderBody = z.strictObject({
  reason: text({
    required: 'Please say why the order is rejected, for its buyer',
    max: 500,
    multiline: true,
  }),
});
export type RejectOrderBody = z.input<typeof RejectOrderBody>;
