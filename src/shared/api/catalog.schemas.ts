import { z } from 'zod';

/** A product as the API shows it (spec §3: field names kept from the original API). */
export const Tool = z
  .object({
    _id: z.string(),
    name: z.string(),
    img: z.string(),
    dis: z.string(),
    min_order: z.number().int(),
    available: z.number().int(),
    price: z.number(),
  })
  .meta({ id: 'Tool' });
export type Tool = z.infer<typeof Tool>;

export const ToolList = z.array(Tool);

export const ToolIdParams = z.object({
  id: z.uuid({ error: 'Malformed product id' }),
});
