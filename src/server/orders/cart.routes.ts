import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  Cart,
  CartLineParams,
  CheckoutBody,
  CheckoutResult,
  MergeCartBody,
  OrderAgainBody,
  OrderAgainResult,
  PlaceQuery,
  QuickAddBody,
  QuickAddResult,
  SetCartLineBody,
} from '../../shared/api/cart.schemas';
import { errorResponses } from '../../shared/api/errors';
import { type AuthGuards, signedInUser } from '../identity/request-user';
import type { CatalogCache } from '../catalog/catalog-cache';
import type { Database } from '../db/database';
import { limit } from '../http/rate-limit';
import type { MailContext } from '../mail/mail-layout';
import { emptyCart, mergeCart, readCart, removeCartLine, setCartLine } from './cart';
import { checkout } from './checkout';
import { orderAgain } from './order-again';
import { quickAdd } from './quick-order';
import { MAX_QUICK_ORDER_BYTES } from '../../shared/domain/quick-order';
import { toOrder } from './order-view';

export interface CartRoutesOptions {
  db: Database;
  catalogCache: CatalogCache;
  guards: AuthGuards;
  holdHours: number;
  minUnits: number;
  maxUnpaid: number;
  mail: MailContext;
}

const errors = errorResponses(400, 401, 403, 404, 409);

/** The signed-in buyer's cart and its checkout. Every answer is the cart as it is now. */
export const cartRoutes: FastifyPluginAsyncZod<CartRoutesOptions> = async (app, options) => {
  const { db, guards, minUnits } = options;
  const cartOf = (user: ReturnType<typeof signedInUser>) => readCart(db, user, minUnits);

  app.get(
    '/cart',
    {
      onRequest: guards.requireUser,
      config: { keyScope: 'orders:write', punchout: true },
      schema: {
        tags: ['cart'],
        summary:
          'Your cart: each line priced for you now, with what stands in its way, and the total; given a destination, its freight, tax by rate and total there',
        querystring: PlaceQuery,
        response: { 200: Cart, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { country, region, notForResale } = request.query;
      const user = signedInUser(request);
      if (!country) return cartOf(user);
      return readCart(db, user, minUnits, {
        place: { country, region: region ?? null },
        seller: options.mail.shop,
        notForResale,
      });
    },
  );

  app.put(
    '/cart/lines/:toolId',
    {
      onRequest: guards.requireUser,
      config: { keyScope: 'orders:write', punchout: true, rateLimit: limit('cart') },
      schema: {
        tags: ['cart'],
        summary: 'Set a line’s quantity, adding the product when the cart has none of it (200 lines at most)',
        params: CartLineParams,
        body: SetCartLineBody,
        response: { 200: Cart, ...errors },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      await setCartLine(db, user, request.params.toolId, request.body.quantity, minUnits);
      return cartOf(user);
    },
  );

  app.delete(
    '/cart/lines/:toolId',
    {
      onRequest: guards.requireUser,
      config: { keyScope: 'orders:write', punchout: true, rateLimit: limit('cart') },
      schema: {
        tags: ['cart'],
        summary: 'Remove a line from your cart',
        params: CartLineParams,
        response: { 200: Cart, ...errors },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      await removeCartLine(db, user.id, request.params.toolId);
      return cartOf(user);
    },
  );

  app.delete(
    '/cart',
    {
      onRequest: guards.requireUser,
      config: { keyScope: 'orders:write', punchout: true, rateLimit: limit('cart') },
      schema: { tags: ['cart'], summary: 'Empty your cart', response: { 200: Cart, ...errors } },
    },
    async (request) => {
      const user = signedInUser(request);
      await emptyCart(db, user.id);
      return cartOf(user);
    },
  );

  app.post(
    '/cart/merge',
    {
      onRequest: guards.requireUser,
      config: { rateLimit: limit('cart') },
      schema: {
        tags: ['cart'],
        summary:
          'Merge the cart kept in the browser before sign-in: a product in both keeps the larger quantity',
        body: MergeCartBody,
        response: { 200: Cart, ...errors },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      await mergeCart(db, user, request.body.lines, minUnits);
      return cartOf(user);
    },
  );

  app.post(
    '/cart/quick-add',
    {
      onRequest: guards.requireUser,
      // The text itself may be 1 MB; JSON quotes and escapes add a little.
      bodyLimit: 2 * MAX_QUICK_ORDER_BYTES,
      config: { keyScope: 'orders:write', punchout: true, rateLimit: limit('cart') },
      schema: {
        tags: ['cart'],
        summary:
          'Quick order: "SKU quantity" rows (tab, comma, semicolon or spaces; up to 500) judged row by row, and unless dryRun added to your cart',
        body: QuickAddBody,
        response: { 200: QuickAddResult, ...errors },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const { rows, added } = await quickAdd(db, user, request.body.text, {
        dryRun: request.body.dryRun,
        floor: minUnits,
      });
      return { rows, added, cart: await cartOf(user) };
    },
  );

  app.post(
    '/cart/order-again',
    {
      onRequest: guards.requireUser,
      config: { keyScope: 'orders:write', rateLimit: limit('cart') },
      schema: {
        tags: ['cart'],
        summary:
          'Order again: every line of one of your orders back into the cart, kept to today’s smallest order and stock, with a note for each line that changed',
        body: OrderAgainBody,
        response: { 200: OrderAgainResult, ...errors },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const { notes, added } = await orderAgain(db, user, request.body.orderId, minUnits);
      return { notes, added, cart: await cartOf(user) };
    },
  );

  app.post(
    '/cart/checkout',
    {
      onRequest: guards.requireUser,
      config: { keyScope: 'orders:write', rateLimit: limit('checkout') },
      schema: {
        tags: ['cart'],
        summary: 'Order the whole cart as one order: all lines reserved or none; the cart empties on success',
        body: CheckoutBody,
        response: { 201: CheckoutResult, ...errors },
      },
    },
    async (request, reply) => {
      const { paymentMethod, ...details } = request.body;
      const order = await checkout(options, signedInUser(request), details, paymentMethod);
      return reply.status(201).send({ acknowledged: true, insertedId: order.id, order: toOrder(order) });
    },
  );
};
