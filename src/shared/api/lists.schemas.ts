import { z } from 'zod';
import { MAX_ORDER_LINES } from '../domain/order-lines';
import { MAX_QUICK_ORDER_BYTES } from '../domain/quick-order';
import { LineQuantity } from './orders.schemas';
import { text } from './text';

/**
 * Saved lists: named products and quantities a buyer orders again and again, shared in
 * their company. Lines are added from a product page, the cart, a past order or a CSV.
 */

export const ListName = text({ required: 'Please name the list, e.g. Monthly site order', max: 100 });

/** POST /api/lists, PATCH /api/lists/{id}: the list's name. */
export const ListNameBody = z.strictObject({ name: ListName });

export const ListParams = z.object({ id: z.uuid({ error: 'Malformed list id' }) });
export const ListLineParams = ListParams.extend({ toolId: z.uuid({ error: 'Malformed product id' }) });

/** PUT /api/lists/{id}/lines/{toolId}: the line's quantity (adds the product when the list has none). */
export const SetListLineBody = z.strictObject({ quantity: LineQuantity });

/**
 * POST /api/lists/{id}/lines: adds to the list one product, every line of the cart, every line of one
 * of your orders, or the rows of a CSV (SKU and quantity, as quick order reads them). A product the
 * list has already gets the quantity added.
 */
export const AddToListBody = z.union(
  [
    z.strictObject({ toolId: z.uuid({ error: 'Malformed product id' }), quantity: LineQuantity }),
    z.strictObject({ fromCart: z.literal(true) }),
    z.strictObject({ fromOrder: z.uuid({ error: 'Malformed order id' }) }),
    z.strictObject({
      csv: z
        .string({ error: 'Paste or upload the rows as text' })
        .max(MAX_QUICK_ORDER_BYTES, { error: 'A list may be read from at most 1 MB of text' }),
    }),
  ],
  { error: 'Give a product and quantity, fromCart, fromOrder or csv' },
);
export type AddToListBody = z.input<typeof AddToListBody>;

export const SavedListLine = z.object({
  toolId: z.string().nullable(),
  sku: z.string().nullable(),
  /** What the caller's company calls the product (its part numbers), or null. */
  partNumber: z.string().nullable(),
  name: z.string(),
  quantity: z.number().int(),
  /** The unit price when the line was added. */
  savedUnitPrice: z.number(),
  /** Today's unit price for this quantity, for the caller; null when the product is no longer sold. */
  unitPrice: z.number().nullable(),
  /** The caller's company's price list that sets today's price, or null. */
  priceList: z.string().nullable(),
  available: z.number().int().nullable(),
  /** Why the line could not go into the cart as it is today (out of stock, below the minimum), or null. */
  problem: z.string().nullable(),
});

export const SavedListSummary = z.object({
  _id: z.string(),
  name: z.string(),
  /** True when the list belongs to the caller's company (its colleagues share it). */
  shared: z.boolean(),
  lineCount: z.number().int(),
  updatedAt: z.string(),
});
export const SavedListSummaries = z.array(SavedListSummary);
export type SavedListSummary = z.infer<typeof SavedListSummary>;

export const SavedList = SavedListSummary.extend({ lines: z.array(SavedListLine) }).meta({ id: 'SavedList' });
export type SavedList = z.infer<typeof SavedList>;

/** A CSV row or an order's line that could not be added to the list, and why. */
export const SkippedRow = z.object({
  row: z.number().int(),
  sku: z.string().nullable(),
  message: z.string(),
});

export const AddToListResult = z.object({
  list: SavedList,
  added: z.number().int(),
  skipped: z.array(SkippedRow),
});
export type AddToListResult = z.infer<typeof AddToListResult>;

export const LIST_MAX_LINES = MAX_ORDER_LINES;
