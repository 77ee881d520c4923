import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SalesDashboard } from '../../shared/api/dashboard.schemas';
import { errorResponses } from '../../shared/api/errors';
import type { AuthGuards } from '../identity/request-user';
import type { Database } from '../db/database';
import { salesDashboard } from './sales-dashboard';

/** The admin's dashboard landing (DESIGN §9). */
export const dashboardRoutes: FastifyPluginAsyncZod<{
  db: Database;
  guards: AuthGuards;
  minUnits: number;
}> = async (app, { db, guards, minUnits }) => {
  app.get(
    '/admin/dashboard',
    {
      onRequest: guards.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Revenue per day, orders by state, top products, low stock and holds ending (admin)',
        response: { 200: SalesDashboard, ...errorResponses(401, 403) },
      },
    },
    async () => salesDashboard({ db, minUnits }),
  );
};
