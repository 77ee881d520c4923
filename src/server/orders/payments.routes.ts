import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../shared/api/errors';
import { OrderIdParams } from '../../shared/api/orders.schemas';
import {
  ConfirmPaymentBody,
  CreateIntentBody,
  CreateIntentResult,
  TestCardBody,
  TestCardResult,
} from '../../shared/api/payments.schemas';
import { UpdateResult } from '../../shared/api/common.schemas';
import { type AuthGuards, signedInUser } from '../identity/request-user';
import type { Database } from '../db/database';
import { DomainError } from '../http/domain-error';
import { limit } from '../http/rate-limit';
import type { MailContext } from '../mail/mail-layout';
import type { CatalogCache } from '../catalog/catalog-cache';
import { createPaymentIntent } from './create-payment-intent';
import { handleWebhook } from './handle-webhook';
import type { PaymentProvider } from '../payments/payment-provider';
import { settlePayment } from './settle-payment';
import type { TestPaymentProvider } from '../payments/test-provider';
import { messages } from '../../shared/messages';

export interface PaymentsRoutesOptions {
  db: Database;
  provider: PaymentProvider;
  /** Present when the built-in test provider is in use: its card endpoint stands in for Stripe's. */
  testProvider: TestPaymentProvider | null;
  guards: AuthGuards;
  /** The receipt goes out when a payment settles. */
  mail: MailContext;
  /** Told of stock a late payment's closed order gave back. */
  catalogCache: CatalogCache;
}

const errors = errorResponses(400, 401, 402, 403, 404, 409);

export const paymentsRoutes: FastifyPluginAsyncZod<PaymentsRoutesOptions> = async (app, options) => {
  const { db, provider, testProvider, guards, mail, catalogCache } = options;

  app.post(
    '/create-payment-intent',
    {
      onRequest: guards.requireUser,
      config: { rateLimit: limit('payment-intent') },
      schema: {
        tags: ['payments'],
        summary: "The payment intent of your unpaid order, for the order's amount (one per order)",
        body: CreateIntentBody,
        response: { 200: CreateIntentResult, ...errors },
      },
    },
    async (request) => createPaymentIntent({ db, provider }, signedInUser(request), request.body.orderId),
  );

  app.patch(
    '/purchase/:id',
    {
      onRequest: guards.requireUser,
      schema: {
        tags: ['payments'],
        summary: 'Mark your order paid once the provider confirms the payment (spec §7 PATCH /purchase/{id})',
        params: OrderIdParams,
        body: ConfirmPaymentBody,
        response: { 200: UpdateResult, ...errors },
      },
    },
    async (request) =>
      settlePayment(
        { db, provider, mail, catalogCache },
        signedInUser(request),
        request.params.id,
        request.body.payment.transactionId,
      ),
  );

  // The webhook's signature covers the exact bytes Stripe sent, so this route keeps the raw body.
  await app.register(async (webhooks) => {
    webhooks.removeAllContentTypeParsers();
    webhooks.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    webhooks.post(
      '/webhooks/stripe',
      {
        schema: {
          tags: ['payments'],
          summary: 'Stripe webhook (signature verified against the raw body)',
          hide: false,
        },
      },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const outcome = await handleWebhook(
          { db, provider, mail, catalogCache, log: request.log },
          body,
          Array.isArray(signature) ? signature[0] : signature,
        );
        return { received: true, outcome };
      },
    );
  });

  if (testProvider) {
    app.post(
      '/payments/test/confirm',
      {
        config: { rateLimit: limit('test-card') },
        schema: {
          tags: ['payments'],
          summary: "Test provider: charge a card against a client secret, answering as Stripe's test mode",
          body: TestCardBody,
          response: { 200: TestCardResult, ...errors },
        },
      },
      async (request) => {
        const { clientSecret, ...card } = request.body;
        const result = await testProvider.confirmCard(clientSecret, card);
        if (!result) throw new DomainError('NOT_FOUND', messages.paymentNotFound);
        if (!result.ok) throw new DomainError('CARD_DECLINED', result.message);
        return { status: 'succeeded' as const, transactionId: result.intent.id };
      },
    );
  }
};
