import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '../../shared/api/errors';
import { InsertResult } from '../../shared/api/common.schemas';
import { AddReviewBody, ReviewList } from '../../shared/api/reviews.schemas';
import { type AuthGuards, signedInUser } from '../auth/session';
import type { Database } from '../db/database';
import { insertReview, listReviews, toReview } from './reviews.repository';

export interface ReviewsRoutesOptions {
  db: Database;
  guards: AuthGuards;
}

export const reviewsRoutes: FastifyPluginAsyncZod<ReviewsRoutesOptions> = async (app, { db, guards }) => {
  app.post(
    '/addreview',
    {
      onRequest: guards.requireUser,
      schema: {
        tags: ['reviews'],
        summary: 'Add a review (spec §7 POST /addreview); rating 1..5, picture an http(s) URL',
        body: AddReviewBody,
        response: { 201: InsertResult, 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (request, reply) => {
      const { id } = await insertReview(db, signedInUser(request).id, request.body);
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
};
