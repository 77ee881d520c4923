import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../shared/api/errors';
import { OrderIdParams } from '../../shared/api/orders.schemas';
import {
  AdminReturnsQuery,
  ApproveReturnBody,
  ReceiveReturnBody,
  RefundReturnBody,
  RejectReturnBody,
  Return,
  ReturnBody,
  ReturnIdParams,
  ReturnList,
} from '../../shared/api/returns.schemas';
import { messages } from '../../shared/messages';
import type { CatalogCache } from '../catalog/catalog-cache';
import type { Database } from '../db/database';
import { DomainError } from '../http/domain-error';
import { type AuthGuards, signedInUser } from '../identity/request-user';
import type { MailContext } from '../mail/mail-layout';
import type { PaymentProvider } from '../payments/payment-provider';
import { findOrderFor, placedOrdersByIds } from './storage/orders.repository';
import { type OrderReturn, findReturn, listReturns } from './storage/returns.repository';
import { approveReturn, receiveReturn, refundReturn, rejectReturn, requestReturn, toReturn } from './returns';
import { previewOrderWork } from './order-process';

const errors = errorResponses(400, 401, 403, 404, 409);

/** Returns (RMA, DESIGN §11): a buyer's, and the shop's steps on them. */
export const returnsRoutes: FastifyPluginAsyncZod<{
  db: Database;
  guards: AuthGuards;
  mail: MailContext;
  catalogCache: CatalogCache;
  provider: PaymentProvider;
  returnDays: number;
}> = async (app, { db, guards, mail, catalogCache, provider, returnDays }) => {
  const deps = { db, mail, catalogCache, provider, returnDays };

  /** Returns as the API answers them, their orders read in one go. */
  const answer = async (found: readonly OrderReturn[]) => {
    const orders = await placedOrdersByIds(
      db,
      found.map((item) => item.orderId),
    );
    return found.flatMap((item) => {
      const order = orders.get(item.orderId);
      return order ? [toReturn(item, order)] : [];
    });
  };

  app.post(
    '/purchase/:id/returns',
    {
      onRequest: guards.requireUser,
      schema: {
        tags: ['returns'],
        summary: `Return shipped units of an order (within RETURN_DAYS of their shipment, never more than shipped less those returned): the shop approves it and mails how to send them`,
        params: OrderIdParams,
        body: ReturnBody,
        response: { 201: Return, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await requestReturn(deps, signedInUser(request), request.params.id, request.body)),
  );

  app.get(
    '/returns',
    {
      onRequest: guards.requireUser,
      schema: {
        tags: ['returns'],
        summary: 'Your returns, and your company’s as your roles allow, newest first',
        response: { 200: ReturnList, ...errors },
      },
    },
    async (request) => answer(await listReturns(db, { caller: signedInUser(request) })),
  );

  app.get(
    '/returns/:id',
    {
      onRequest: guards.requireUser,
      schema: {
        tags: ['returns'],
        summary: 'One return: of your own or your company’s orders, or any for admins',
        params: ReturnIdParams,
        response: { 200: Return, ...errors },
      },
    },
    async (request) => {
      const found = await findReturn(db, request.params.id);
      if (!found) throw new DomainError('NOT_FOUND', messages.returnNotFound);
      const order = await findOrderFor(db, signedInUser(request), found.orderId, 'shop').catch(() => {
        throw new DomainError('NOT_FOUND', messages.returnNotFound);
      });
      return toReturn(found, order);
    },
  );

  app.get(
    '/admin/returns',
    {
      onRequest: guards.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Every return (admin), newest first, of one status or all',
        querystring: AdminReturnsQuery,
        response: { 200: ReturnList, ...errors },
      },
    },
    async (request) => answer(await listReturns(db, { status: request.query.status })),
  );

  /** The schema of one of the shop's steps on a return. */
  const stepSchema = <Body>(summary: string, body: Body) => ({
    tags: ['admin'],
    summary,
    params: ReturnIdParams,
    body,
    response: { 200: Return, ...errors },
  });

  app.post(
    '/admin/returns/:id/approve',
    {
      onRequest: guards.requireAdmin,
      schema: stepSchema(
        'Approve a requested return (admin): the buyer is mailed the instructions',
        ApproveReturnBody,
      ),
    },
    async (request) =>
      approveReturn(deps, signedInUser(request), request.params.id, request.body.instructions),
  );

  app.post(
    '/admin/returns/:id/reject',
    {
      onRequest: guards.requireAdmin,
      schema: stepSchema(
        'Refuse a requested return (admin), with the reason mailed to the buyer',
        RejectReturnBody,
      ),
    },
    async (request) => rejectReturn(deps, signedInUser(request), request.params.id, request.body.reason),
  );

  app.post(
    '/admin/returns/:id/receive',
    {
      onRequest: guards.requireAdmin,
      schema: stepSchema(
        'Record what arrived of an approved return (admin): resellable units go back to stock',
        ReceiveReturnBody,
      ),
    },
    async (request) => receiveReturn(deps, signedInUser(request), request.params.id, request.body),
  );

  app.post(
    '/admin/returns/:id/refund',
    {
      onRequest: guards.requireAdmin,
      schema: stepSchema(
        'Refund a received return (admin): a credit note at the order’s prices and rates, less an optional restocking fee; the card or the company’s account is credited',
        RefundReturnBody,
      ),
    },
    async (request) =>
      refundReturn(deps, signedInUser(request), request.params.id, request.body.restockingFeePercent),
  );

  app.post(
    '/admin/returns/:id/refund/preview',
    {
      onRequest: guards.requireAdmin,
      schema: stepSchema(
        'What refunding a received return would credit (admin), by the same rules, changing nothing: the return as it would be, with its credit note’s amount; to show before the refund is confirmed',
        RefundReturnBody,
      ),
    },
    async (request) =>
      refundReturn(
        deps,
        signedInUser(request),
        request.params.id,
        request.body.restockingFeePercent,
        previewOrderWork,
      ),
  );
};
