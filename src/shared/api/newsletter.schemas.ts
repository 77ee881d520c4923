import { z } from 'zod';
import { messages } from '../messages';

export const SubscribeBody = z.strictObject({
  email: z
    .email({ error: messages.invalidEmail })
    .max(254, { error: messages.invalidEmail })
    .transform((email) => email.toLowerCase()),
});
export type SubscribeBody = z.input<typeof SubscribeBody>;
