import { z } from 'zod';

/** What the pages need to know about how this shop is configured (DESIGN §3: GET /api/config). */
export const PublicConfig = z.object({
  payment: z.object({
    provider: z.enum(['test', 'stripe']),
    publishableKey: z.string().nullable(),
  }),
  googleSignIn: z.boolean(),
  /** The shop-wide smallest order (ORDER_MIN_UNITS); the buy form's lower bound starts there. */
  orderMinUnits: z.number().int().positive(),
});
export type PublicConfig = z.infer<typeof PublicConfig>;

export const Health = z.object({ status: z.literal('ok'), database: z.literal('ok') });
