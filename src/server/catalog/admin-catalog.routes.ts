import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ToolIdParams } from '../../shared/api/catalog.schemas';
import { errorResponses } from '../../shared/api/errors';
import { DeleteResult, InsertResult, UpdateResult } from '../../shared/api/common.schemas';
import { AddProductBody, UpdateProductBody } from '../../shared/api/products.schemas';
import type { AuthGuards } from '../auth/session';
import type { Database } from '../db/database';
import type { CatalogCache } from './catalog-cache';
import { addProduct, editProduct, removeProduct } from './manage-products';

const errors = errorResponses(400, 401, 403, 404, 409);

/** The admin's catalog calls (spec §7 POST /addproduct, DELETE /tools/{id}; PATCH /tools/{id} added). */
export const adminCatalogRoutes: FastifyPluginAsyncZod<{
  db: Database;
  catalogCache: CatalogCache;
  guards: AuthGuards;
  minUnits: number;
}> = async (app, { db, catalogCache, guards, minUnits }) => {
  const deps = { db, catalogCache, minUnits };
  app.addHook('onRequest', guards.requireAdmin);

  app.post(
    '/addproduct',
    {
      schema: {
        tags: ['admin'],
        summary: 'Add a product (spec §7 POST /addproduct; admin)',
        body: AddProductBody,
        response: { 201: InsertResult, ...errors },
      },
    },
    async (request, reply) => {
      const { id } = await addProduct(deps, request.body);
      return reply.status(201).send({ acknowledged: true, insertedId: id });
    },
  );

  app.patch(
    '/tools/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Edit a product; stock moves by availableChange (admin)',
        params: ToolIdParams,
        body: UpdateProductBody,
        response: { 200: UpdateResult, ...errors },
      },
    },
    async (request) => editProduct(deps, request.params.id, request.body),
  );

  app.delete(
    '/tools/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Delete a product; its orders keep their details (spec §7 DELETE /tools/{id}; admin)',
        params: ToolIdParams,
        response: { 200: DeleteResult, ...errors },
      },
    },
    async (request) => removeProduct(deps, request.params.id),
  );
};
