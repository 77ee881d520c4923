import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OrderAgainResult } from '../../shared/api/cart.schemas';
import { DeleteResult, UpdateResult } from '../../shared/api/common.schemas';
import { Inserted } from '../../shared/api/companies.schemas';
import { errorResponses } from '../../shared/api/errors';
import {
  AddToListBody,
  AddToListResult,
  ListLineParams,
  ListNameBody,
  ListParams,
  SavedList,
  SavedListSummaries,
  SetListLineBody,
} from '../../shared/api/lists.schemas';
import { type AuthGuards, signedInUser } from '../identity/request-user';
import type { Database } from '../db/database';
import { limit } from '../http/rate-limit';
import { readCart } from '../orders/cart';
import {
  addToList,
  createList,
  deleteList,
  listLists,
  listToCart,
  readList,
  removeListLine,
  renameList,
  setListLine,
} from './saved-lists';

export interface ListsRoutesOptions {
  db: Database;
  guards: AuthGuards;
  /** The shop-wide smallest order: lines are priced and checked as the cart does. */
  minUnits: number;
}

const errors = errorResponses(400, 401, 403, 404, 409);

/** Saved lists: the products a buyer orders again and again, shared in their company. */
export const listsRoutes: FastifyPluginAsyncZod<ListsRoutesOptions> = async (
  app,
  { db, guards, minUnits },
) => {
  const writes = { onRequest: guards.requireUser, config: { rateLimit: limit('lists') } };

  app.get(
    '/lists',
    {
      onRequest: guards.requireUser,
      schema: {
        tags: ['lists'],
        summary: 'Your saved lists and your company’s, most recently changed first',
        response: { 200: SavedListSummaries, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listLists(db, signedInUser(request));
    },
  );

  app.post(
    '/lists',
    {
      ...writes,
      schema: {
        tags: ['lists'],
        summary: 'Make an empty list; a colleague’s belongs to their company (buyers and admins)',
        body: ListNameBody,
        response: { 201: Inserted, ...errors },
      },
    },
    async (request, reply) => {
      const insertedId = await createList(db, signedInUser(request), request.body.name);
      return reply.status(201).send({ acknowledged: true, insertedId });
    },
  );

  app.get(
    '/lists/:id',
    {
      onRequest: guards.requireUser,
      schema: {
        tags: ['lists'],
        summary: 'A list, each line priced for you today, with what keeps it from the cart',
        params: ListParams,
        response: { 200: SavedList, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return readList(db, signedInUser(request), request.params.id, minUnits);
    },
  );

  app.patch(
    '/lists/:id',
    {
      ...writes,
      schema: {
        tags: ['lists'],
        summary: 'Rename a list',
        params: ListParams,
        body: ListNameBody,
        response: { 200: UpdateResult, ...errors },
      },
    },
    async (request) => {
      await renameList(db, signedInUser(request), request.params.id, request.body.name);
      return { modifiedCount: 1 };
    },
  );

  app.delete(
    '/lists/:id',
    {
      ...writes,
      schema: {
        tags: ['lists'],
        summary: 'Delete a list',
        params: ListParams,
        response: { 200: DeleteResult, ...errors },
      },
    },
    async (request) => {
      await deleteList(db, signedInUser(request), request.params.id);
      return { deletedCount: 1 };
    },
  );

  app.post(
    '/lists/:id/lines',
    {
      ...writes,
      schema: {
        tags: ['lists'],
        summary:
          'Add to a list: one product, every line of your cart, every line of one of your orders, or a CSV’s rows (SKU, quantity); a product on the list already gets the quantity added',
        params: ListParams,
        body: AddToListBody,
        response: { 200: AddToListResult, ...errors },
      },
    },
    async (request) => addToList(db, signedInUser(request), request.params.id, request.body, minUnits),
  );

  app.put(
    '/lists/:id/lines/:toolId',
    {
      ...writes,
      schema: {
        tags: ['lists'],
        summary: 'Set a line’s quantity (adds the product when the list has none)',
        params: ListLineParams,
        body: SetListLineBody,
        response: { 200: SavedList, ...errors },
      },
    },
    async (request) =>
      setListLine(
        db,
        signedInUser(request),
        request.params.id,
        request.params.toolId,
        request.body.quantity,
        minUnits,
      ),
  );

  app.delete(
    '/lists/:id/lines/:toolId',
    {
      ...writes,
      schema: {
        tags: ['lists'],
        summary: 'Remove a product from a list',
        params: ListLineParams,
        response: { 200: SavedList, ...errors },
      },
    },
    async (request) =>
      removeListLine(db, signedInUser(request), request.params.id, request.params.toolId, minUnits),
  );

  app.post(
    '/lists/:id/cart',
    {
      ...writes,
      schema: {
        tags: ['lists', 'cart'],
        summary:
          'Add all to cart: every line, re-checked against today’s price, stock and smallest order, with a note for each line left out or changed; the list stays',
        params: ListParams,
        response: { 200: OrderAgainResult, ...errors },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const { notes, added } = await listToCart(db, user, request.params.id, minUnits);
      return { notes, added, cart: await readCart(db, user, minUnits) };
    },
  );
};
