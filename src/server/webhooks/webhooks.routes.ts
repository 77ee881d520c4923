import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DeleteResult } from '../../shared/api/common.schemas';
import { errorResponses } from '../../shared/api/errors';
import {
  CreateWebhookBody,
  CreatedWebhook,
  Webhook,
  WebhookDelivery,
  WebhookDeliveryParams,
  WebhookParams,
} from '../../shared/api/webhooks.schemas';
import type { Database } from '../db/database';
import { limit } from '../http/rate-limit';
import { companyOf } from '../identity/membership';
import { type AuthGuards, signedInUser } from '../identity/request-user';
import type { WebhookAddressPolicy } from './webhook-address';
import {
  type WebhookOwner,
  createWebhook,
  deleteWebhook,
  listWebhooks,
  sendAgain,
  webhookDeliveries,
} from './webhooks';

export interface WebhooksRoutesOptions {
  db: Database;
  guards: AuthGuards;
  policy: WebhookAddressPolicy;
  /** Told when a delivery is due at once ('Send again'). */
  nudge: () => void;
}

const errors = errorResponses(400, 401, 403, 404, 409);

/**
 * The same five calls for the shop's admin (/admin/webhooks: every order) and a company's admin
 * (/company/webhooks: the company's own orders). API keys are refused both (no `keyScope`).
 */
export const webhooksRoutes: FastifyPluginAsyncZod<WebhooksRoutesOptions> = async (
  app,
  { db, guards, policy, nudge },
) => {
  const sides = [
    {
      base: '/admin/webhooks',
      tag: 'admin',
      who: 'the shop’s admin; every order',
      guard: guards.requireAdmin,
      owner: (): WebhookOwner => ({ kind: 'shop' }),
      rateLimit: undefined,
    },
    {
      base: '/company/webhooks',
      tag: 'companies',
      who: 'company admins; the company’s own orders',
      guard: guards.requireUser,
      owner: (request: FastifyRequest): WebhookOwner => ({
        kind: 'company',
        companyId: companyOf(signedInUser(request), 'manage').id,
      }),
      rateLimit: limit('company'),
    },
  ];
  for (const { base, tag, who, guard, owner, rateLimit } of sides) {
    app.post(
      base,
      {
        onRequest: guard,
        ...(rateLimit ? { config: { rateLimit } } : {}),
        schema: {
          tags: [tag],
          summary: `Register a webhook: its address and events; answers its signing secret once (${who})`,
          description:
            'Each event is POSTed as `{id, type, createdAt, data}` with `Forgeline-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" under the secret>`, at least once, retried for a day.',
          body: CreateWebhookBody,
          response: { 201: CreatedWebhook, ...errors },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await createWebhook(db, signedInUser(request), owner(request), request.body, policy)),
    );

    app.get(
      base,
      {
        onRequest: guard,
        schema: {
          tags: [tag],
          summary: `The webhooks, each with its deliveries waiting and failed (${who})`,
          response: { 200: z.array(Webhook), ...errors },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return listWebhooks(db, owner(request));
      },
    );

    app.delete(
      `${base}/:id`,
      {
        onRequest: guard,
        schema: {
          tags: [tag],
          summary: `Remove a webhook and its delivery log (${who})`,
          params: WebhookParams,
          response: { 200: DeleteResult, ...errors },
        },
      },
      async (request) => {
        await deleteWebhook(db, signedInUser(request), owner(request), request.params.id);
        return { deletedCount: 1 };
      },
    );

    app.get(
      `${base}/:id/deliveries`,
      {
        onRequest: guard,
        schema: {
          tags: [tag],
          summary: `A webhook's latest 50 deliveries: each try's status code, and the next try (${who})`,
          params: WebhookParams,
          response: { 200: z.array(WebhookDelivery), ...errors },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return webhookDeliveries(db, owner(request), request.params.id);
      },
    );

    app.post(
      `${base}/:id/deliveries/:deliveryId/resend`,
      {
        onRequest: guard,
        schema: {
          tags: [tag],
          summary: `Send a delivery again now, and try it for another day (${who})`,
          params: WebhookDeliveryParams,
          response: { 200: WebhookDelivery, ...errors },
        },
      },
      async (request) => {
        const { id, deliveryId } = request.params;
        const delivery = await sendAgain(db, signedInUser(request), owner(request), id, deliveryId);
        nudge();
        return delivery;
      },
    );
  }
};
