import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../shared/api/errors';
import { InsertResult } from '../../shared/api/common.schemas';
import {
  Order,
  OrderIdParams,
  OrderList,
  OrdersQuery,
  PlaceOrderBody,
} from '../../shared/api/orders.schemas';
import { DeleteResult } from '../../shared/api/common.schemas';
import { type AuthGuards, signedInUser } from '../auth/session';
import type { CatalogCache } from '../catalog/catalog-cache';
import type { Database } from '../db/database';
import { cancelOrder } from './cancel-order';
import type { OrdersRepository } from './orders.repository';
import { placeOrder } from './place-order';
import { getOrder, listOrders } from './read-orders';

export interface OrdersRoutesOptions {
  db: Database;
  orders: OrdersRepository;
  catalogCache: CatalogCache;
  guards: AuthGuards;
  holdHours: number;
}

const errors = errorResponses(400, 401, 403, 404, 409);

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
    async (request) => listOrders(orders, signedInUser(request), request.query.email),
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
    async (request) => getOrder(orders, signedInUser(request), request.params.id),
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
