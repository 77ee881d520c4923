import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { limit } from '../http/rate-limit';
import { ErrorBody } from '../../shared/api/errors';
import { SubscribeBody } from '../../shared/api/newsletter.schemas';
import { InsertResult } from '../../shared/api/common.schemas';
import type { Database } from '../db/database';
import { subscribe } from './newsletter.repository';

export const newsletterRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.post(
    '/subscribe',
    {
      config: { rateLimit: limit('subscribe') },
      schema: {
        tags: ['newsletter'],
        summary: 'Subscribe an email address to the newsletter (footer form); idempotent',
        body: SubscribeBody,
        response: { 200: InsertResult, 400: ErrorBody },
      },
    },
    async (request) => {
      const { id } = await subscribe(db, request.body.email);
      return { acknowledged: true as const, insertedId: id };
    },
  );
};
