import { z } from 'zod';

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
