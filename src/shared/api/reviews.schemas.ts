import { z } from 'zod';
import { messages } from '../messages';
import { pictureUrl, text } from './text';

export const Review = z
  .object({
    _id: z.string(),
    name: z.string(),
    img: z.string(),
    customer_review: z.string(),
    rating: z.number().int(),
    /**
     * Set by the server when the reviewer's account has a paid order (DESIGN §9): the band of units
     * they bought (shared/domain/buyer-band). No request can set it.
     */
    verifiedBuyer: z.object({ unitsBand: z.string() }).nullable(),
  })
  .meta({ id: 'Review' });
export type Review = z.infer<typeof Review>;

export const ReviewList = z.array(Review);

/** The most reviews GET /review sends when asked for a number of them. */
export const REVIEWS_MAX_LIMIT = 100;

/**
 * GET /review's query: `limit` keeps that many of the first reviews (the home grid asks for 6);
 * without it, every review comes, as in spec §7.
 */
export const ReviewsQuery = z.object({
  limit: z.coerce
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'at least 1' })
    .max(REVIEWS_MAX_LIMIT, { error: `at most ${REVIEWS_MAX_LIMIT}` })
    .optional(),
});

export const ReviewIdParams = z.object({ id: z.uuid({ error: 'Malformed review id' }) });

/** POST /addreview (spec §7; DESIGN §4: rating 1..5, picture an https:// address). */
export const AddReviewBody = z.strictObject({
  name: text({ required: messages.fillAllFields, max: 80 }),
  img: pictureUrl({ required: messages.fillAllFields }),
  customer_review: text({ required: messages.fillAllFields, max: 2000, multiline: true }),
  rating: z
    .number({ error: messages.fillAllFields })
    .int({ error: 'The rating must be a whole number from 1 to 5' })
    .min(1, { error: 'The rating must be a whole number from 1 to 5' })
    .max(5, { error: 'The rating must be a whole number from 1 to 5' }),
});
export type AddReviewBody = z.infer<typeof AddReviewBody>;
