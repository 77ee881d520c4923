import etag from '@fastify/etag';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CatalogPage,
  CatalogQuery,
  CategoryDetail,
  CategoryList,
  CategorySlugParams,
  Tool,
  ToolIdParams,
  ToolList,
} from '../../shared/api/catalog.schemas';
import { ErrorBody, errorResponses } from '../../shared/api/errors';
import type { FastifyRequest } from 'fastify';
import { type AuthGuards } from '../identity/request-user';
import type { Database } from '../db/database';
import { catalogPricesFor, pricedTool } from './buyer-catalog';
import { allProducts, catalogPage, categoryDetail, categoryList, homeGrid } from './browse-catalog';
import { type CatalogCache, sendCached } from './catalog-cache';
import { getTool } from './get-tool';
import { getFamily } from './families';
import { Family, FamilyIdParams } from '../../shared/api/families.schemas';

export interface CatalogRoutesOptions {
  db: Database;
  catalogCache: CatalogCache;
  /** Contract buyers' answers, kept apart from the visitors'. */
  buyerCache: CatalogCache;
  guards: AuthGuards;
  minUnits: number;
}

export const catalogRoutes: FastifyPluginAsyncZod<CatalogRoutesOptions> = async (
  app,
  { db, catalogCache, buyerCache, guards, minUnits },
) => {
  const deps = { db, catalogCache, buyerCache, minUnits };
  /**
   * The signed-in buyer's contract prices, or null: a visitor, or a buyer whose company
   * holds no price list, is answered what every visitor is.
   */
  const pricesFor = async (request: FastifyRequest) => {
    const prices = await catalogPricesFor(deps, await guards.pricedFor(request));
    if (prices) pricedAnswers.add(request);
    return prices;
  };
  const pricedAnswers = new WeakSet<FastifyRequest>();

  // Browsers revalidate the catalog on every visit and get a 304 while nothing changed. An answer
  // depends on the session cookie (a contract buyer's prices), so a shared cache keys on it too.
  await app.register(etag);
  app.addHook('onSend', async (request, reply) => {
    // A buyer's own prices are theirs: no shared cache keeps them.
    reply.header('cache-control', pricedAnswers.has(request) ? 'private, no-cache' : 'no-cache');
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
    async (request, reply) => sendCached(request, reply, await homeGrid(deps, await pricesFor(request))),
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
    async (request, reply) => sendCached(request, reply, await allProducts(deps, await pricesFor(request))),
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
    async (request, reply) =>
      sendCached(request, reply, await catalogPage(deps, request.query, await pricesFor(request))),
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
    '/families/:id',
    {
      schema: {
        tags: ['catalog'],
        summary: 'A product family and its variants, each a product',
        params: FamilyIdParams,
        response: { 200: Family, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const family = await getFamily(db, request.params.id, minUnits);
      const prices = await pricesFor(request);
      return prices
        ? { ...family, variants: family.variants.map((tool) => pricedTool(tool, prices)) }
        : family;
    },
  );

  app.get(
    '/categories/:slug',
    {
      schema: {
        tags: ['catalog'],
        summary: 'A category with the specifications its products take',
        params: CategorySlugParams,
        response: { 200: CategoryDetail, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => sendCached(request, reply, await categoryDetail(deps, request.params.slug)),
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
    async (request) => {
      const tool = await getTool(db, request.params.id, minUnits);
      const prices = await pricesFor(request);
      return prices ? pricedTool(tool, prices) : tool;
    },
  );
};
