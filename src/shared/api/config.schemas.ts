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

/** GET /api/healthz: the process is alive (it does not look at the database). */
export const Health = z.object({ status: z.literal('ok') });

/** GET /api/readyz: whether this instance can serve, for a load balancer; 503 when it cannot. */
export const Readiness = z.object({
  status: z.enum(['ready', 'unavailable']),
  /** 'busy': the check waited its turn while the database kept answering others (still ready). */
  database: z.enum(['ok', 'busy', 'down']),
  /** Whether the shop can write its files (the embedded database's folder, uploads): full or read-only is 'unwritable'. */
  storage: z.enum(['ok', 'unwritable']).optional(),
  /** The mail outbox, when the database answered: how many wait, how many gave up (details: the log). */
  mail: z.object({ pending: z.number().int(), failed: z.number().int() }).optional(),
});
