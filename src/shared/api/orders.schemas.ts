import { z } from 'zod';
import { OrderStatus } from '../domain/order-status';
import { text } from './text';

const required = (field: string, max: number) => text({ required: `Please enter your ${field}`, max });

/**
 * POST /purchase (spec §7 plus `toolId`, DESIGN §3). `amount`, `itemName` and `email` are accepted for
 * compatibility but never used: the server prices the order and takes the email from the session.
 */
export const PlaceOrderBody = z.strictObject({
  toolId: z.uuid({ error: 'Malformed product id' }),
  name: required('name', 120),
  email: text({ max: 254 }).optional(),
  address: required('address', 500),
  number: z
    .union([z.string(), z.number()])
    .transform((value) => String(value).trim())
    .pipe(z.string().regex(/^\+?[0-9][0-9 ()-]{4,24}$/, { error: 'Please enter a valid phone number' })),
  quantity: z
    .number({ error: 'Please enter a quantity' })
    .int({ error: 'The quantity must be a whole number' }),
  amount: z.number().optional(),
  itemName: text({ max: 200 }).optional(),
});
export type PlaceOrderBody = z.input<typeof PlaceOrderBody>;

/** An order as the API shows it: the spec's fields (spec §3) plus its state and hold. */
export const Order = z
  .object({
    _id: z.string(),
    toolId: z.string().nullable(),
    name: z.string(),
    email: z.string(),
    address: z.string(),
    number: z.string(),
    quantity: z.number().int(),
    /** The unit price the order was priced at: the product's price break for this quantity. */
    unitPrice: z.number(),
    amount: z.number(),
    itemName: z.string(),
    /** The product's SKU when ordered (null only for orders from before products had one). */
    sku: z.string().nullable(),
    paid: z.boolean(),
    status: OrderStatus,
    payment: z.object({ transactionId: z.string() }).optional(),
    /** Paid through the built-in test provider: no money moved. */
    testPayment: z.boolean(),
    /** When a payment that arrived after the order closed was refunded (null: none was). */
    refundedAt: z.string().nullable(),
    createdAt: z.string(),
    /** When an unpaid order's reservation ends (null once it is no longer unpaid). */
    holdExpiresAt: z.string().nullable(),
  })
  .meta({ id: 'Order' });
export type Order = z.infer<typeof Order>;

export const OrderList = z.array(Order);

export const OrderIdParams = z.object({ id: z.uuid({ error: 'Malformed order id' }) });

export const OrdersQuery = z.strictObject({ email: z.email({ error: 'Malformed email address' }) });
