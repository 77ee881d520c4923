import { z } from 'zod';
import { MAX_ORDER_LINES } from '../domain/order-lines';
import { MAX_QUICK_ORDER_BYTES } from '../domain/quick-order';
import { messages } from '../messages';
import { DeliveryDetails, LineQuantity, Order, OrderTax, TaxAtRate, requireShipTo } from './orders.schemas';
import { COUNTRY_CODES } from '../domain/addresses';

/**
 * Where a price shown to a signed-in buyer comes from: the product's own breaks (`tier`), or
 * their company's price list (`contract`, named by `priceList`). `listUnitPrice` is what the product's
 * own breaks would charge, so a contract price can say what it saves.
 */
export const PriceSourceFields = z.object({
  priceSource: z.enum(['tier', 'contract']),
  priceList: z.string().nullable(),
  listUnitPrice: z.number(),
});
export type PriceSourceFields = z.infer<typeof PriceSourceFields>;

/** A line of the cart as the server prices it now (priceLine), with what stands in its way, if anything. */
export const CartLine = z
  .object({
    ...PriceSourceFields.shape,
    toolId: z.string(),
    sku: z.string(),
    /** The buyer's company's own part number for the SKU, when it keeps one (DESIGN §11). */
    partNumber: z.string().nullable(),
    name: z.string(),
    img: z.string(),
    quantity: z.number().int(),
    /** The price break this quantity reaches today, for this buyer. */
    unitPrice: z.number(),
    amount: z.number(),
    /** The product's smallest order and stock today: the bounds a quantity must keep to. */
    minQuantity: z.number().int(),
    available: z.number().int(),
    /** It is sold in packs of this many units: the quantity steps by it. */
    orderMultiple: z.number().int(),
    /** The next cheaper price break within the stock, for this buyer; null when there is none. */
    nextBreak: z.object({ minQuantity: z.number().int(), unitPrice: z.number() }).nullable(),
    /** Null, or the sentence saying why the line cannot be ordered as it is (or what changed). */
    problem: z.string().nullable(),
  })
  .meta({ id: 'CartLine' });
export type CartLine = z.infer<typeof CartLine>;

/**
 * An order's charges before it is placed, as GET /api/cart and the buy form's preview show
 * them for a chosen destination: the same figures, from the same function, as the order will carry.
 */
export const ChargesPreview = z
  .object({
    /** The place they were found for ("Pennsylvania, United States"). */
    deliverTo: z.string(),
    subtotal: z.number(),
    /** Null while it cannot be priced: quoted by the shop (a pallet), or not delivered there. */
    freight: z.number().nullable(),
    freightStatus: z.enum(['priced', 'free', 'quoted', 'unavailable']),
    taxes: z.array(TaxAtRate),
    /** Subtotal, freight and tax (without a freight not yet known). */
    total: z.number(),
    tax: OrderTax,
    /** Why the order cannot be placed to this place as it is (not delivered there), or null. */
    problem: z.string().nullable(),
  })
  .meta({ id: 'ChargesPreview' });
export type ChargesPreview = z.infer<typeof ChargesPreview>;

/** Where to find the charges for: a country, and for the US and Canada a state or province. */
export const PlaceQuery = z.strictObject({
  country: z
    .string()
    .trim()
    .toUpperCase()
    .refine((code) => COUNTRY_CODES.includes(code), { error: 'Please choose a country' })
    .optional(),
  region: z.string().trim().toUpperCase().max(10).optional(),
  postalCode: z.string().trim().max(20).optional(),
  notForResale: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
});

/** A place the charges are asked for that must be named: its country given. */
export const DestinationQuery = PlaceQuery.extend({ country: PlaceQuery.shape.country.unwrap() });

/** GET /api/cart: the lines in the order they were added, and the total of them all. */
export const Cart = z
  .object({
    lines: z.array(CartLine),
    total: z.number(),
    /** Whether every line can be ordered as it is (no line has a blocking problem). */
    ready: z.boolean(),
    /**
     * With a destination asked for (GET /api/cart?country=&region=&postalCode=): the subtotal, freight,
     * tax by rate and total the order would carry; null without one.
     */
    charges: ChargesPreview.nullable(),
  })
  .meta({ id: 'Cart' });
export type Cart = z.infer<typeof Cart>;

export const CartLineParams = z.object({ toolId: z.uuid({ error: 'Malformed product id' }) });

/** PUT /api/cart/lines/{toolId}: the line's new quantity (adds the line when the cart has none). */
export const SetCartLineBody = z.strictObject({ quantity: LineQuantity });

/** POST /api/cart/merge: a visitor's cart (kept in the browser), merged in at sign-in. */
export const MergeCartBody = z.strictObject({
  lines: z
    .array(z.strictObject({ toolId: z.uuid({ error: 'Malformed product id' }), quantity: LineQuantity }))
    .max(MAX_ORDER_LINES, { error: messages.cartFull(MAX_ORDER_LINES) }),
});

/** POST /api/cart/quick-add: pasted rows or a CSV file's text; `dryRun` only judges them. */
export const QuickAddBody = z.strictObject({
  text: z
    .string({ error: 'Paste or upload the rows as text' })
    .max(MAX_QUICK_ORDER_BYTES, { error: 'A quick order may be at most 1 MB of text' }),
  dryRun: z.boolean().optional().default(false),
});

/** The verdict on one pasted row: whether it goes (or went) into the cart, and why not. */
export const QuickAddRow = z.object({
  row: z.number().int(),
  sku: z.string(),
  quantity: z.number().int().nullable(),
  ok: z.boolean(),
  message: z.string(),
  /** For a SKU no product has: the closest SKUs the catalog has, closest first. */
  suggestions: z.array(z.string()),
});
export type QuickAddRow = z.infer<typeof QuickAddRow>;

export const QuickAddResult = z
  .object({ rows: z.array(QuickAddRow), added: z.number().int(), cart: Cart })
  .meta({ id: 'QuickAddResult' });
export type QuickAddResult = z.infer<typeof QuickAddResult>;

/** POST /api/cart/order-again: one of your orders, whose lines go back into the cart. */
export const OrderAgainBody = z.strictObject({ orderId: z.uuid({ error: 'Malformed order id' }) });

/** What happened to a line of the earlier order on its way back into the cart, when it changed. */
export const OrderAgainNote = z.object({
  line: z.number().int(),
  sku: z.string().nullable(),
  name: z.string(),
  message: z.string(),
});
export type OrderAgainNote = z.infer<typeof OrderAgainNote>;

export const OrderAgainResult = z
  .object({ notes: z.array(OrderAgainNote), added: z.number().int(), cart: Cart })
  .meta({ id: 'OrderAgainResult' });
export type OrderAgainResult = z.infer<typeof OrderAgainResult>;

/**
 * POST /api/cart/checkout: where the order goes, and how it is paid: by card (the default),
 * or on the company's account when the shop gives it terms.
 */
export const CheckoutBody = DeliveryDetails.extend({
  paymentMethod: z
    .enum(['card', 'account'], { error: 'Pay by card or on account' })
    .optional()
    .default('card'),
}).superRefine(requireShipTo);

export const CheckoutResult = z.object({
  acknowledged: z.literal(true),
  insertedId: z.string(),
  order: Order,
});
export type CheckoutResult = z.infer<typeof CheckoutResult>;
