import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ReviewList } from '../../shared/api/reviews.schemas';
import type { ReviewsRepository } from './reviews.repository';

export const reviewsRoutes: FastifyPluginAsyncZod<{ reviews: ReviewsRepository }> = async (
  app,
  { reviews },
) => {
  app.get(
    '/review',
    {
      schema: {
        tags: ['reviews'],
        summary: 'Customer reviews for the home grid (spec §7 GET /review)',
        response: { 200: ReviewList },
      },
    },
    async () => reviews.listReviews(),
  );
};
