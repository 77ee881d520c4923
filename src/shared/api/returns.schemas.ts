import { z } from 'zod';
import { MAX_ORDER_LINES } from '../domain/order-lines';
import { RETURN_CONDITIONS, RETURN_STATUSES } from '../domain/returns';
import { text } from './text';

const units = (what: string) =>
  z
    .number({ error: `Please give the units ${what}` })
    .int({ error: 'Units are whole numbers' })
    .positive({ error: `At least 1 unit ${what}` });

const sku = text({ required: 'Please give the SKU of each line', max: 64 });

/** POST /api/purchase/{id}/returns: shipped units a buyer sends back, each line with its reason. */
export const ReturnBody = z.strictObject({
  lines: z
    .array(
      z.strictObject({
        sku,
        quantity: units('to return'),
        reason: text({ required: 'Please say why each line comes back', max: 300 }),
      }),
    )
    .min(1, { error: 'Name at least one line to return' })
    .max(MAX_ORDER_LINES, { error: `A return has at most ${MAX_ORDER_LINES} lines` }),
  note: text({ max: 1000, multiline: true }).optional(),
});
export type ReturnBody = z.input<typeof ReturnBody>;

/** A return (RMA) as the API answers it. */
export const Return = z
  .object({
    _id: z.string(),
    /** RMA-000001: its own gapless series. */
    number: z.string(),
    orderId: z.string(),
    orderNumber: z.number().int(),
    status: z.enum(RETURN_STATUSES),
    lines: z.array(
      z.object({
        line: z.number().int(),
        sku: z.string().nullable(),
        name: z.string(),
        quantity: z.number().int(),
        reason: z.string(),
        /** Once received: how many came back resellable (back in stock) and damaged. */
        resellable: z.number().int(),
        damaged: z.number().int(),
      }),
    ),
    note: z.string().nullable(),
    requestedBy: z.string(),
    requestedAt: z.string(),
    decidedAt: z.string().nullable(),
    /** How to send the units back, once approved. */
    instructions: z.string().nullable(),
    rejectionReason: z.string().nullable(),
    receivedAt: z.string().nullable(),
    refundedAt: z.string().nullable(),
    /** The credit note of its refund (CN-…), and what it credited. */
    creditNote: z.object({ number: z.string(), amount: z.number() }).nullable(),
  })
  .meta({ id: 'Return' });
export type Return = z.infer<typeof Return>;

export const ReturnList = z.array(Return);

export const ReturnIdParams = z.object({ id: z.uuid({ error: 'Malformed return id' }) });

/** GET /api/admin/returns?status=: the shop's returns, newest first, of one status or all. */
export const AdminReturnsQuery = z.strictObject({ status: z.enum(RETURN_STATUSES).optional() });

/** POST /api/admin/returns/{id}/approve: how the buyer sends the units back. */
export const ApproveReturnBody = z.strictObject({
  instructions: text({
    required: 'Please say how the units come back (address, label, packing)',
    max: 1000,
    multiline: true,
  }),
});

/** POST /api/admin/returns/{id}/reject: why the return is refused, for the buyer. */
export const RejectReturnBody = z.strictObject({
  reason: text({
    required: 'Please say why the return is refused, for the buyer',
    max: 500,
    multiline: true,
  }),
});

/** POST /api/admin/returns/{id}/receive: what arrived of each line, and in what condition. */
export const ReceiveReturnBody = z.strictObject({
  lines: z
    .array(
      z.strictObject({
        sku,
        quantity: units('received'),
        condition: z.enum(RETURN_CONDITIONS, { error: 'A unit arrives resellable or damaged' }),
      }),
    )
    .min(1, { error: 'Say what arrived' })
    .max(MAX_ORDER_LINES * 2, { error: 'Too many lines' }),
});
export type ReceiveReturnBody = z.input<typeof ReceiveReturnBody>;

/** POST /api/admin/returns/{id}/refund: an optional restocking fee, a percent of what is credited. */
export const RefundReturnBody = z.strictObject({
  restockingFeePercent: z
    .number({ error: 'The restocking fee is a percent' })
    .min(0, { error: 'The restocking fee cannot be negative' })
    .max(50, { error: 'The restocking fee is at most 50 %' })
    .optional(),
});
