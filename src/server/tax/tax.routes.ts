import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DeleteResult, UpdateResult } from '../../shared/api/common.schemas';
import { Inserted } from '../../shared/api/companies.schemas';
import { errorResponses } from '../../shared/api/errors';
import {
  ShippingZoneBody,
  ShippingZoneList,
  TaxZoneBody,
  TaxZoneList,
  TaxZoneParams,
} from '../../shared/api/tax.schemas';
import { type AuthGuards, signedInUser } from '../identity/request-user';
import type { Database } from '../db/database';
import {
  createShippingZone,
  deleteShippingZone,
  listShippingZones,
  replaceShippingZone,
} from './shipping-zones';
import { createTaxZone, deleteTaxZone, listTaxZones, replaceTaxZone } from './tax-zones';

export interface TaxRoutesOptions {
  db: Database;
  guards: AuthGuards;
}

const errors = errorResponses(400, 401, 403, 404, 409);

/** Tax and shipping zones (shop admins): tax rates and freight per country or region. */
export const taxRoutes: FastifyPluginAsyncZod<TaxRoutesOptions> = async (app, { db, guards }) => {
  const admin = { onRequest: guards.requireAdmin };

  app.get(
    '/admin/tax-zones',
    {
      ...admin,
      schema: {
        tags: ['admin', 'tax'],
        summary: 'Every tax zone with its rates per class, by country (admin)',
        response: { 200: TaxZoneList, ...errors },
      },
    },
    async () => listTaxZones(db),
  );

  app.post(
    '/admin/tax-zones',
    {
      ...admin,
      schema: {
        tags: ['admin', 'tax'],
        summary:
          'Make a tax zone: a country, or a US state or Canadian province, with its rates in percent per class (admin)',
        body: TaxZoneBody,
        response: { 201: Inserted, ...errors },
      },
    },
    async (request, reply) => {
      const insertedId = await createTaxZone(db, signedInUser(request), request.body);
      return reply.status(201).send({ acknowledged: true, insertedId });
    },
  );

  app.put(
    '/admin/tax-zones/:id',
    {
      ...admin,
      schema: {
        tags: ['admin', 'tax'],
        summary: 'Change a tax zone’s place or rates (admin)',
        params: TaxZoneParams,
        body: TaxZoneBody,
        response: { 200: UpdateResult, ...errors },
      },
    },
    async (request) => {
      await replaceTaxZone(db, signedInUser(request), request.params.id, request.body);
      return { modifiedCount: 1 };
    },
  );

  app.delete(
    '/admin/tax-zones/:id',
    {
      ...admin,
      schema: {
        tags: ['admin', 'tax'],
        summary: 'Delete a tax zone: deliveries there are no longer taxed (admin)',
        params: TaxZoneParams,
        response: { 200: DeleteResult, ...errors },
      },
    },
    async (request) => {
      await deleteTaxZone(db, signedInUser(request), request.params.id);
      return { deletedCount: 1 };
    },
  );

  app.get(
    '/admin/shipping-zones',
    {
      ...admin,
      schema: {
        tags: ['admin', 'freight'],
        summary:
          'Every shipping zone with its weight bands, free-freight threshold and pallet weight (admin)',
        response: { 200: ShippingZoneList, ...errors },
      },
    },
    async () => listShippingZones(db),
  );

  app.post(
    '/admin/shipping-zones',
    {
      ...admin,
      schema: {
        tags: ['admin', 'freight'],
        summary:
          'Make a shipping zone: a country or region, freight per weight band, free from an order value, a pallet quoted from a weight (admin)',
        body: ShippingZoneBody,
        response: { 201: Inserted, ...errors },
      },
    },
    async (request, reply) => {
      const insertedId = await createShippingZone(db, signedInUser(request), request.body);
      return reply.status(201).send({ acknowledged: true, insertedId });
    },
  );

  app.put(
    '/admin/shipping-zones/:id',
    {
      ...admin,
      schema: {
        tags: ['admin', 'freight'],
        summary: 'Change a shipping zone (admin)',
        params: TaxZoneParams,
        body: ShippingZoneBody,
        response: { 200: UpdateResult, ...errors },
      },
    },
    async (request) => {
      await replaceShippingZone(db, signedInUser(request), request.params.id, request.body);
      return { modifiedCount: 1 };
    },
  );

  app.delete(
    '/admin/shipping-zones/:id',
    {
      ...admin,
      schema: {
        tags: ['admin', 'freight'],
        summary: 'Delete a shipping zone: the shop no longer delivers there (admin)',
        params: TaxZoneParams,
        response: { 200: DeleteResult, ...errors },
      },
    },
    async (request) => {
      await deleteShippingZone(db, signedInUser(request), request.params.id);
      return { deletedCount: 1 };
    },
  );
};
