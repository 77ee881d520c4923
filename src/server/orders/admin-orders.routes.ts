import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminOrderPage,
  AdminOrdersQuery,
  ChangeOrderStatusBody,
} from '../../shared/api/admin-orders.schemas';
import { UpdateResult } from '../../shared/api/common.schemas';
import { errorResponses } from '../../shared/api/errors';
import { OrderIdParams } from '../../shared/api/orders.schemas';
import type { AuthGuards } from '../auth/session';
import type { Database } from '../db/database';
import type { MailContext } from '../mail/mail-layout';
import { listOrdersPage, toOrder } from './orders.repository';
import { shipOrder } from './ship-order';

const errors = errorResponses(400, 401, 403, 404, 409);

/** Manage All Orders (DESIGN §5.7): every order with its state; paid orders can be marked shipped. */
export const adminOrdersRoutes: FastifyPluginAsyncZod<{
  db: Database;
  guards: AuthGuards;
  mail: MailContext;
}> = async (app, { db, guards, mail }) => {
  app.addHook('onRequest', guards.requireAdmin);

  app.get(
    '/admin/orders',
    {
      schema: {
        tags: ['admin'],
        summary: 'All orders, newest first, filtered by state, paginated (admin)',
        querystring: AdminOrdersQuery,
        response: { 200: AdminOrderPage, ...errors },
      },
    },
    async (request) => {
      const { rows, total } = await listOrdersPage(db, request.query);
      return { orders: rows.map(toOrder), total, page: request.query.page, pageSize: request.query.pageSize };
    },
  );

  app.patch(
    '/admin/orders/:id/status',
    {
      schema: {
        tags: ['admin'],
        summary: 'Mark a paid order shipped (admin); any other change is refused',
        params: OrderIdParams,
        body: ChangeOrderStatusBody,
        response: { 200: UpdateResult, ...errors },
      },
    },
    async (request) => shipOrder({ db, mail }, request.params.id),
  );
};
