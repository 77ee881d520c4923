import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DeleteResult, UpdateResult } from '../../shared/api/common.schemas';
import { errorResponses } from '../../shared/api/errors';
import { messages } from '../../shared/messages';
import {
  CreatePunchoutConnectionBody,
  CreatedPunchoutConnection,
  OrderPunchout,
  PunchoutConnection,
  PunchoutConnectionParams,
  PunchoutSessionInfo,
  UpdatePunchoutConnectionBody,
} from '../../shared/api/punchout.schemas';
import type { CatalogCache } from '../catalog/catalog-cache';
import type { Database } from '../db/database';
import { RETRY_AFTER_SECONDS, retryableRefusalOf } from '../db/unavailable';
import { DomainError } from '../http/domain-error';
import { limit } from '../http/rate-limit';
import { countOne } from '../http/request-counters';
import { type AuthGuards, signedInUser } from '../identity/request-user';
import type { MailContext } from '../mail/mail-layout';
import { escapeHtml } from '../mail/mail-layout';
import type { PaymentProvider } from '../payments/payment-provider';
import {
  CxmlError,
  readCxml,
  readSender,
  sameCredential,
  screenCxml,
  setupResponse,
  statusResponse,
} from './cxml';
import {
  type PunchoutPolicy,
  authenticate,
  createConnection,
  deleteConnection,
  listConnections,
  updateConnection,
} from './connections';
import { placePunchoutOrder, punchoutOfOrder } from './punchout-orders';
import { findOrderFor } from '../orders/storage/orders.repository';
import { OrderIdParams } from '../../shared/api/orders.schemas';
import { findCompany } from '../records/companies.repository';
import {
  PunchoutRefusal,
  beginPunchout,
  punchoutOfSession,
  sessionCookie,
  startPunchout,
} from './punchout-sessions';
import { transferCart } from './transfer';

export interface PunchoutRoutesOptions {
  db: Database;
  guards: AuthGuards;
  mail: MailContext;
  catalogCache: CatalogCache;
  provider: PaymentProvider;
  holdHours: number;
  minUnits: number;
  maxUnpaid: number;
  policy: PunchoutPolicy;
  /** Signs the punchout's session cookie as better-auth signs its own. */
  authSecret: string;
  /** DatabaseHandle's: tells a busy database from one that is down. */
  stillAnswering?: () => Promise<boolean>;
}

/** What one connection may send in ten minutes: a procurement system's busy morning. */
const CONNECTION_MAX = 600;
const CONNECTION_WINDOW_MS = 10 * 60_000;

/** A cXML document is a few kilobytes; a requisition of 200 lines a few hundred. */
export const MAX_CXML_BYTES = 1024 * 1024;

const errors = errorResponses(400, 401, 403, 404, 409);

/**
 * Punchout (DESIGN §11): the procurement systems' doors (POST /punchout/cxml, GET|POST /punchout/oci),
 * the single-use start address, the transfer of the cart, and the shop admin's connections.
 */
