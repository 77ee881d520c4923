import etag from '@fastify/etag';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CatalogPage,
  CatalogQuery,
  CategoryList,
  Tool,
  ToolIdParams,
  ToolList,
} from '../../shared/api/catalog.schemas';
import { ErrorBody, errorResponses } from '../../shared/api/errors';
import type { Database } from '../db/database';
import { allProducts, catalogPage, categoryList, homeGrid } from './browse-catalog';
import { type CatalogCache, sendCached } from './catalog-cache';
import { getTool } from './get-tool';

export interface CatalogRoutesOptions {
  db: Database;
  catalogCache: CatalogCache;
  minUnits: number;
}

export const catalogRoutes: FastifyPluginAsyncZod<CatalogRoutesOptions> = async (
  app,
  { db, catalogCache, minUnits },
) => {
  const deps = { db, catalogCache, minUnits };

  // Browsers revalidate the catalog on every visit and get a 304 while nothing changed.
  await app.register(etag);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
  });

  app.get(
    '/tool',
    {
      schema: {
        tags: ['catalog'],
        summary: 'The home grid: featured products, then the newest, at most 12 (spec §7 GET /tool)',
        response: { 200: ToolList },
      },
    },
    async (request, reply) => sendCached(request, reply, await homeGrid(deps)),
  );

  app.get(
    '/tools',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Every product, newest first (spec §7 GET /tools); large catalogs page through /catalog',
        response: { 200: ToolList },
      },
    },
    async (request, reply) => sendCached(request, reply, await allProducts(deps)),
  );

  app.get(
    '/catalog',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Search, filter and sort the catalog, one keyset page at a time',
        description:
          '`q` searches SKU, name and description and tolerates typos (an exact SKU comes first). `sort` is ' +
          '`relevance` (the default with `q`), `name`, `price_asc`, `price_desc` or `newest` (the default ' +
          'without `q`); prices are the unit price at the minimum order. Pass `nextCursor` back as `cursor` ' +
          'for the next page, with the same other parameters.',
        querystring: CatalogQuery,
        response: { 200: CatalogPage, ...errorResponses(400) },
      },
    },
    async (request, reply) => sendCached(request, reply, await catalogPage(deps, request.query)),
  );

  app.get(
    '/categories',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Every category with its number of products',
        response: { 200: CategoryList },
      },
    },
    async (request, reply) => sendCached(request, reply, await categoryList(deps)),
  );

  app.get(
    '/buyNow/:id',
    {
      schema: {
        tags: ['catalog'],
        summary: 'One product for the buy page (spec §7 GET /buyNow/{toolId})',
        params: ToolIdParams,
        response: { 200: Tool, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => getTool(db, request.params.id, minUnits),
  );
};
