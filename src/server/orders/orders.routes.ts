import { dollarsToCents } from '../../shared/money';
import { previewOrderWork } from './order-process';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DeleteResult } from '../../shared/api/common.schemas';
import { formatCreditNoteNumber, formatInvoiceNumber } from '../../shared/domain/document-numbers';
import { errorResponses } from '../../shared/api/errors';
import {
  Order,
  OrderDetail,
  OrderIdParams,
  OrderList,
  OrdersQuery,
  PlaceOrderBody,
  ApproveOrderBody,
  RejectOrderBody,
  CancellationRequestBody,
  CreditNoteParams,
  PlaceOrderResult,
  LineQuantity,
  ChangeOrderLinesBody,
  DocumentFormatQuery,
} from '../../shared/api/orders.schemas';
import { type AuthGuards, signedInUser } from '../identity/request-user';
import type { CatalogCache } from '../catalog/catalog-cache';
import type { Database } from '../db/database';
import type { PaymentProvider } from '../payments/payment-provider';
import { DomainError } from '../http/domain-error';
import { limit } from '../http/rate-limit';
import type { MailContext } from '../mail/mail-layout';
import { isInvoiced } from '../billing/invoice-pdf';
import { requestCancellation } from './cancel-by-shop';
import { findCreditNote } from '../records/credit-notes.repository';
import type { FastifyReply } from 'fastify';
import { cancelOrder } from './cancel-order';
import { changeOrderLines } from './change-order';
import { type PlacedOrder, findOrderFor, historyOf, listOrdersFor } from './storage/orders.repository';
import { toHistory, toOrder } from './order-view';
import { issuedDocumentFile } from '../billing/e-invoice';
import { issuedDocumentOf } from '../billing/issued-documents';
import { placeOrder } from './place-order';
import { decideOrder, listAwaitingApproval } from './approvals';
import { messages } from '../../shared/messages';
import { ChargesPreview, DestinationQuery } from '../../shared/api/cart.schemas';
import { findProduct } from '../records/products.repository';
import { previewCharges } from '../tax/charges';
import { pricingFor } from '../pricing/price-line';

/** GET /api/purchase/preview: a product, a quantity and where it would go. */
const PreviewQuery = DestinationQuery.extend({
  toolId: z.uuid({ error: 'Malformed product id' }),
  quantity: z.coerce.number().pipe(LineQuantity),
});

export interface OrdersRoutesOptions {
  db: Database;
  catalogCache: CatalogCache;
  /** Cancelling an order cancels its payment intent first. */
  provider: PaymentProvider;
  guards: AuthGuards;
  holdHours: number;
  minUnits: number;
  maxUnpaid: number;
  mail: MailContext;
}

const errors = errorResponses(400, 401, 403, 404, 409);

