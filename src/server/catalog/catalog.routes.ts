import etag from '@fastify/etag';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Tool, ToolIdParams, ToolList } from '../../shared/api/catalog.schemas';
import { ErrorBody } from '../../shared/api/errors';
import type { CatalogCache } from './catalog-cache';
import type { Database } from '../db/database';
import { getTool } from './get-tool';

export interface CatalogRoutesOptions {
  db: Database;
  catalogCache: CatalogCache;
}

export const catalogRoutes: FastifyPluginAsyncZod<CatalogRoutesOptions> = async (
  app,
  { db, catalogCache },
) => {
  // The list is answered from its cached bytes, compressed once per fill in the encoding the client
  // takes (the compress plugin leaves an encoded answer alone); the schema still documents it.
  const sendCachedList = async (request: FastifyRequest, reply: FastifyReply) => {
    const cached = await catalogCache.get();
    const accepts = request.headers['accept-encoding'] ?? '';
    const [encoding, bytes] = accepts.includes('br')
      ? ['br', cached.br]
      : accepts.includes('gzip')
        ? ['gzip', cached.gzip]
        : [null, cached.raw];
    reply
      .header('etag', cached.etag)
      .header('vary', 'accept-encoding')
      .type('application/json; charset=utf-8');
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(bytes);
  };

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
        summary: 'Products for the home grid (spec §7 GET /tool)',
        response: { 200: ToolList },
      },
    },
    sendCachedList,
  );

  app.get(
    '/tools',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Products for Manage Products (spec §7 GET /tools)',
        response: { 200: ToolList },
      },
    },
    sendCachedList,
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
    async (request) => getTool(db, request.params.id),
  );
};
