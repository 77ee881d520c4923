import { MAX_STOCK_UNITS } from './products.schemas';
import { formatUnits } from '../numbers';
import { z } from 'zod';
import { OrderStatus } from '../domain/order-status';
import { ORDER_EVENTS } from '../domain/order-process';
import { TAX_CLASSES } from '../domain/tax';
import { text } from './text';
import { ShipTo, ShipToBody } from './addresses.schemas';
import { messages } from '../messages';
import { MAX_ORDER_LINES } from '../domain/order-lines';

const required = (field: string, max: number) => text({ required: `Please enter your ${field}`, max });

/** An optional short reference (company, PO number): trimmed; empty or null means none. */
const reference = (max: number) =>
  text({ max })
    .nullish()
    .transform((value) => value || null);

/** Where and to whom an order goes, and the buyer's references: the buy form's and a quote's acceptance. */
export const DeliveryDetails = z.strictObject({
  name: required('name', 120),
  /**
   * The spec's one-box address (a textarea: a street, a town and a country on lines of their own).
   * With `shipTo` it is not needed: the order's `address` is then `shipTo` formatted.
   */
  address: text({ max: 500, multiline: true }).optional(),
  /**
   * Where the order is delivered, structured: its tax and freight are found from it. Every order form
   * needs it (or `addressId`); only the spec's one-product call may give `address` alone, and is then
   * charged tax and freight as if delivered to the shop's own address.
   */
  shipTo: ShipToBody.optional(),
  /** This order is not for resale: taxed although the buyer's company holds a resale certificate. */
  notForResale: z.boolean().optional(),
  number: z
    .union([z.string(), z.number()])
    .transform((value) => String(value).trim())
    .pipe(z.string().regex(/^\+?[0-9][0-9 ()-]{4,24}$/, { error: 'Please enter a valid phone number' })),
  /** The buyer's company, for the invoice. */
  company: reference(120),
  /** The buyer's purchase-order number, printed on the invoice for their accounts department. */
  poNumber: reference(40),
  /** One of the company's addresses: the server ships to the book's, not the fields'. */
  addressId: z.uuid({ error: 'Malformed address id' }).optional(),
});
export type DeliveryDetails = z.input<typeof DeliveryDetails>;

/**
 * The spec's one-product call (POST /purchase) needs somewhere to deliver: the structured `shipTo`,
 * one of the company's addresses, or the one-box `address` (charged as if delivered to the shop).
 */
export function requireDestination(
  details: { address?: string | undefined; shipTo?: unknown; addressId?: string | undefined },
  ctx: z.RefinementCtx,
) {
  if (!details.shipTo && !details.addressId && !details.address) {
    ctx.addIssue({ code: 'custom', path: ['address'], message: 'Please enter your address' });
  }
}

/**
 * Every other way of placing an order (the cart's checkout, a quote's acceptance) and the browser's
 * delivery forms: a structured address, unless one of the company's addresses is chosen (the server
 * ships to that one, and refuses one without a structure).
 */
export function requireShipTo(
  details: { shipTo?: unknown; addressId?: string | undefined },
  ctx: z.RefinementCtx,
) {
  if (!details.shipTo && !details.addressId) {
    ctx.addIssue({
      code: 'custom',
      path: ['shipTo', 'line1'],
      message: 'Please enter the street and number',
    });
  }
}
export const DeliveryForm = DeliveryDetails.superRefine(requireShipTo);

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
}).superRefine(requireDestination);
export type PlaceOrderBody = z.input<typeof PlaceOrderBody>;

/** A line's quantity, as the cart, saved lists, quick order and an order's change take it. */
export const LineQuantity = z
  .number({ error: 'Please enter a quantity' })
  .int({ error: messages.quantityWhole })
  .min(1, { error: 'The quantity must be at least 1' })
  .max(MAX_STOCK_UNITS, { error: `Sorry, you can not buy more than ${formatUnits(MAX_STOCK_UNITS)}` });

/**
 * PUT /api/purchase/{id}/lines: the order's lines as they are to be, by SKU (a line left out is
 * removed); each SKU once.
 */
export const ChangeOrderLinesBody = z.strictObject({
  lines: z
    .array(
      z.strictObject({
        sku: text({ required: 'Please give the SKU of each line', max: 64 }),
        quantity: LineQuantity,
      }),
    )
    .min(1, { error: 'An order keeps at least one line: cancel it instead' })
    .max(MAX_ORDER_LINES, { error: `An order has at most ${MAX_ORDER_LINES} lines` })
    .refine((lines) => new Set(lines.map((line) => line.sku.toUpperCase())).size === lines.length, {
      error: 'Each SKU appears once: give its whole quantity on one line',
    }),
});
export type ChangeOrderLinesBody = z.input<typeof ChangeOrderLinesBody>;

