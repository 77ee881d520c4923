import { z } from 'zod';
import { text } from './text';
import { messages } from '../messages';

/**
 * POST /create-payment-intent (DESIGN §3: takes orderId; the amount comes from the order). The spec's
 * `amount` (spec §7) is accepted for compatibility and never used, as POST /purchase does with its own.
 */
export const CreateIntentBody = z.strictObject({
  orderId: z.uuid({ error: 'Malformed order id' }),
  amount: z.number().optional(),
});
export type CreateIntentBody = z.infer<typeof CreateIntentBody>;
export const CreateIntentResult = z.object({ clientSecret: z.string() });
export type CreateIntentResult = z.infer<typeof CreateIntentResult>;

/** PATCH /purchase/{id} (spec §7): the payment the server is to verify with the provider. */
export const ConfirmPaymentBody = z.strictObject({
  payment: z.strictObject({
    transactionId: text({ required: 'The payment has no transaction id', max: 255 }),
  }),
});
export type ConfirmPaymentBody = z.infer<typeof ConfirmPaymentBody>;

/** The test provider's card form (DESIGN §4): what Stripe.js would send to Stripe. */
export const TestCardBody = z.strictObject({
  clientSecret: text({ required: 'The payment has no client secret', max: 255 }),
  number: z.string().regex(/^[\d\s-]{12,23}$/, { error: messages.cardNumberInvalid }),
  expMonth: z
    .number()
    .int()
    .min(1, { error: "Your card's expiration month is invalid." })
    .max(12, { error: "Your card's expiration month is invalid." }),
  expYear: z.number().int().min(0).max(2100),
  cvc: z.string().regex(/^\d{3,4}$/, { error: "Your card's security code is invalid." }),
});
export type TestCardBody = z.infer<typeof TestCardBody>;

export const TestCardResult = z.object({ status: z.literal('succeeded'), transactionId: z.string() });
export type TestCardResult = z.infer<typeof TestCardResult>;
