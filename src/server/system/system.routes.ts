import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Health, PublicConfig } from '../../shared/api/config.schemas';
import type { AppConfig } from '../config/env';
import type { Database } from '../db/database';

export const systemRoutes: FastifyPluginAsyncZod<{ config: AppConfig; db: Database }> = async (
  app,
  { config, db },
) => {
  const publicConfig: PublicConfig = {
    payment: config.stripe
      ? { provider: 'stripe', publishableKey: config.stripe.publishableKey }
      : { provider: 'test', publishableKey: null },
    googleSignIn: config.google !== null,
    orderMinUnits: config.orderMinUnits,
  };

  app.get(
    '/config',
    { schema: { tags: ['system'], summary: 'How this shop is configured', response: { 200: PublicConfig } } },
    async () => publicConfig,
  );

  app.get(
    '/healthz',
    {
      schema: { tags: ['system'], summary: 'Liveness and database check', response: { 200: Health } },
    },
    async (_request, reply) => {
      await db.execute(sql`select 1`);
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const, database: 'ok' as const };
    },
  );
};
