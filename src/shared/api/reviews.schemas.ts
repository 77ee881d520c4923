import { z } from 'zod';
import { messages } from '../messages';

export const Review = z
  .object({
    _id: z.string(),
    name: z.string(),
    img: z.string(),
    customer_review: z.string(),
    rating: z.number().int(),
  })
  .meta({ id: 'Review' });
export type Review = z.infer<typeof Review>;

export const ReviewList = z.array(Review);

const filled = z.string().trim().min(1, { error: messages.fillAllFields });

/** POST /addreview (spec §7; DESIGN §4: rating 1..5, picture URL http(s)). */
export const AddReviewBody = z.strictObject({
  name: filled.max(80),
  img: filled.pipe(z.url({ protocol: /^https?$/, error: 'The picture must be an http(s) web address' })),
  customer_review: filled.max(2000),
  rating: z
    .number({ error: messages.fillAllFields })
    .int({ error: 'The rating must be a whole number from 1 to 5' })
    .min(1, { error: 'The rating must be a whole number from 1 to 5' })
    .max(5, { error: 'The rating must be a whole number from 1 to 5' }),
});
export type AddReviewBody = z.infer<typeof AddReviewBody>;
