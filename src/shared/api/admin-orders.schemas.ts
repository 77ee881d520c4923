import { z } from 'zod';
import { text } from './text';
import { OrderStatus } from '../domain/order-status';
import { MAX_ORDER_LINES } from '../domain/order-lines';
import { Sku, dollars } from './products.schemas';
import { Order } from './orders.schemas';

const day = z.iso.date({ error: 'Dates are written YYYY-MM-DD' });

/**
 * Which orders Manage All Orders lists and exports (DESIGN §9): by a search (order number, PO, buyer,
 * SKU), state, product, a range of days (UTC) on the day they were placed or paid, and unpaid holds
 * ending within some hours.
 */
export const AdminOrdersFilter = z.strictObject({
  /** An order number, or part of a PO number, a buyer's name, email or company, or a SKU. */
  q: text({ max: 100 }).optional(),
  status: OrderStatus.optional(),
  sku: Sku.optional(),
  from: day.optional(),
  to: day.optional(),
  /** Whether from/to are the days the orders were placed (default) or paid. */
  by: z.enum(['placed', 'paid']).default('placed'),
  /** Unpaid orders whose hold ends within this many hours from now. */
  holdEndsWithin: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .optional(),
});
export type AdminOrdersFilter = z.output<typeof AdminOrdersFilter>;

export const AdminOrdersQuery = AdminOrdersFilter.extend({
  page: z.coerce.number().int().min(1).max(1_000_000, { error: 'There is no such page' }).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type AdminOrdersQuery = z.input<typeof AdminOrdersQuery>;

export const AdminOrderPage = z.object({
  orders: z.array(Order),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminOrderPage = z.infer<typeof AdminOrderPage>;

/**
 * An admin moves an order along (DESIGN §5.7): only paid → shipped is open to them, naming the carrier
 * and, when it has one, the tracking number, which the shipped mail and the order page show.
 */
export const ChangeOrderStatusBody = z.strictObject({
  status: z.literal('shipped'),
  carrier: text({ required: 'Please name the carrier', max: 60 }),
  trackingNumber: text({ max: 80 }).optional(),
});
export type ChangeOrderStatusBody = z.input<typeof ChangeOrderStatusBody>;

/** POST /api/admin/orders/{id}/shipments: the units that leave, by SKU, and who carries them. */
export const ShipmentBody = z.strictObject({
  lines: z
    .array(
      z.strictObject({
        sku: text({ required: 'Please give the SKU', max: 64 }),
        quantity: z
          .number({ error: 'Please give the units that ship' })
          .int('Units are whole numbers')
          .positive('Ship at least 1 unit'),
      }),
    )
    .min(1, 'Name at least one line that ships')
    .max(MAX_ORDER_LINES, `A shipment has at most ${MAX_ORDER_LINES} lines`),
  carrier: ChangeOrderStatusBody.shape.carrier,
  trackingNumber: ChangeOrderStatusBody.shape.trackingNumber,
});
export type ShipmentBody = z.input<typeof ShipmentBody>;

/** PUT /api/admin/orders/{id}/freight: a pallet's freight, quoted by the shop, in dollars. */
export const SetFreightBody = z.strictObject({ freight: dollars('freight') });
export type SetFreightBody = z.input<typeof SetFreightBody>;

const cancelledUnits = z
  .array(
    z.strictObject({
      sku: text({ required: 'Please give the SKU of each line to cancel', max: 64 }),
      quantity: z
        .number({ error: 'Please give how many units of each line to cancel' })
        .int({ error: 'Units are whole numbers' })
        .min(1, { error: 'Cancel at least 1 unit of each line given' }),
    }),
  )
  .min(1, { error: 'Give at least one line to cancel, or leave out the lines to cancel the whole order' })
  .max(MAX_ORDER_LINES, { error: `An order has at most ${MAX_ORDER_LINES} lines` });

/** POST /api/admin/orders/{id}/cancel: the whole order (without lines) or some units not shipped. */
export const CancelOrderBody = z.strictObject({
  reason: text({
    required: 'Please say why the order is cancelled, for its buyer',
    max: 500,
    multiline: true,
  }),
  lines: cancelledUnits.optional(),
});

/** What cancelling would do (POST /api/admin/orders/{id}/cancel/preview), shown before it is confirmed. */
export const CancelPreview = z
  .object({
    /** Units that would be cancelled. */
    units: z.number().int(),
    /** Whether the whole order would go (cancelled), not only some of its units. */
    wholeOrder: z.boolean(),
    /** What its credit note would give back and where (null: nothing was charged). */
    credit: z.object({ amount: z.number(), to: z.enum(['card', 'account']) }).nullable(),
  })
  .meta({ id: 'CancelPreview' });
export type CancelPreview = z.infer<typeof CancelPreview>;
export type CancelOrderBody = z.input<typeof CancelOrderBody>;

/** POST /api/admin/orders/{id}/cancellation/refuse: why the shop keeps the order. */
export const RefuseCancellationBody = z.strictObject({
  reason: text({
    required: 'Please say why the order cannot be cancelled, for its buyer',
    max: 500,
    multiline: true,
  }),
});

/** GET /api/admin/credit-notes: by a number (CN-000007, or its invoice's INV-000123), company or email, and days issued (UTC). */
export const CreditNotesQuery = z.strictObject({
  q: text({ max: 100 }).optional(),
  from: day.optional(),
  to: day.optional(),
});
export type CreditNotesQuery = z.input<typeof CreditNotesQuery>;

/** A credit note in the shop admin's list. */
export const CreditNoteListItem = z
  .object({
    number: z.string(),
    issuedAt: z.string(),
    amount: z.number(),
    reason: z.string(),
    orderId: z.string(),
    orderNumber: z.number().int(),
    invoiceNumber: z.string().nullable(),
    company: z.string().nullable(),
    email: z.string(),
  })
  .meta({ id: 'CreditNoteListItem' });
export type CreditNoteListItem = z.infer<typeof CreditNoteListItem>;

/** An issued document by its number: INV-000123 or CN-000007. */
export const DocumentNumberParams = z.object({
  number: z
    .string()
    .max(20)
    .regex(/^(INV|CN)-\d{1,9}$/i, {
      error: 'Give an invoice number (INV-000123) or a credit note number (CN-000007)',
    }),
});

/** Where a document sent again went: the buyer, and the company's billing address. */
export const ResendResult = z.object({ sentTo: z.array(z.string()) });
export type ResendResult = z.infer<typeof ResendResult>;