/** One line of an order: a product, priced when the order was placed. */
export const OrderLine = z
  .object({
    /** 1, 2, 3… in the order the buyer listed them. */
    line: z.number().int(),
    /** The product (null once it was deleted from the catalog). */
    toolId: z.string().nullable(),
    sku: z.string().nullable(),
    /** What the buyer's company calls the product (its part numbers) when the order was placed. */
    partNumber: z.string().nullable(),
    name: z.string(),
    quantity: z.number().int(),
    /** The unit of measure the quantity counts (UN/ECE Rec. 20; null: ordered before units were kept). */
    unit: z.string().nullable(),
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
    /** Units of this line that have left in shipments. */
    shippedQuantity: z.number().int(),
    /** Units of this line cancelled (never to ship): by the shop after payment, or with the whole order. */
    cancelledQuantity: z.number().int(),
    /** Shipped units of this line being returned or returned (returns not refused). */
    returnedQuantity: z.number().int(),
    /** The product's tax class then, the rate applied (percent) and the line's tax, rounded on its own. */
    taxClass: z.enum(TAX_CLASSES),
    taxRate: z.number(),
    tax: z.number(),
  })
  .meta({ id: 'OrderLine' });

/** The tax of an order at one rate (percent). */
export const TaxAtRate = z
  .object({
    rate: z.number(),
    amount: z.number(),
    /** A rate made of taxes of their own (Quebec: GST and QST): each, its rate and registration. */
    components: z
      .array(z.object({ name: z.string(), rate: z.number(), registration: z.string(), amount: z.number() }))
      .optional(),
  })
  .meta({ id: 'TaxAtRate' });

/**
 * How an order was taxed, kept from when it was placed: at its destination zone's rates under the
 * shop's registration there, not at all where the shop is not registered (an export), under an
 * approved exemption certificate, or as an intra-community supply (with its notice). Older orders may
 * say `reverse_charge` or `no_destination`.
 */
export const OrderTax = z.object({
  treatment: z.enum([
    'taxed',
    'untaxed_place',
    'exempt',
    'intra_community',
    'reverse_charge',
    'no_destination',
  ]),
  zone: z.string().nullable(),
  /** The seller's registration the tax was collected under (an intra-community supply's: its EU VAT ID). */
  registration: z.string().nullable(),
  certificateId: z.string().nullable(),
  /** The kind of certificate an exempt order rests on (null before it was kept, and when none). */
  certificateKind: z.enum(['resale', 'exemption']).nullable(),
  /** The buyer's verified VAT ID an intra-community supply rests on. */
  vatId: z.string().nullable(),
  notForResale: z.boolean(),
  /** Charged as if delivered to the shop's own address: the order gave only a one-box address. */
  atShopAddress: z.boolean(),
  /** The sentence an invoice must carry for how it was taxed, or null. */
  notice: z.string().nullable(),
});

/** The order's charges, from one function (orderCharges): `total` is what is charged, and `amount`. */
export const OrderChargesFields = {
  /** Where it is delivered, structured; null for the spec's one-box address. */
  shipTo: ShipTo.nullable(),
  subtotal: z.number(),
  /** Null while the shop quotes a pallet's freight (`freightStatus` quoted). */
  freight: z.number().nullable(),
  freightStatus: z.enum(['priced', 'free', 'quoted', 'none']),
  taxes: z.array(TaxAtRate),
  total: z.number(),
  tax: OrderTax,
};
export type OrderLine = z.infer<typeof OrderLine>;

/** One shipment of an order (POST /api/admin/orders/{id}/shipments answers it). */
export const Shipment = z
  .object({
    _id: z.string(),
    lines: z.array(
      z.object({ line: z.number().int(), sku: z.string().nullable(), quantity: z.number().int() }),
    ),
    carrier: z.string(),
    trackingNumber: z.string().nullable(),
    /** The carrier's tracking page, for the carriers the shop knows. */
    trackingUrl: z.string().nullable(),
    shippedAt: z.string(),
  })
  .meta({ id: 'Shipment' });
export type Shipment = z.infer<typeof Shipment>;

/** Money given back for an order: to the card (through the payment provider) or to the company's account. */
export const Refund = z
  .object({
    amount: z.number(),
    method: z.enum(['card', 'account']),
    /** Pending until the payment provider confirms a card refund; failed with the provider's reason. */
    status: z.enum(['pending', 'succeeded', 'failed']),
    /** When it was decided. */
    at: z.string(),
    /** The credit note it pays out (null for a payment refunded because it came after its order closed). */
    creditNote: z.string().nullable(),
    failure: z.string().nullable(),
  })
  .meta({ id: 'Refund' });

