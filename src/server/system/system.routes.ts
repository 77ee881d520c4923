import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Health, PublicConfig, Readiness } from '../../shared/api/config.schemas';
import type { AppConfig } from '../config/env';
import type { Database } from '../db/database';
import { NoAnswerInTime, within } from '../config/time-limits';
import { databaseFailureOf, isStorageFull, RETRY_AFTER_SECONDS } from '../db/unavailable';
import { mailHealth } from '../mail/outbox';
import { folderTakesWrites, type PictureStore } from '../uploads/picture-store';

/** How long /api/readyz waits for the database before it answers that it is down. */
export const READY_CHECK_MS = 2000;

export const systemRoutes: FastifyPluginAsyncZod<{
  config: AppConfig;
  db: Database;
  /** The folders the shop writes to besides the pictures': the embedded database's. */
  writableDirs: string[];
  pictures: PictureStore;
  /** DatabaseHandle's: whether the database, though slow to answer this check, is up (busy, not down). */
  stillAnswering: () => Promise<boolean>;
}> = async (app, { config, db, writableDirs, pictures, stillAnswering }) => {
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
      schema: {
        tags: ['system'],
        summary: 'Liveness: the process answers (the database is /api/readyz)',
        response: { 200: Health },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const };
    },
  );

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['system'],
        summary: `Readiness: the database answers within ${READY_CHECK_MS} ms, or is busy answering others; the mail outbox's state`,
        response: { 200: Readiness, 503: Readiness },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        const [, mail, storage] = await within(
          READY_CHECK_MS,
          Promise.all([
            db.execute(sql`select 1`),
            mailHealth(db),
            Promise.all([...writableDirs.map(folderTakesWrites), pictures.ready()]).then((all) =>
              all.every(Boolean),
            ),
          ]),
        );
        if (!storage) {
          request.log.warn(
            { dirs: writableDirs, pictures: pictures.where },
            'readiness check: the shop cannot write its data or its pictures',
          );
          reply.header('retry-after', String(RETRY_AFTER_SECONDS));
          return await reply.status(503).send({
            status: 'unavailable' as const,
            database: 'ok' as const,
            storage: 'unwritable' as const,
            mail,
          });
        }
        return { status: 'ready' as const, database: 'ok' as const, storage: 'ok' as const, mail };
      } catch (error) {
        reply.header('retry-after', String(RETRY_AFTER_SECONDS));
        if (isStorageFull(error)) {
          // The embedded database refuses queries while its folder takes no write (db/pglite-guard.ts).
          request.log.warn({ err: error }, 'readiness check: the database folder takes no write');
          return reply.status(503).send({
            status: 'unavailable' as const,
            database: 'down' as const,
            storage: 'unwritable' as const,
          });
        }
        // The check waited its turn behind other work the database kept answering (every pooled
        // connection in use; the embedded database's one thread on a starved CPU): busy, still ready.
        // A load balancer that took the only instance out of rotation would help nobody.
        const busy =
          (error instanceof NoAnswerInTime && (await stillAnswering())) ||
          (await databaseFailureOf(error, stillAnswering)) === 'busy';
        if (busy) {
          request.log.warn({ err: error }, 'readiness check: the database is busy');
          reply.removeHeader('retry-after');
          return { status: 'ready' as const, database: 'busy' as const };
        }
        request.log.warn({ err: error }, 'readiness check: the database does not answer');
        return reply.status(503).send({ status: 'unavailable' as const, database: 'down' as const });
      }
    },
  );
};
