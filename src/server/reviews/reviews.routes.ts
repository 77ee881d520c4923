import etag from '@fastify/etag';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '../../shared/api/errors';
import { InsertResult } from '../../shared/api/common.schemas';
import {
  AddReviewBody,
  REVIEWS_MAX_LIMIT,
  ReviewIdParams,
  ReviewList,
  ReviewsQuery,
} from '../../shared/api/reviews.schemas';
import { type AuthGuards, signedInUser } from '../identity/request-user';
import { createCatalogCache, sendCached } from '../catalog/catalog-cache';
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
  /**
   * How long an answer of GET /review is reused. A review added or deleted here drops them at once;
   * the age bounds how late another instance's review, or a new verified-buyer label, shows.
   */
  cacheMs: number;
}

export const reviewsRoutes: FastifyPluginAsyncZod<ReviewsRoutesOptions> = async (
  app,
  { db, guards, cacheMs },
) => {
  // The home page reads the reviews on every visit, and each review's label sums its author's orders:
  // the answers are kept as bytes like the catalog's, so a visit costs no SQL.
  // Reviews are a small part of a page: their answers keep to 8 MB in all.
  const answers = createCatalogCache({
    maxAgeMs: cacheMs,
    maxEntries: REVIEWS_MAX_LIMIT + 1,
    maxBytes: 8 * 1024 * 1024,
  });

  app.post(
    '/addreview',
    {
      onRequest: guards.requireUser,
      config: { rateLimit: limit('add-review') },
      schema: {
        tags: ['reviews'],
        summary: 'Add a review (spec §7 POST /addreview); rating 1..5, picture an https URL, one a day',
        body: AddReviewBody,
        response: { 201: InsertResult, 400: ErrorBody, 401: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const { id } = await addReview(db, signedInUser(request), request.body);
      answers.invalidate();
      return reply.status(201).send({ acknowledged: true, insertedId: id });
    },
  );

  const reviewReads: FastifyPluginAsyncZod = async (reads) => {
    // Browsers revalidate the reviews on every visit and get a 304 while nothing changed.
    await reads.register(etag);
    reads.get(
      '/review',
      {
        schema: {
          tags: ['reviews'],
          summary:
            'Customer reviews, verified buyers first, then newest first (spec §7 GET /review); ' +
            '`limit` sends only the first ones (the home grid asks for 6)',
          querystring: ReviewsQuery,
          response: { 200: ReviewList, 400: ErrorBody },
        },
      },
      async (request, reply) => {
        const { limit } = request.query;
        const answer = await answers.answer(`limit:${limit ?? 'all'}`, async () => ({
          value: (await listReviews(db, limit)).map(toReview),
          tools: [],
        }));
        return sendCached(request, reply.header('cache-control', 'no-cache'), answer);
      },
    );
  };
  await app.register(reviewReads);

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
    async (request) => {
      const removed = await removeReview(db, signedInUser(request), request.params.id);
      answers.invalidate();
      return removed;
    },
  );
};
