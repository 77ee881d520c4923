import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CompanyIdParams } from '../../shared/api/companies.schemas';
import { CompanyStatement, RecordAdjustmentBody, RecordPaymentBody } from '../../shared/api/credit.schemas';
import { errorResponses } from '../../shared/api/errors';
import { type AuthGuards, signedInUser } from '../identity/request-user';
import { companyOf } from '../identity/membership';
import type { Database } from '../db/database';
import { limit } from '../http/rate-limit';
import type { MailContext } from '../mail/mail-layout';
import { companyStatement, recordAdjustment, recordPayment } from '../billing/ledger';
import { renderStatementPdf } from '../billing/statement-pdf';

export interface CreditRoutesOptions {
  db: Database;
  guards: AuthGuards;
  mail: MailContext;
}

const errors = errorResponses(400, 401, 403, 404, 409);
const pdfResponse = z.instanceof(Buffer).meta({ type: 'string', format: 'binary' });

/**
 * A company's account with the shop: its members read their statement (JSON and PDF); shop
 * admins read any company's and record the payments it makes.
 */
export const creditRoutes: FastifyPluginAsyncZod<CreditRoutesOptions> = async (app, { db, guards, mail }) => {
  const admin = { onRequest: guards.requireAdmin };

  app.get(
    '/company/statement',
    {
      onRequest: guards.requireUser,
      schema: {
        tags: ['companies'],
        summary:
          'Your company’s statement of account: balance, credit limit and what is left of it, aging, open invoices and every entry',
        response: { 200: CompanyStatement, ...errors },
      },
    },
    async (request, reply) => {
      const company = companyOf(signedInUser(request), 'read');
      reply.header('cache-control', 'no-store');
      return companyStatement(db, company.id, new Date());
    },
  );

  app.get(
    '/company/statement.pdf',
    {
      onRequest: guards.requireUser,
      config: { rateLimit: limit('invoice') },
      schema: {
        tags: ['companies'],
        summary: 'Your company’s statement of account as a PDF',
        produces: ['application/pdf'],
        response: { 200: pdfResponse, ...errors },
      },
    },
    async (request, reply) => {
      const company = companyOf(signedInUser(request), 'read');
      const statement = await companyStatement(db, company.id, new Date());
      return reply
        .type('application/pdf')
        .header('cache-control', 'no-store')
        .header('content-disposition', `inline; filename="statement-${statement.asOf}.pdf"`)
        .send(await renderStatementPdf(statement, mail.shop));
    },
  );

  app.get(
    '/admin/companies/:id/statement',
    {
      ...admin,
      schema: {
        tags: ['admin', 'companies'],
        summary: 'A company’s statement of account (admin)',
        params: CompanyIdParams,
        response: { 200: CompanyStatement, ...errors },
      },
    },
    async (request) => companyStatement(db, request.params.id, new Date()),
  );

  app.post(
    '/admin/companies/:id/payments',
    {
      ...admin,
      schema: {
        tags: ['admin', 'companies'],
        summary:
          'Record a payment received from a company (in full or in part, dated, with its reference): answers its statement after it (admin)',
        params: CompanyIdParams,
        body: RecordPaymentBody,
        response: { 201: CompanyStatement, ...errors },
      },
    },
    async (request, reply) => {
      await recordPayment(db, signedInUser(request), request.params.id, request.body);
      return reply.status(201).send(await companyStatement(db, request.params.id, new Date()));
    },
  );

  app.post(
    '/admin/companies/:id/adjustments',
    {
      ...admin,
      schema: {
        tags: ['admin', 'companies'],
        summary:
          'Correct a company’s account with a dated adjustment and its reason (above zero it owes more): answers its statement after it (admin)',
        params: CompanyIdParams,
        body: RecordAdjustmentBody,
        response: { 201: CompanyStatement, ...errors },
      },
    },
    async (request, reply) => {
      await recordAdjustment(db, signedInUser(request), request.params.id, request.body);
      return reply.status(201).send(await companyStatement(db, request.params.id, new Date()));
    },
  );
};
