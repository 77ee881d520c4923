import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';

interface StandInIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  description: string | null;
}

/**
 * A local HTTP stand-in for the parts of Stripe's API the shop calls (create, retrieve and cancel
 * payment intents, refund them, with idempotency keys; errors in Stripe's shape), so the real Stripe SDK's wire calls are exercised offline.
 */
export async function startStripeStandIn() {
  const intents = new Map<string, StandInIntent>();
  const byIdempotencyKey = new Map<string, string>();
  const requests: { method: string; url: string; idempotencyKey: string | undefined }[] = [];
  const app = Fastify();
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, new URLSearchParams(body as string)),
  );
  app.addHook('onRequest', async (request, reply) => {
    const key = request.headers['idempotency-key'];
    requests.push({
      method: request.method,
      url: request.url,
      idempotencyKey: Array.isArray(key) ? key[0] : key,
    });
    if (!String(request.headers.authorization).startsWith('Bearer sk_')) {
      return reply
        .status(401)
        .send({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
  });

  app.post('/v1/payment_intents', async (request) => {
    const key = request.headers['idempotency-key'];
    const idempotencyKey = Array.isArray(key) ? key[0] : key;
    const replay = idempotencyKey ? byIdempotencyKey.get(idempotencyKey) : undefined;
    if (replay) return intents.get(replay);
    const form = request.body as URLSearchParams;
    const metadata: Record<string, string> = {};
    for (const [name, value] of form) {
      const match = /^metadata\[(.+)\]$/.exec(name);
      if (match?.[1]) metadata[match[1]] = value;
    }
    const id = `pi_${randomBytes(12).toString('hex')}`;
    const intent: StandInIntent = {
      id,
      object: 'payment_intent',
      amount: Number(form.get('amount')),
      currency: form.get('currency') ?? 'usd',
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
      metadata,
      description: form.get('description'),
    };
    intents.set(id, intent);
    if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, id);
    return intent;
  });

  app.get<{ Params: { id: string } }>('/v1/payment_intents/:id', async (request, reply) => {
    const intent = intents.get(request.params.id);
    if (!intent) {
      return reply.status(404).send({
        error: {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: `No such payment_intent: '${request.params.id}'`,
        },
      });
    }
    return intent;
  });

  const unexpectedState = (intent: StandInIntent, action: string) => ({
    error: {
      type: 'invalid_request_error',
      code: 'payment_intent_unexpected_state',
      message: `You cannot ${action} this PaymentIntent because it has a status of ${intent.status}.`,
    },
  });

  app.post<{ Params: { id: string } }>('/v1/payment_intents/:id/cancel', async (request, reply) => {
    const intent = intents.get(request.params.id);
    if (!intent)
      return reply.status(404).send({ error: { type: 'invalid_request_error', code: 'resource_missing' } });
    if (intent.status === 'succeeded' || intent.status === 'processing') {
      return reply.status(400).send(unexpectedState(intent, 'cancel'));
    }
    intent.status = 'canceled';
    return intent;
  });

  const refunds = new Map<string, { id: string; object: 'refund'; payment_intent: string; amount: number }>();
  app.post('/v1/refunds', async (request, reply) => {
    const key = String(request.headers['idempotency-key'] ?? '');
    const replay = refunds.get(key);
    if (replay) return replay;
    const intent = intents.get((request.body as URLSearchParams).get('payment_intent') ?? '');
    if (!intent)
      return reply.status(404).send({ error: { type: 'invalid_request_error', code: 'resource_missing' } });
    if (intent.status !== 'succeeded') return reply.status(400).send(unexpectedState(intent, 'refund'));
    const given = [...refunds.values()]
      .filter((refund) => refund.payment_intent === intent.id)
      .reduce((sum, refund) => sum + refund.amount, 0);
    const asked = (request.body as URLSearchParams).get('amount');
    const amount = asked === null ? intent.amount - given : Number(asked);
    if (amount <= 0 || amount > intent.amount - given) {
      return reply.status(400).send({
        error: {
          type: 'invalid_request_error',
          code: given >= intent.amount ? 'charge_already_refunded' : 'amount_too_large',
          message: `Refund amount (${amount}) is greater than unrefunded amount on charge (${intent.amount - given})`,
        },
      });
    }
    const refund = {
      id: `re_${randomBytes(12).toString('hex')}`,
      object: 'refund' as const,
      payment_intent: intent.id,
      amount,
    };
    refunds.set(key || refund.id, refund);
    return refund;
  });

  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    intents,
    requests,
    refunds,
    /** What Stripe does when the customer's card is charged in the browser. */
    succeed(id: string) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`no intent ${id}`);
      if (intent.status === 'canceled') throw new Error('the card was refused: the intent is canceled');
      intent.status = 'succeeded';
      return intent;
    },
    close: () => app.close(),
  };
}
