import { recordAudit } from '../audit/audit.repository';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AttributesChange,
  CategorySlugParams,
  PutAttributesBody,
  ToolIdParams,
} from '../../shared/api/catalog.schemas';
import { putCategoryAttributes } from './category-attributes';
import {
  AddFamilyBody,
  EditFamilyBody,
  FamilyCreated,
  FamilyIdParams,
  FamilyVariantParams,
  FamilyVariantRef,
  VariantInput,
} from '../../shared/api/families.schemas';
import { addFamily, addVariant, editFamily, retireVariant } from './families';
import { errorResponses } from '../../shared/api/errors';
import { DeleteResult, InsertResult, UpdateResult } from '../../shared/api/common.schemas';
import {
  AddProductBody,
  ImportQuery,
  ImportReport,
  UpdateProductBody,
} from '../../shared/api/products.schemas';
import { type AuthGuards, signedInUser } from '../identity/request-user';
import type { Database } from '../db/database';
import type { CatalogCache } from './catalog-cache';
import { addProduct, editProduct, removeProduct } from './manage-products';
import { exportProductsCsv, importProductsCsv } from './products-csv';

/** The largest catalog file an import takes (50,000 rows of long descriptions fit). */
const MAX_IMPORT_BYTES = 32 * 1024 * 1024;

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
      const { id } = await addProduct(deps, signedInUser(request), request.body);
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
    async (request) => editProduct(deps, signedInUser(request), request.params.id, request.body),
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
    async (request) => removeProduct(deps, signedInUser(request), request.params.id),
  );

  app.put(
    '/admin/categories/:slug/attributes',
    {
      schema: {
        tags: ['admin'],
        summary: "Declare a category's specifications: typed attributes its products take (admin)",
        description:
          'The whole list, in the order product pages show it. An attribute left out takes its values off ' +
          "the category's products; a changed type or value list must still take every value they hold.",
        params: CategorySlugParams,
        body: PutAttributesBody,
        response: { 200: AttributesChange, ...errors },
      },
    },
    async (request) =>
      putCategoryAttributes(
        deps,
        signedInUser(request),
        request.params.slug,
        request.body.attributes,
        request.body.name,
      ),
  );

  app.post(
    '/admin/families',
    {
      schema: {
        tags: ['admin'],
        summary: 'Add a product family with its variants, each a product of its own (admin)',
        description:
          "Each variant takes one value of each of the family's options; its name is the family's and " +
          'its values. All variants are stored, or none.',
        body: AddFamilyBody,
        response: { 201: FamilyCreated, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await addFamily(deps, signedInUser(request), request.body)),
  );

  app.patch(
    '/admin/families/:id',
    {
      schema: {
        tags: ['admin'],
        summary: "Edit what a family's variants share: name, description, picture, options (admin)",
        params: FamilyIdParams,
        body: EditFamilyBody,
        response: { 200: UpdateResult, ...errors },
      },
    },
    async (request) => {
      await editFamily(deps, signedInUser(request), request.params.id, request.body);
      return { modifiedCount: 1 };
    },
  );

  app.post(
    '/admin/families/:id/variants',
    {
      schema: {
        tags: ['admin'],
        summary: 'Add a variant to a family (admin)',
        params: FamilyIdParams,
        body: VariantInput,
        response: { 201: FamilyVariantRef, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await addVariant(deps, signedInUser(request), request.params.id, request.body)),
  );

  app.delete(
    '/admin/families/:id/variants/:toolId',
    {
      schema: {
        tags: ['admin'],
        summary: 'Retire a variant: it is no longer sold, and its orders keep their details (admin)',
        params: FamilyVariantParams,
        response: { 200: DeleteResult, ...errors },
      },
    },
    async (request) => retireVariant(deps, signedInUser(request), request.params.id, request.params.toolId),
  );

  app.get(
    '/admin/products.csv',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every product as CSV, by SKU: the columns an import takes (admin)',
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const day = new Date().toISOString().slice(0, 10);
      await recordAudit(db, signedInUser(request), {
        action: 'products.export',
        subject: `products-${day}.csv`,
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="products-${day}.csv"`)
        .send(await exportProductsCsv(deps));
    },
  );

  // A catalog file arrives as it is, as text/csv.
  app.addContentTypeParser(
    'text/csv',
    { parseAs: 'string', bodyLimit: MAX_IMPORT_BYTES },
    (_request, body, done) => done(null, body),
  );
  app.post(
    '/admin/products/import',
    {
      bodyLimit: MAX_IMPORT_BYTES,
      schema: {
        tags: ['admin'],
        summary:
          'Check a catalog CSV (dry run), or with commit=true create and update its products, all or none (admin)',
        consumes: ['text/csv'],
        querystring: ImportQuery,
        body: z.string({ error: 'Send the CSV file as text/csv' }),
        response: { 200: ImportReport, ...errors },
      },
    },
    async (request) =>
      importProductsCsv(deps, signedInUser(request), request.body, {
        commit: request.query.commit,
        setStock: request.query.stock === 'set',
      }),
  );
};
