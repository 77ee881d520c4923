import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '../../shared/api/errors';
import { InsertResult } from '../../shared/api/newsletter.schemas';
import {
  Order,
  OrderIdParams,
  OrderList,
  OrdersQuery,
  PlaceOrderBody,
} from '../../shared/api/orders.schemas';
import { DeleteResult } from '../../shared/api/users.schemas';
import { type AuthGuards, signedInUser } from '../auth/session';
import type { CatalogCache } from '../catalog/catalog-cache';
import type { Database } from '../db/database';
import { DomainError } from '../http/domain-error';
import { cancelOrder } from './cancel-order';
import { toOrder, type OrdersRepository } from './orders.repository';
import { placeOrder } from './place-order';

export interface OrdersRoutesOptions {
  db: Database;
  orders: OrdersRepository;
  catalogCache: CatalogCache;
  guards: AuthGuards;
  holdHours: number;
}

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

export const ordersRoutes: FastifyPluginAsyncZod<OrdersRoutesOptions> = async (app, options) => {
  const { db, orders, catalogCache, guards, holdHours } = options;

  app.post(
    '/purchase',
    {
      onRequest: guards.requireUser,
      schema: {
        tags: ['orders'],
        summary: 'Place an order; the server prices it and reserves the stock (spec §7 POST /purchase)',
        body: PlaceOrderBody,
        response: { 201: InsertResult, ...errors },
      },
    },
    async (request, reply) => {
      const { id } = await placeOrder({ db, catalogCache, holdHours }, signedInUser(request), request.body);
      return reply.status(201).send({ acknowledged: true, insertedId: id });
    },
  );

  app.get(
    '/purchase',
    {
      onRequest: guards.requireUser,
      schema: {
        tags: ['orders'],
        summary: "The caller's orders (spec §7 GET /purchase?email=); admins may ask for anyone's",
        querystring: OrdersQuery,
        response: { 200: OrderList, ...errors },
      },
    },
    async (request) => {
      const caller = signedInUser(request);
      const email = request.query.email.toLowerCase();
      if (email === caller.email.toLowerCase()) return (await orders.listForUser(caller.id)).map(toOrder);
      if (caller.role !== 'admin') throw new DomainError('FORBIDDEN', 'You can only list your own orders');
      return (await orders.listByEmail(email)).map(toOrder);
    },
  );

  app.get(
    '/purchase/:id',
    {
      onRequest: guards.requireUser,
      schema: {
        tags: ['orders'],
        summary: 'One order: your own, or any for admins (spec §7 GET /purchase/{id})',
        params: OrderIdParams,
        response: { 200: Order, ...errors },
      },
    },
    async (request) => {
      const caller = signedInUser(request);
      const row = await orders.findById(request.params.id);
      // Someone else's order does not exist as far as a customer can tell.
      if (!row || (row.userId !== caller.id && caller.role !== 'admin')) {
        throw new DomainError('NOT_FOUND', 'There is no such order');
      }
      return toOrder(row);
    },
  );

  app.delete(
    '/purchase/:id',
    {
      onRequest: guards.requireUser,
      schema: {
        tags: ['orders'],
        summary: 'Cancel your own unpaid order; its stock goes back on sale (spec §7 DELETE /purchase/{id})',
        params: OrderIdParams,
        response: { 200: DeleteResult, ...errors },
      },
    },
    async (request) => {
      await cancelOrder({ db, catalogCache }, signedInUser(request), request.params.id);
      return { deletedCount: 1 };
    },
  );
};
