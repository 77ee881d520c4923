import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ChargesPreview, DestinationQuery } from '../../shared/api/cart.schemas';
import { errorResponses } from '../../shared/api/errors';
import { PlaceOrderResult } from '../../shared/api/orders.schemas';
import {
  AcceptQuoteBody,
  AnswerQuoteBody,
  CartQuoteBody,
  Quote,
  QuoteIdParams,
  QuoteList,
  QuoteRequested,
  QuotesQuery,
  RequestQuoteBody,
} from '../../shared/api/quotes.schemas';
import { type AuthGuards, signedInUser } from '../identity/request-user';
import type { CatalogCache } from '../catalog/catalog-cache';
import type { Database } from '../db/database';
import { limit } from '../http/rate-limit';
import type { MailContext } from '../mail/mail-layout';
import { toOrder } from '../orders/order-view';
import { acceptQuote, previewAcceptance } from './accept-quote';
import { answerQuote } from './answer-quote';
import { listQuotesFor, toQuote } from './quotes.repository';
import { requestQuote, requestQuoteForCart } from './request-quote';

export interface QuotesRoutesOptions {
  db: Database;
  catalogCache: CatalogCache;
  guards: AuthGuards;
  mail: MailContext;
  holdHours: number;
  minUnits: number;
  maxUnpaid: number;
}

const errors = errorResponses(400, 401, 403, 404, 409);

/** Quotes (DESIGN §9): customers request and accept them; admins answer them. */
export const quotesRoutes: FastifyPluginAsyncZod<QuotesRoutesOptions> = async (app, options) => {
  const { db, catalogCache, guards, mail, holdHours, minUnits, maxUnpaid } = options;

  app.post(
    '/quotes',
    {
      onRequest: guards.requireUser,
      // Each request mails the shop: a few an hour is plenty for a buyer, and nothing for a spammer.
      config: { rateLimit: limit('quote-request') },
      schema: {
        tags: ['quotes'],
        summary:
          'Ask for a price on a quantity of one product, or on several as lines: beyond the stock, or a large order',
        body: RequestQuoteBody,
        response: { 201: QuoteRequested, ...errors },
      },
    },
    async (request, reply) => {
      const { toolId, quantity, lines, note } = request.body;
      const quote = await requestQuote({ db, minUnits, mail }, signedInUser(request), {
        // The schema allows lines, or one product's toolId and quantity.
        lines: lines ?? [{ toolId: toolId ?? '', quantity: quantity ?? 0 }],
        note,
      });
      return reply.status(201).send({ acknowledged: true, insertedId: quote.id, quote: toQuote(quote) });
    },
  );

  app.post(
    '/cart/quote',
    {
      onRequest: guards.requireUser,
      config: { rateLimit: limit('quote-request') },
      schema: {
        tags: ['cart', 'quotes'],
        summary:
          'Ask for a price on your whole cart: its lines become one quote request and the cart empties',
        body: CartQuoteBody,
        response: { 201: QuoteRequested, ...errors },
      },
    },
    async (request, reply) => {
      const quote = await requestQuoteForCart(
        { db, minUnits, mail },
        signedInUser(request),
        request.body.note,
      );
      return reply.status(201).send({ acknowledged: true, insertedId: quote.id, quote: toQuote(quote) });
    },
  );

  app.get(
    '/quotes',
    {
      onRequest: guards.requireUser,
      schema: {
        tags: ['quotes'],
        summary: 'Your quotes, newest first; every quote for admins (optionally of one state)',
        querystring: QuotesQuery,
        response: { 200: QuoteList, ...errors },
      },
    },
    async (request) => (await listQuotesFor(db, signedInUser(request), request.query.status)).map(toQuote),
  );

  app.get(
    '/quotes/:id/charges',
    {
      onRequest: guards.requireUser,
      schema: {
        tags: ['quotes'],
        summary:
          'What accepting your quote would cost delivered to a place: its lines at the quoted prices, with the freight and tax by rate the order would carry',
        params: QuoteIdParams,
        querystring: DestinationQuery,
        response: { 200: ChargesPreview, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { country, region, notForResale } = request.query;
      return previewAcceptance(
        db,
        signedInUser(request),
        request.params.id,
        { country, region: region ?? null },
        { seller: mail.shop, notForResale },
      );
    },
  );

  app.post(
    '/quotes/:id/accept',
    {
      onRequest: guards.requireUser,
      config: { rateLimit: limit('accept-quote') },
      schema: {
        tags: ['quotes'],
        summary: 'Accept your answered quote: an unpaid order at the quoted price, its stock reserved',
        params: QuoteIdParams,
        body: AcceptQuoteBody,
        response: { 201: PlaceOrderResult, ...errors },
      },
    },
    async (request, reply) => {
      const row = await acceptQuote(
        { db, catalogCache, holdHours, maxUnpaid, mail },
        signedInUser(request),
        request.params.id,
        request.body,
      );
      return reply.status(201).send({ acknowledged: true, insertedId: row.id, order: toOrder(row) });
    },
  );

  app.patch(
    '/admin/quotes/:id',
    {
      onRequest: guards.requireAdmin,
      schema: {
        tags: ['admin'],
        summary:
          'Answer a requested quote with a unit price for each line and a validity date, or decline it (admin)',
        params: QuoteIdParams,
        body: AnswerQuoteBody,
        response: { 200: Quote, ...errors },
      },
    },
    async (request) => {
      // An unknown id answers NOT_FOUND from the move itself (moveQuote reads the quote when none moved).
      return toQuote(await answerQuote({ db, mail }, signedInUser(request), request.params.id, request.body));
    },
  );
};
