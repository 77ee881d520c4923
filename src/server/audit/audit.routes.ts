import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AuditPage, AuditQuery } from '../../shared/api/audit.schemas';
import { errorResponses } from '../../shared/api/errors';
import type { AuthGuards } from '../identity/request-user';
import type { Database } from '../db/database';
import { listAuditEntries, toAuditEntry } from './audit.repository';

/** The Audit Log page's call (DESIGN §9): who did what, when, to what, filtered; admins only. */
export const auditRoutes: FastifyPluginAsyncZod<{ db: Database; guards: AuthGuards }> = async (
  app,
  { db, guards },
) => {
  app.get(
    '/admin/audit',
    {
      onRequest: guards.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'The audit log of admin actions, newest first, by actor, action and days (admin)',
        querystring: AuditQuery,
        response: { 200: AuditPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const rows = await listAuditEntries(db, request.query);
      const last = rows.at(-1);
      return {
        entries: rows.map(toAuditEntry),
        nextBefore: rows.length === request.query.limit && last ? last.id : null,
      };
    },
  );
};
