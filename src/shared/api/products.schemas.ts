import { z } from 'zod';
import { messages } from '../messages';

const filled = z.string().trim().min(1, { error: messages.fillAllFields });
const wholeUnits = (what: string) =>
  z
    .number({ error: messages.fillAllFields })
    .int({ error: `The ${what} must be a whole number of units` })
    .max(10_000_000, { error: `The ${what} is too large` });

/** POST /addproduct (spec §7, §5 Add Product): every field required, with clear rules. */
export const AddProductBody = z.strictObject({
  name: filled.max(120),
  img: filled.pipe(z.url({ protocol: /^https?$/, error: 'The image must be an http(s) web address' })),
  dis: filled.max(2000),
  min_order: wholeUnits('minimum order').positive({ error: 'The minimum order must be at least 1 unit' }),
  available: wholeUnits('available quantity').positive({
    error: 'The available quantity must be at least 1 unit',
  }),
  price: z
    .number({ error: messages.fillAllFields })
    .positive({ error: 'The price must be above zero' })
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
  .extend({ availableChange: z.number().int({ error: 'Stock changes are whole units' }).optional() })
  .strict();
export type UpdateProductBody = z.infer<typeof UpdateProductBody>;
