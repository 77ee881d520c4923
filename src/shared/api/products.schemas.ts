import { z } from 'zod';
import { messages } from '../messages';
import { pictureUrl, text } from './text';

/** The most units of one product the shop keeps or sells (DESIGN §4; the database checks it too). */
export const MAX_STOCK_UNITS = 10_000_000;

const wholeUnits = (what: string) =>
  z
    .number({ error: messages.fillAllFields })
    .int({ error: `The ${what} must be a whole number of units` })
    .max(MAX_STOCK_UNITS, {
      error: `The ${what} is too large (at most ${MAX_STOCK_UNITS.toLocaleString('en-US')})`,
    });

/** POST /addproduct (spec §7, §5 Add Product): every field required, with clear rules. */
export const AddProductBody = z.strictObject({
  name: text({ required: messages.fillAllFields, max: 120 }),
  img: pictureUrl({ required: messages.fillAllFields, http: true, noun: 'image' }),
  dis: text({ required: messages.fillAllFields, max: 2000, multiline: true }),
  min_order: wholeUnits('minimum order').positive({ error: 'The minimum order must be at least 1 unit' }),
  available: wholeUnits('available quantity').positive({
    error: 'The available quantity must be at least 1 unit',
  }),
  price: z
    .number({ error: messages.fillAllFields })
    .min(0.01, { error: 'The price must be at least $0.01' })
    .max(1_000_000, { error: 'The price is too large' })
    .refine((price) => Math.abs(price * 100 - Math.round(price * 100)) < 1e-6, {
      error: 'The price must be in dollars and cents (at most two decimals)',
    }),
});
export type AddProductBody = z.infer<typeof AddProductBody>;

/**
 * PATCH /tools/{id} (beyond the spec: a shop owner edits products). Stock changes travel as a difference,
 * so units that customers reserved meanwhile are never overwritten.
 */
export const UpdateProductBody = AddProductBody.omit({ available: true })
  .partial()
  .extend({
    availableChange: z
      .number()
      .int({ error: 'Stock changes are whole units' })
      .min(-MAX_STOCK_UNITS, { error: 'The stock change is too large' })
      .max(MAX_STOCK_UNITS, { error: 'The stock change is too large' })
      .optional(),
  })
  .strict();
export type UpdateProductBody = z.infer<typeof UpdateProductBody>;