export const punchoutRoutes: FastifyPluginAsyncZod<PunchoutRoutesOptions> = async (app, options) => {
  const { db, guards, mail, policy, minUnits } = options;
  const orderDeps = options;
  // HTML forms post here: OCI's catalog call from the procurement system's page, and the Transfer button.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  /**
   * Each connection's own limit, counted once its credential is proven (before, only the calling
   * address is: rate-limit.ts), so that one procurement system's burst does not hold up another's.
   */
  const withinConnectionLimit = async (request: FastifyRequest, connectionId: string) =>
    (await countOne(db, `punchout-connection:${connectionId}`, CONNECTION_WINDOW_MS)).count <=
    Math.ceil(CONNECTION_MAX * request.server.rateLimitScale);

  // --- cXML: documents in, documents out, every answer a cXML Response ---
  await app.register(async (plain) => {
    const cxml = plain.withTypeProvider<ZodTypeProvider>();
    // What no procurement system sends (declarations, more markup than CXML_LIMITS) is refused as the
    // body arrives, in one pass over its text: before the rate limits count it in the database.
    cxml.addContentTypeParser(
      ['text/xml', 'application/xml'],
      { parseAs: 'string', bodyLimit: MAX_CXML_BYTES },
      (_request, body, done) => {
        try {
          screenCxml(String(body));
          done(null, body);
        } catch (error) {
          done(error as Error, undefined);
        }
      },
    );
    // Errors answer as cXML with their status (HTTP 200 carries the document, as procurement systems expect).
    cxml.setErrorHandler(async (error: Error & { statusCode?: number }, request, reply) => {
      const { status, message, retryAfter } = await cxmlStatusOf(error, options.stillAnswering);
      if (status === 500) request.log.error({ err: error }, 'cXML request failed');
      if (status === TEMPORARY_ERROR)
        request.log.warn({ err: error }, 'cXML request met a busy or unreachable database');
      // A retryable refusal says so to the transport too: 503 with Retry-After, which the networks'
      // resend schedules honour; the document's own status is cXML's "temporary server error".
      if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
      void reply
        .status(status === 429 || status === 500 ? status : status === TEMPORARY_ERROR ? 503 : 200)
        .type('text/xml; charset=utf-8')
        .send(statusResponse(status, message));
    });
    cxml.post(
      '/punchout/cxml',
      {
        config: { rateLimit: limit('punchout') },
        schema: {
          tags: ['punchout'],
          summary:
            'cXML from a procurement system: a PunchOutSetupRequest (answered with a single-use StartPage) or an OrderRequest (answered 200 once the order is placed; idempotent by payloadID)',
          consumes: ['text/xml', 'application/xml'],
          produces: ['text/xml'],
          body: z.string().meta({ description: 'A cXML document' }),
        },
      },
      async (request, reply) => {
        // The credential first, read from the Header alone: a stranger's document is refused without
        // being parsed; the whole parse after it, on the event loop, is bounded (CXML_LIMITS, checked
        // as the body arrived) and counted against the connection's own limit.
        const sender = readSender(request.body);
        if (!sender.sharedSecret) throw new CxmlError(401, 'The Sender credential has no SharedSecret');
        const connection = await authenticate(
          db,
          { protocol: 'cxml', domain: sender.domain, identity: sender.identity },
          sender.sharedSecret,
        );
        if (!connection)
          throw new CxmlError(401, 'The Sender credential or its SharedSecret is not known to the shop');
        if (!(await withinConnectionLimit(request, connection.id))) {
          throw new CxmlError(
            429,
            'Too many documents from this connection; please try again in a few minutes',
          );
        }
        const document = readCxml(request.body);
        if (!sameCredential(document.sender, sender)) {
          throw new CxmlError(401, 'The Sender credential is not the one the document’s Header begins with');
        }
        reply.type('text/xml; charset=utf-8');
        if (document.kind === 'PunchOutSetupRequest') {
          const email = document.extrinsics.UserEmail;
          const name =
            document.extrinsics.UserFullName ??
            [document.extrinsics.FirstName, document.extrinsics.LastName].filter(Boolean).join(' ');
          const startUrl = await beginPunchout(
            db,
            connection,
            {
              returnUrl: document.browserFormPost,
              buyerCookie: document.buyerCookie,
              buyerCredential: document.from[0]
                ? { domain: document.from[0].domain, identity: document.from[0].identity }
                : null,
              operation: document.operation,
              ociTarget: null,
              setupPayloadId: document.payloadId,
              contact: email && z.email().safeParse(email).success ? { email, name: name || null } : null,
              items: document.items.map((item) => ({
                sku: item.supplierPartId,
                quantity: item.quantity,
                buyerPartId: item.buyerPartId,
              })),
            },
            { publicUrl: mail.publicUrl, policy },
          );
          return setupResponse(startUrl);
        }
        const { order, repeated } = await placePunchoutOrder(orderDeps, connection, document);
        return statusResponse(
          200,
          repeated
            ? `Order ${order.orderNumber} was placed for this payloadID already`
            : `Order ${order.orderNumber} placed`,
        );
      },
    );
  });

  // --- OCI: the catalog call opens a punchout in the caller's browser at once ---
  const OciCall = z.looseObject({
    USERNAME: z.string().max(200).optional(),
    PASSWORD: z.string().max(200).optional(),
    HOOK_URL: z.string().max(2000).optional(),
    '~TARGET': z.string().max(40).optional(),
  });
  const openOci = async (request: FastifyRequest, reply: FastifyReply, call: z.infer<typeof OciCall>) => {
    if (!call.USERNAME || !call.PASSWORD || !call.HOOK_URL) {
      return refusalPage(reply, 400, 'The catalog call needs USERNAME, PASSWORD and HOOK_URL.');
    }
    const connection = await authenticate(db, { protocol: 'oci', username: call.USERNAME }, call.PASSWORD);
    if (!connection) return refusalPage(reply, 401, 'The user name or password is not known to the shop.');
    if (!(await withinConnectionLimit(request, connection.id))) {
      return refusalPage(
        reply,
        429,
        'Too many punchouts from this connection; please try again in a few minutes.',
      );
    }
    try {
      const startUrl = await beginPunchout(
        db,
        connection,
        {
          returnUrl: call.HOOK_URL,
          buyerCookie: null,
          buyerCredential: null,
          operation: 'create',
          ociTarget: call['~TARGET'] && /^[\w-]+$/.test(call['~TARGET']) ? call['~TARGET'] : '_top',
          setupPayloadId: null,
          contact: null,
          items: [],
        },
        { publicUrl: mail.publicUrl, policy },
      );
      return await openStart(reply, new URL(startUrl).pathname.split('/').pop() ?? '');
    } catch (error) {
      if (error instanceof PunchoutRefusal) return refusalPage(reply, error.status, error.message);
      throw error;
    }
  };
  app.get(
    '/punchout/oci',
    {
      config: { rateLimit: limit('punchout') },
      schema: {
        tags: ['punchout'],
        summary: 'OCI catalog call: signs the browser into a punchout',
        querystring: OciCall,
      },
    },
    async (request, reply) => openOci(request, reply, request.query),
  );
  app.post(
    '/punchout/oci',
    {
      config: { rateLimit: limit('punchout') },
      schema: {
        tags: ['punchout'],
        summary: 'OCI catalog call (form post): signs the browser into a punchout',
        body: OciCall,
      },
    },
    async (request, reply) => openOci(request, reply, request.body),
  );

  // --- The start address: once, within five minutes ---
  async function openStart(reply: FastifyReply, token: string) {
    try {
      const started = await startPunchout(db, token, { floor: minUnits });
      const secure = mail.publicUrl.startsWith('https://');
      return await reply
        .header('set-cookie', sessionCookie(started, { secret: options.authSecret, secure }))
        .header('cache-control', 'no-store')
        .redirect(started.landing, 303);
    } catch (error) {
      if (error instanceof PunchoutRefusal) return refusalPage(reply, error.status, error.message);
      throw error;
    }
  }
  app.get(
    '/punchout/start/:token',
    {
      schema: {
        tags: ['punchout'],
        summary:
          'A punchout’s start address (from a PunchOutSetupResponse): signs the browser in, once, within five minutes',
        params: z.object({ token: z.string().max(100) }),
      },
    },
    async (request, reply) => openStart(reply, request.params.token),
  );

  // --- In the punchout: what it is, and the transfer ---
  app.get(
    '/api/punchout/session',
    {
      onRequest: guards.requireUser,
      config: { punchout: true },
      schema: {
        tags: ['punchout'],
        summary: 'The punchout this browser is in (404: none)',
        response: { 200: PunchoutSessionInfo, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const user = signedInUser(request);
      const punchout = user.punchout && (await punchoutOfSession(db, user.punchout.sessionId));
      if (!punchout) throw new DomainError('NOT_FOUND', 'This browser is not in a punchout');
      return {
        protocol: punchout.connection.protocol,
        systemName: punchout.connection.systemName,
        company: (await findCompany(db, punchout.connection.companyId))?.name ?? '',
        operation: punchout.session.operation,
        transferred: punchout.session.transferredAt !== null,
      };
    },
  );
  app.post(
    '/api/punchout/transfer',
    {
      onRequest: guards.requireUser,
      config: { punchout: true },
      schema: {
        tags: ['punchout'],
        summary:
          'Transfer the punchout’s cart to the procurement system: a page that posts itself to its return address (cXML PunchOutOrderMessage, or OCI fields)',
        produces: ['text/html'],
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      if (!user.punchout) throw new DomainError('NOT_FOUND', 'This browser is not in a punchout');
      try {
        const page = await transferCart(db, user, user.punchout.sessionId, {
          shop: mail.shop,
          minUnits,
          policy,
        });
        return await reply
          .header('content-security-policy', page.contentSecurityPolicy)
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(page.html);
      } catch (error) {
        if (error instanceof PunchoutRefusal) return refusalPage(reply, error.status, error.message);
        throw error;
      }
    },
  );

  app.get(
    '/api/purchase/:id/punchout',
    {
      onRequest: guards.requireUser,
      config: { keyScope: 'orders:read' },
      schema: {
        tags: ['orders'],
        summary:
          'The procurement system an order came from by punchout, with its OrderRequest’s payloadID (404: not by punchout)',
        params: OrderIdParams,
        response: { 200: OrderPunchout, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const order = await findOrderFor(db, signedInUser(request), request.params.id, 'shop');
      const origin = await punchoutOfOrder(db, order.id);
      if (!origin) throw new DomainError('NOT_FOUND', 'This order did not come by punchout');
      return origin;
    },
  );

  // --- The shop admin's connections ---
  app.post(
    '/api/admin/punchout-connections',
    {
      onRequest: guards.requireAdmin,
      schema: {
        tags: ['admin'],
        summary:
          'Set up a company’s procurement system: cXML (sender credential and shared secret) or OCI (user name and password), kept hashed; the hosts carts may return to; the colleague it orders as (admin)',
        body: CreatePunchoutConnectionBody,
        response: { 201: CreatedPunchoutConnection, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createConnection(db, signedInUser(request), request.body, policy)),
  );
  app.get(
    '/api/admin/punchout-connections',
    {
      onRequest: guards.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Every punchout connection with its latest punchouts and orders (admin)',
        response: { 200: z.array(PunchoutConnection), ...errors },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return listConnections(db);
    },
  );
  app.put(
    '/api/admin/punchout-connections/:id',
    {
      onRequest: guards.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Change a punchout connection: its hosts, buyer, credential, secret, or disable it (admin)',
        params: PunchoutConnectionParams,
        body: UpdatePunchoutConnectionBody,
        response: { 200: UpdateResult, ...errors },
      },
    },
    async (request) => {
      await updateConnection(db, signedInUser(request), request.params.id, request.body, policy);
      return { modifiedCount: 1 };
    },
  );
  app.delete(
    '/api/admin/punchout-connections/:id',
    {
      onRequest: guards.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Remove a punchout connection that never sent an order (admin)',
        params: PunchoutConnectionParams,
        response: { 200: DeleteResult, ...errors },
      },
    },
    async (request) => {
      await deleteConnection(db, signedInUser(request), request.params.id);
      return { deletedCount: 1 };
    },
  );
};

/** A page a person reads when a punchout cannot start or transfer: what happened and what to do. */
function refusalPage(reply: FastifyReply, status: number, message: string) {
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Punchout</title><meta name="viewport" content="width=device-width, initial-scale=1"></head><body style="font-family: system-ui, sans-serif; padding: 2rem"><h1>The punchout could not go on</h1><p>${escapeHtml(message)}</p></body></html>`,
    );
}

/** cXML's "Temporary server error": the client should send the same document again later. */
const TEMPORARY_ERROR = 560;

/**
 * The cXML status an error answers with, and what it says. A database that is busy (a deadlock, a
 * lock or statement timeout, every connection in use) or briefly unreachable is a temporary error the
 * procurement system resends after Retry-After; the resend is safe, an OrderRequest being idempotent
 * by its payloadID. It had answered 500 "could not handle this document", which networks treat as
 * final.
 */
async function cxmlStatusOf(
  error: Error & { statusCode?: number },
  stillAnswering?: () => Promise<boolean>,
): Promise<{ status: number; message: string; retryAfter?: number }> {
  if (error instanceof CxmlError || error instanceof PunchoutRefusal)
    return { status: error.status, message: error.message };
  const refusal = await retryableRefusalOf(error, stillAnswering);
  if (refusal)
    return { status: TEMPORARY_ERROR, message: refusal.message, retryAfter: refusal.retryAfterSeconds };
  if (error instanceof DomainError && error.code === 'UNAVAILABLE')
    return { status: TEMPORARY_ERROR, message: messages.unavailable, retryAfter: RETRY_AFTER_SECONDS };
  if (error instanceof DomainError) return { status: 400, message: error.message };
  switch (error.statusCode) {
    case 413:
      return { status: 413, message: `The document is larger than ${MAX_CXML_BYTES / 1024} KB` };
    case 415:
      return { status: 400, message: 'Send the cXML document as text/xml or application/xml' };
    case 429:
      return { status: 429, message: error.message };
    case 400:
      return { status: 400, message: error.message };
    default:
      return { status: 500, message: 'The shop could not handle this document; please try again later' };
  }
}