export const ordersRoutes: FastifyPluginAsyncZod<OrdersRoutesOptions> = async (app, options) => {
  const { db, catalogCache, provider, guards, holdHours, minUnits, maxUnpaid, mail } = options;

  app.post(
    '/purchase',
    {
      onRequest: guards.requireUser,
      config: { keyScope: 'orders:write', rateLimit: limit('place-order') },
      schema: {
        tags: ['orders'],
        summary: 'Place an order; the server prices it and reserves the stock (spec §7 POST /purchase)',
        body: PlaceOrderBody,
        response: { 201: PlaceOrderResult, ...errors },
      },
    },
    async (request, reply) => {
      const row = await placeOrder(
        { db, catalogCache, holdHours, minUnits, maxUnpaid, mail },
        signedInUser(request),
        request.body,
      );
      return reply.status(201).send({ acknowledged: true, insertedId: row.id, order: toOrder(row) });
    },
  );

  app.get(
    '/purchase/preview',
    {
      onRequest: guards.requireUser,
      config: { keyScope: 'catalog:read' },
      schema: {
        tags: ['orders'],
        summary:
          'What ordering a product would cost delivered to a place: subtotal, freight, tax by rate and total, as the order would carry them',
        querystring: PreviewQuery,
        response: { 200: ChargesPreview, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const user = signedInUser(request);
      const { toolId, quantity, country, region, notForResale } = request.query;
      const product = await findProduct(db, toolId);
      if (!product) throw new DomainError('NOT_FOUND', messages.productNotFound);
      const pricing = await pricingFor(db, user, [product.sku], minUnits);
      return previewCharges(
        db,
        [{ productId: product.id, quantity, amountCents: pricing.line(product, quantity).amountCents }],
        { country, region: region ?? null },
        { companyId: user.company?.id ?? null, seller: mail.shop, notForResale },
      );
    },
  );

  app.get(
    '/purchase',
    {
      onRequest: guards.requireUser,
      config: { keyScope: 'orders:read', rateLimit: limit('read-orders') },
      schema: {
        tags: ['orders'],
        summary: "The caller's orders (spec §7 GET /purchase?email=); admins may ask for anyone's",
        querystring: OrdersQuery,
        response: { 200: OrderList, ...errors },
      },
    },
    async (request) => (await listOrdersFor(db, signedInUser(request), request.query.email)).map(toOrder),
  );

  app.get(
    '/purchase/:id',
    {
      onRequest: guards.requireUser,
      config: { keyScope: 'orders:read' },
      schema: {
        tags: ['orders'],
        summary: 'One order: your own, or any for admins (spec §7 GET /purchase/{id})',
        params: OrderIdParams,
        response: { 200: OrderDetail, ...errors },
      },
    },
    async (request) => {
      const caller = signedInUser(request);
      const order = await findOrderFor(db, caller, request.params.id, 'shop');
      const history = toHistory(await historyOf(db, order.id), { forStaff: caller.role === 'admin' });
      return { ...toOrder(order), history };
    },
  );

  app.get(
    '/purchase/:id/invoice',
    {
      onRequest: guards.requireUser,
      // Each invoice is drawn on request: plenty for an accounts department, not a way to load the server.
      config: { keyScope: 'orders:read', rateLimit: limit('invoice') },
      schema: {
        tags: ['orders'],
        summary:
          'The invoice of a paid or shipped order: a PDF, or as EN 16931 data (`format=ubl`: UBL 2.1 following Peppol BIS Billing 3.0; `format=cii`: UN/CEFACT CII D16B); your own, or any for admins',
        params: OrderIdParams,
        querystring: DocumentFormatQuery,
        produces: ['application/pdf', 'application/xml'],
        response: {
          200: z.union([z.instanceof(Buffer), z.string()]).meta({ type: 'string', format: 'binary' }),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const order = await findOrderFor(db, signedInUser(request), request.params.id, 'shop');
      if (!isInvoiced(order)) {
        throw new DomainError('INVOICE_NOT_READY', messages.invoiceNotReady(order.status));
      }
      // The invoice as it was issued, never re-drawn from the order as it stands today.
      const document = await issuedDocumentOf(
        db,
        { kind: 'invoice', orderId: order.id },
        mail.shop,
        async () => order,
      );
      if (!document) throw new DomainError('INVOICE_NOT_READY', messages.invoiceNotReady(order.status));
      const { format } = request.query;
      const content = await issuedDocumentFile(db, document, format);
      const number = formatInvoiceNumber(document.number);
      if (format !== 'pdf') {
        return reply
          .type('application/xml; charset=utf-8')
          .header('content-disposition', `attachment; filename="${number}-${format}.xml"`)
          .send(content);
      }
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${number}.pdf"`)
        .send(content);
    },
  );

  /** A credit note's PDF (Factur-X) or its EN 16931 data, for those who may read its order. */
  const sendCreditNote = async (
    reply: FastifyReply,
    order: PlacedOrder,
    note: PlacedOrder['creditNotes'][number] | undefined,
    format: DocumentFormatQuery['format'] = 'pdf',
  ) => {
    if (!note || !isInvoiced(order)) throw new DomainError('NOT_FOUND', messages.noCreditNote);
    const document = await issuedDocumentOf(
      db,
      { kind: 'credit_note', orderId: order.id, creditNoteId: note.id },
      mail.shop,
      async () => order,
    );
    if (!document) throw new DomainError('NOT_FOUND', messages.noCreditNote);
    const number = formatCreditNoteNumber(document.number);
    const content = await issuedDocumentFile(db, document, format);
    if (format !== 'pdf') {
      return reply
        .type('application/xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="${number}-${format}.xml"`)
        .send(content);
    }
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${number}.pdf"`)
      .send(content);
  };

  app.get(
    '/credit-notes/:number',
    {
      onRequest: guards.requireUser,
      config: { keyScope: 'orders:read', rateLimit: limit('invoice') },
      schema: {
        tags: ['orders'],
        summary:
          'A credit note (CN-000007: its own numbered series, the invoice’s prices and rates) as a Factur-X PDF, or as EN 16931 data naming the invoice it corrects (`format=ubl`: a UBL 2.1 CreditNote; `format=cii`): of your own or your company’s orders, or any for admins',
        params: CreditNoteParams,
        querystring: DocumentFormatQuery,
        produces: ['application/pdf', 'application/xml'],
        response: {
          200: z.union([z.instanceof(Buffer), z.string()]).meta({ type: 'string', format: 'binary' }),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const note = await findCreditNote(db, Number(request.params.number.slice(3)));
      if (!note) throw new DomainError('NOT_FOUND', messages.noCreditNote);
      // Someone who may not read the order is told there is no such credit note.
      const order = await findOrderFor(db, signedInUser(request), note.orderId, 'shop').catch(() => {
        throw new DomainError('NOT_FOUND', messages.noCreditNote);
      });
      return sendCreditNote(
        reply,
        order,
        order.creditNotes.find((candidate) => candidate.id === note.id),
        request.query.format,
      );
    },
  );

  app.get(
    '/purchase/:id/credit-note',
    {
      onRequest: guards.requireUser,
      config: { keyScope: 'orders:read', rateLimit: limit('invoice') },
      schema: {
        tags: ['orders'],
        summary:
          'The first credit note of an order as a PDF (GET /api/credit-notes/{number} serves each): your own, or any for admins',
        params: OrderIdParams,
        produces: ['application/pdf'],
        response: { 200: z.instanceof(Buffer).meta({ type: 'string', format: 'binary' }), ...errors },
      },
    },
    async (request, reply) => {
      const order = await findOrderFor(db, signedInUser(request), request.params.id, 'shop');
      return sendCreditNote(reply, order, order.creditNotes[0]);
    },
  );

  // A change and its preview run the same code: the preview rolls its transaction back.
  const changeDeps = { db, catalogCache, mail, provider, minUnits };

  app.put(
    '/purchase/:id/lines',
    {
      onRequest: guards.requireUser,
      config: { keyScope: 'orders:write', rateLimit: limit('change-order') },
      schema: {
        tags: ['orders'],
        summary:
          'Change an order before it is paid or invoiced: its lines become these (by SKU), priced again, their stock reserved all or nothing, tax, freight and the company’s limits and approval applied again',
        params: OrderIdParams,
        body: ChangeOrderLinesBody,
        response: { 200: Order, ...errors },
      },
    },
    async (request) =>
      toOrder(
        await changeOrderLines(changeDeps, signedInUser(request), request.params.id, request.body.lines),
      ),
  );

  app.post(
    '/purchase/:id/lines/preview',
    {
      onRequest: guards.requireUser,
      config: { keyScope: 'orders:write', rateLimit: limit('cart') },
      schema: {
        tags: ['orders'],
        summary:
          'What changing an order’s lines would make of it, changing nothing: every line priced again, tax, freight, the total and where it would go (to be paid, to the approvers, to a freight quote, on account), by the same rules as the change',
        params: OrderIdParams,
        body: ChangeOrderLinesBody,
        response: { 200: Order, ...errors },
      },
    },
    async (request) =>
      toOrder(
        await changeOrderLines(
          changeDeps,
          signedInUser(request),
          request.params.id,
          request.body.lines,
          previewOrderWork,
        ),
      ),
  );

  app.post(
    '/purchase/:id/cancellation',
    {
      onRequest: guards.requireUser,
      schema: {
        tags: ['orders'],
        summary:
          'Ask the shop to cancel a paid order that has not shipped: the shop cancels it (a credit note, the card refunded) or refuses, and you are mailed either way',
        params: OrderIdParams,
        body: CancellationRequestBody,
        response: { 200: Order, ...errors },
      },
    },
    async (request) =>
      toOrder(
        await requestCancellation(
          { db, catalogCache, mail, provider },
          signedInUser(request),
          request.params.id,
          request.body.reason,
        ),
      ),
  );

  const decide = { db, catalogCache, mail, holdHours };

  app.get(
    '/company/approvals',
    {
      onRequest: guards.requireUser,
      schema: {
        tags: ['companies'],
        summary: 'The company’s orders waiting for approval, oldest first (its approvers)',
        response: { 200: OrderList, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return (await listAwaitingApproval(db, signedInUser(request))).map(toOrder);
    },
  );

  app.post(
    '/purchase/:id/approve',
    {
      onRequest: guards.requireUser,
      config: { rateLimit: limit('approval') },
      schema: {
        tags: ['orders', 'companies'],
        summary:
          'Approve a colleague’s order waiting for approval, at the total you were shown (409 when it changed since): it can be paid now (the company’s approvers; neither its buyer nor the last to change it)',
        params: OrderIdParams,
        body: ApproveOrderBody,
        response: { 200: Order, ...errors },
      },
    },
    async (request) =>
      toOrder(
        await decideOrder(decide, signedInUser(request), request.params.id, {
          approve: true,
          totalCents: dollarsToCents(request.body.total),
        }),
      ),
  );

  app.post(
    '/purchase/:id/reject',
    {
      onRequest: guards.requireUser,
      config: { rateLimit: limit('approval') },
      schema: {
        tags: ['orders', 'companies'],
        summary:
          'Reject a colleague’s order waiting for approval, with a reason: its stock goes back and its buyer is told (the company’s approvers)',
        params: OrderIdParams,
        body: RejectOrderBody,
        response: { 200: Order, ...errors },
      },
    },
    async (request) =>
      toOrder(
        await decideOrder(decide, signedInUser(request), request.params.id, {
          approve: false,
          reason: request.body.reason,
        }),
      ),
  );

  app.delete(
    '/purchase/:id',
    {
      onRequest: guards.requireUser,
      config: { keyScope: 'orders:write' },
      schema: {
        tags: ['orders'],
        summary: 'Cancel your own unpaid order; its stock goes back on sale (spec §7 DELETE /purchase/{id})',
        params: OrderIdParams,
        response: { 200: DeleteResult, ...errors },
      },
    },
    async (request) =>
      cancelOrder({ db, catalogCache, provider, mail }, signedInUser(request), request.params.id),
  );
};