/** A credit note of the order: its number (GET /api/credit-notes/{number} serves its PDF), amount and reason. */
export const CreditNoteSummary = z
  .object({
    number: z.string(),
    amount: z.number(),
    issuedAt: z.string(),
    reason: z.string(),
    lines: z.array(
      z.object({ line: z.number().int(), sku: z.string().nullable(), quantity: z.number().int() }),
    ),
  })
  .meta({ id: 'CreditNoteSummary' });

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
    /** The recipient the goods go to (the spec's `name`). */
    name: z.string(),
    /** The address of the account that placed the order. */
    email: z.string(),
    /** Who placed the order: a colleague of the company, or the buyer themself. */
    placedBy: z.object({ name: z.string(), email: z.string() }),
    address: z.string(),
    number: z.string(),
    company: z.string().nullable(),
    poNumber: z.string().nullable(),
    quantity: z.number().int(),
    /** The one line's unit price; null when the order has several lines. */
    unitPrice: z.number().nullable(),
    /** What is charged: the order's `total` (subtotal, freight and tax). */
    amount: z.number(),
    ...OrderChargesFields,
    itemName: z.string(),
    /** The one line's SKU when ordered (null for several lines, or an order from before SKUs). */
    sku: z.string().nullable(),
    lines: z.array(OrderLine),
    /**
     * Paid by card, or on the company's account: invoiced when placed, due on `dueDate`
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
    /** Every refund, oldest first: cancelled units and returns given back, and late payments. */
    refunds: z.array(Refund),
    /** Every credit note, oldest first. */
    creditNotes: z.array(CreditNoteSummary),
    /** The buyer asked for the order to be cancelled (null: no request is open). */
    cancellationRequest: z
      .object({ at: z.string(), by: z.string().nullable(), reason: z.string() })
      .nullable(),
    createdAt: z.string(),
    /** When an unpaid order's (or one awaiting approval) reservation ends (null once it no longer holds stock). */
    holdExpiresAt: z.string().nullable(),
    /**
     * The company's approval, when its rules asked for one: awaiting an approver, approved
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
    /** CN-000007: its first credit note (`creditNotes` lists them all), in a gapless series of its own. */
    creditNoteNumber: z.string().nullable(),
    /** The accepted quote the order was made from, priced at the quote. */
    quoteId: z.string().nullable(),
    /** Units not yet in stock, every line's (an accepted quote's beyond the stock): it ships once none are left. */
    backordered: z.number().int(),
    /** The day the shop promised the backordered units would ship (YYYY-MM-DD), while some are. */
    shipDate: z.string().nullable(),
    /** Once shipped: who carries its latest shipment and its tracking number (null when none was given). */
    shipment: z.object({ carrier: z.string(), trackingNumber: z.string().nullable() }).nullable(),
    /** Every shipment, oldest first: what left, when, with whom. */
    shipments: z.array(Shipment),
  })
  .meta({ id: 'Order' });

export type Order = z.infer<typeof Order>;

/** One step of an order's timeline: what happened, when, from which state to which, and who did it. */
export const OrderHistoryStep = z
  .object({
    at: z.string(),
    event: z.enum(ORDER_EVENTS),
    /** The state before (null for placing, and for steps recorded before the timeline kept it). */
    from: OrderStatus.nullable(),
    to: OrderStatus,
    /** The email of who took the step; null for the shop itself (an expiry, a provider's report). */
    actor: z.string().nullable(),
    /** What the step says besides: a rejection's reason, a shipment's carrier, tracking and lines. */
    note: z.string().nullable(),
  })
  .meta({ id: 'OrderHistoryStep' });
export type OrderHistoryStep = z.infer<typeof OrderHistoryStep>;

/** One order as GET /api/purchase/{id} answers it: with its timeline, oldest step first. */
export const OrderDetail = Order.extend({ history: z.array(OrderHistoryStep) }).meta({ id: 'OrderDetail' });
export type OrderDetail = z.infer<typeof OrderDetail>;

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
/**
 * POST /api/purchase/{id}/approve: the order's total as the approver saw it. An order changed since
 * (another total) is refused (409), so that nobody approves what they did not see.
 */
export const ApproveOrderBody = z
  .strictObject({
    total: z
      .number({ error: messages.approvalTotalMissing })
      .nonnegative()
      .max(100_000_000, { error: messages.approvalTotalMissing }),
  })
  .meta({ id: 'ApproveOrderBody' });
export type ApproveOrderBody = z.input<typeof ApproveOrderBody>;

export const RejectOrderBody = z.strictObject({
  reason: text({
    required: 'Please say why the order is rejected, for its buyer',
    max: 500,
    multiline: true,
  }),
});
export type RejectOrderBody = z.input<typeof RejectOrderBody>;

/** POST /api/purchase/{id}/cancellation: a buyer asks the shop to cancel a paid order not yet shipped. */
export const CancellationRequestBody = z.strictObject({
  reason: text({ required: 'Please say why you want the order cancelled', max: 500, multiline: true }),
});
export type CancellationRequestBody = z.input<typeof CancellationRequestBody>;

/** How an invoice or credit note is served: its PDF, or as EN 16931 data in UBL 2.1 or CII D16B. */
export const DocumentFormatQuery = z.strictObject({
  format: z.enum(['pdf', 'ubl', 'cii'], { error: 'The format is pdf, ubl or cii' }).default('pdf'),
});
export type DocumentFormatQuery = z.output<typeof DocumentFormatQuery>;

export const CreditNoteParams = z.object({
  number: z.string().regex(/^CN-\d{1,9}$/i, { error: 'A credit note number reads CN-000007' }),
});
