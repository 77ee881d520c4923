import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exportPriceListCsv, importPriceListCsv } from './price-list-csv';
import { DeleteResult, UpdateResult } from '../../shared/api/common.schemas';
import { CompanyIdParams, Inserted } from '../../shared/api/companies.schemas';
import { errorResponses } from '../../shared/api/errors';
import {
  CompanyPriceListsBody,
  PriceList,
  PriceListBody,
  PriceListImportQuery,
  PriceListImportReport,
  PriceListParams,
  PriceListSummaries,
} from '../../shared/api/price-lists.schemas';
import type { CatalogCache } from '../catalog/catalog-cache';
import { type AuthGuards, signedInUser } from '../identity/request-user';
import type { Database } from '../db/database';
import {
  createPriceList,
  deletePriceList,
  listPriceLists,
  readPriceList,
  replacePriceList,
  setCompanyPriceLists,
} from './price-lists';

export interface PriceListsRoutesOptions {
  db: Database;
  guards: AuthGuards;
  /** Told of every change: contract buyers' catalog answers are made from the lists (buyer-catalog.ts). */
  catalogCache: CatalogCache;
}

const errors = errorResponses(400, 401, 403, 404, 409, 413);

/** A whole list in JSON: MAX_PRICE_LIST_ENTRIES entries of a few breaks each fit in 8 MB. */
const LIST_BODY_LIMIT = 8 * 1024 * 1024;

/** Price lists (admins): contract prices, and the companies that hold them by priority. */
export const priceListsRoutes: FastifyPluginAsyncZod<PriceListsRoutesOptions> = async (
  app,
  { db, guards, catalogCache },
) => {
  const admin = { onRequest: guards.requireAdmin };
  // Every change to a list or to who holds it changes what some buyers see in the catalog, here and in
  // the other instances (a change this rare may drop the visitors' answers too).
  const pricesChanged = () => catalogCache.invalidate();

  app.get(
    '/admin/price-lists',
    {
      ...admin,
      schema: {
        tags: ['admin', 'pricing'],
        summary: 'Every price list, by name, with its entry count and the companies holding it (admin)',
        response: { 200: PriceListSummaries, ...errors },
      },
    },
    async () => listPriceLists(db),
  );

  app.post(
    '/admin/price-lists',
    {
      ...admin,
      bodyLimit: LIST_BODY_LIMIT,
      schema: {
        tags: ['admin', 'pricing'],
        summary:
          'Make a price list: a name, validity in UTC days, and entries per SKU of fixed price breaks or a percentage off (admin)',
        body: PriceListBody,
        response: { 201: Inserted, ...errors },
      },
    },
    async (request, reply) => {
      const insertedId = await createPriceList(db, signedInUser(request), request.body);
      pricesChanged();
      return reply.status(201).send({ acknowledged: true, insertedId });
    },
  );

  app.get(
    '/admin/price-lists/:id',
    {
      ...admin,
      schema: {
        tags: ['admin', 'pricing'],
        summary: 'A price list with its entries (admin)',
        params: PriceListParams,
        response: { 200: PriceList, ...errors },
      },
    },
    async (request) => readPriceList(db, request.params.id),
  );

  app.put(
    '/admin/price-lists/:id',
    {
      ...admin,
      bodyLimit: LIST_BODY_LIMIT,
      schema: {
        tags: ['admin', 'pricing'],
        summary: 'Replace a price list whole: its name, validity and entries (admin)',
        params: PriceListParams,
        body: PriceListBody,
        response: { 200: UpdateResult, ...errors },
      },
    },
    async (request) => {
      await replacePriceList(db, signedInUser(request), request.params.id, request.body);
      pricesChanged();
      return { modifiedCount: 1 };
    },
  );

  app.delete(
    '/admin/price-lists/:id',
    {
      ...admin,
      schema: {
        tags: ['admin', 'pricing'],
        summary: 'Delete a price list; the companies holding it no longer do (admin)',
        params: PriceListParams,
        response: { 200: DeleteResult, ...errors },
      },
    },
    async (request) => {
      await deletePriceList(db, signedInUser(request), request.params.id);
      pricesChanged();
      return { deletedCount: 1 };
    },
  );

  app.get(
    '/admin/price-lists/:id/entries.csv',
    {
      ...admin,
      schema: {
        tags: ['admin', 'pricing'],
        summary: 'A price list’s entries as CSV: the columns its import takes (admin)',
        params: PriceListParams,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const { name, csv } = await exportPriceListCsv(db, request.params.id);
      const file = `price-list-${name.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'entries'}.csv`;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file}"`)
        .send(csv);
    },
  );

  // A price list's file arrives as it is, as text/csv.
  app.addContentTypeParser(
    'text/csv',
    { parseAs: 'string', bodyLimit: LIST_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );
  app.post(
    '/admin/price-lists/:id/import',
    {
      ...admin,
      bodyLimit: LIST_BODY_LIMIT,
      schema: {
        tags: ['admin', 'pricing'],
        summary:
          'Check a price list CSV (dry run), or with commit=true make its rows the list’s entries, all or none (admin)',
        consumes: ['text/csv'],
        params: PriceListParams,
        querystring: PriceListImportQuery,
        body: z.string({ error: 'Send the CSV file as text/csv' }),
        response: { 200: PriceListImportReport, ...errors },
      },
    },
    async (request) => {
      const report = await importPriceListCsv(db, signedInUser(request), request.params.id, request.body, {
        commit: request.query.commit,
      });
      if (report.committed) pricesChanged();
      return report;
    },
  );

  app.put(
    '/admin/companies/:id/price-lists',
    {
      ...admin,
      schema: {
        tags: ['admin', 'pricing'],
        summary: 'The price lists a company holds, each with its priority (a higher number wins) (admin)',
        params: CompanyIdParams,
        body: CompanyPriceListsBody,
        response: { 200: UpdateResult, ...errors },
      },
    },
    async (request) => {
      await setCompanyPriceLists(db, signedInUser(request), request.params.id, request.body);
      pricesChanged();
      return { modifiedCount: 1 };
    },
  );
};
