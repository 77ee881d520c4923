import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '../../shared/api/errors';
import { InsertResult } from '../../shared/api/common.schemas';
import { AddReviewBody, ReviewIdParams, ReviewList } from '../../shared/api/reviews.schemas';
import { type AuthGuards, signedInUser } from '../auth/session';
import type { Database } from '../db/database';
import { DeleteResult } from '../../shared/api/common.schemas';
import { errorResponses } from '../../shared/api/errors';
import { limit } from '../http/rate-limit';
import { addReview } from './add-review';
import { listReviews, toReview } from './reviews.repository';
import { removeReview } from './remove-review';

export interface ReviewsRoutesOptions {
  db: Database;
  guards: AuthGuards;
}

export const reviewsRoutes: FastifyPluginAsyncZod<ReviewsRoutesOptions> = async (app, { db, guards }) => {
  app.post(
    '/addreview',
    {
      onRequest: guards.requireUser,
      config: { rateLimit: limit('add-review', 5, 10, 'address') },
      schema: {
        tags: ['reviews'],
        summary: 'Add a review (spec §7 POST /addreview); rating 1..5, picture an https URL, one a day',
        body: AddReviewBody,
        response: { 201: InsertResult, 400: ErrorBody, 401: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const { id } = await addReview(db, signedInUser(request), request.body);
      return reply.status(201).send({ acknowledged: true, insertedId: id });
    },
  );

  app.get(
    '/review',
    {
      schema: {
        tags: ['reviews'],
        summary: 'Customer reviews for the home grid (spec §7 GET /review)',
        response: { 200: ReviewList },
      },
    },
    async () => (await listReviews(db)).map(toReview),
  );

  app.delete(
    '/reviews/:id',
    {
      onRequest: guards.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Delete a review (admin; Dashboard → Manage Reviews)',
        params: ReviewIdParams,
        response: { 200: DeleteResult, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => removeReview(db, signedInUser(request), request.params.id),
  );
};
