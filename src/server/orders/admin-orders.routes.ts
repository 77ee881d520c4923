import { recordAudit } from '../audit/audit.repository';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminOrderPage,
  AdminOrdersFilter,
  AdminOrdersQuery,
  CancelOrderBody,
  CancelPreview,
  CreditNoteListItem,
  CreditNotesQuery,
  DocumentNumberParams,
  ResendResult,
  ChangeOrderStatusBody,
  RefuseCancellationBody,
  SetFreightBody,
  ShipmentBody,
} from '../../shared/api/admin-orders.schemas';
import { UpdateResult } from '../../shared/api/common.schemas';
import { errorResponses } from '../../shared/api/errors';
import { Order, OrderIdParams, Shipment } from '../../shared/api/orders.schemas';
import { dollarsToCents } from '../../shared/money';
import { setFreight } from './set-freight';
import { type AuthGuards, signedInUser } from '../identity/request-user';
import type { Database } from '../db/database';
import type { MailContext } from '../mail/mail-layout';
import type { CatalogCache } from '../catalog/catalog-cache';
import { exportOrdersCsv } from './orders-csv';
import { listCreditNotes, listOrdersPage } from './storage/orders.repository';
import { toOrder, toShipment } from './order-view';
import { shipOrder } from './ship-order';
import { cancelByShop, previewCancelByShop, refuseCancellation } from './cancel-by-shop';
import { resendDocument } from './resend-document';
import { formatCreditNoteNumber, formatInvoiceNumber } from '../../shared/domain/document-numbers';
import { centsToDollars } from '../../shared/money';
import { z } from 'zod';
import type { PaymentProvider } from '../payments/payment-provider';

const errors = errorResponses(400, 401, 403, 404, 409);

/** Manage All Orders (DESIGN §5.7): every order with its state; paid orders ship, and are cancelled and refunded. */
export const adminOrdersRoutes: FastifyPluginAsyncZod<{
  db: Database;
  guards: AuthGuards;
  mail: MailContext;
  catalogCache: CatalogCache;
  holdHours: number;
  /** Card refunds of cancelled units go to it; unpaid orders' intents are cancelled at it. */
  provider: PaymentProvider;
}> = async (app, { db, guards, mail, catalogCache, holdHours, provider }) => {
  app.addHook('onRequest', guards.requireAdmin);
  const deps = { db, mail, catalogCache, provider };

  app.get(
    '/admin/orders',
    {
      schema: {
        tags: ['admin'],
        summary: 'All orders, newest first, filtered by state, paginated (admin)',
        querystring: AdminOrdersQuery,
        response: { 200: AdminOrderPage, ...errors },
      },
    },
    async (request) => {
      const { rows, total } = await listOrdersPage(db, request.query);
      return { orders: rows.map(toOrder), total, page: request.query.page, pageSize: request.query.pageSize };
    },
  );

  app.get(
    '/admin/orders.csv',
    {
      schema: {
        tags: ['admin'],
        summary: 'The orders the filter picks (e.g. a range of days) as CSV, oldest first (admin)',
        querystring: AdminOrdersFilter,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const { from, to } = request.query;
      const range = from || to ? `-${from ?? 'start'}-to-${to ?? 'today'}` : '';
      // Every customer's name, address and phone leave the shop in this file: who took it is recorded.
      await recordAudit(db, signedInUser(request), {
        action: 'orders.export',
        subject: `orders${range}.csv`,
        after: request.query,
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="orders${range}.csv"`)
        .send(await exportOrdersCsv(db, request.query));
    },
  );

  app.patch(
    '/admin/orders/:id/status',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Mark a paid order shipped (admin): every unit ready to ship leaves in one shipment; any other change is refused',
        params: OrderIdParams,
        body: ChangeOrderStatusBody,
        response: { 200: UpdateResult, ...errors },
      },
    },
    async (request) => {
      const { carrier, trackingNumber } = request.body;
      const shipped = await shipOrder({ db, mail, catalogCache }, signedInUser(request), request.params.id, {
        carrier,
        trackingNumber,
      });
      return { modifiedCount: shipped ? 1 : 0 };
    },
  );

  app.post(
    '/admin/orders/:id/shipments',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Ship units of a paid or on-account order (admin): only units neither shipped nor on backorder',
        params: OrderIdParams,
        body: ShipmentBody,
        response: { 201: Shipment, ...errors },
      },
    },
    async (request, reply) => {
      const shipped = await shipOrder(
        { db, mail, catalogCache },
        signedInUser(request),
        request.params.id,
        request.body,
      );
      // Only 'Mark shipped' of a shipped order answers null: this route always names its lines.
      if (!shipped) throw new Error('A shipment with lines was not recorded');
      return reply.status(201).send(toShipment(shipped.order, shipped.shipment));
    },
  );

  app.post(
    '/admin/orders/:id/cancel',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Cancel an order (admin), whole or some units not shipped: their stock goes back; of an invoiced order a credit note credits them (the freight too when the whole order goes) and the money goes back to the card or the company’s account',
        params: OrderIdParams,
        body: CancelOrderBody,
        response: { 200: Order, ...errors },
      },
    },
    async (request) =>
      toOrder(await cancelByShop(deps, signedInUser(request), request.params.id, request.body)),
  );

  app.post(
    '/admin/orders/:id/cancel/preview',
    {
      schema: {
        tags: ['admin'],
        summary:
          'What cancelling would do (admin), by the same rules, changing nothing: the units, whether the whole order goes, and what its credit note would give back and where; to show before the cancellation is confirmed',
        params: OrderIdParams,
        body: CancelOrderBody,
        response: { 200: CancelPreview, ...errors },
      },
    },
    async (request) => previewCancelByShop(deps, signedInUser(request), request.params.id, request.body),
  );

  app.post(
    '/admin/orders/:id/cancellation/refuse',
    {
      schema: {
        tags: ['admin'],
        summary: 'Refuse a buyer’s request to cancel an order (admin): the buyer is mailed the reason',
        params: OrderIdParams,
        body: RefuseCancellationBody,
        response: { 200: Order, ...errors },
      },
    },
    async (request) =>
      toOrder(await refuseCancellation(deps, signedInUser(request), request.params.id, request.body.reason)),
  );

  app.put(
    '/admin/orders/:id/freight',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Quote the freight of an order shipping on a pallet (admin): its total is then known and it can be paid, or goes on account',
        params: OrderIdParams,
        body: SetFreightBody,
        response: { 200: Order, ...errors },
      },
    },
    async (request) =>
      toOrder(
        await setFreight(
          { db, mail, catalogCache, holdHours },
          signedInUser(request),
          request.params.id,
          dollarsToCents(request.body.freight),
        ),
      ),
  );

  app.get(
    '/admin/credit-notes',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Credit notes, newest first (at most 200): by number (CN-000007, or its invoice INV-000123), company or email, and days issued (admin)',
        querystring: CreditNotesQuery,
        response: { 200: z.array(CreditNoteListItem), ...errors },
      },
    },
    async (request) =>
      (await listCreditNotes(db, { ...request.query, limit: 200 })).map((note) => ({
        number: formatCreditNoteNumber(note.number),
        issuedAt: note.issuedAt.toISOString(),
        amount: centsToDollars(note.amountCents),
        reason: note.reason,
        orderId: note.orderId,
        orderNumber: note.orderNumber,
        invoiceNumber: note.invoiceNumber === null ? null : formatInvoiceNumber(note.invoiceNumber),
        company: note.company,
        email: note.email,
      })),
  );

  app.post(
    '/admin/documents/:number/resend',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Send an invoice or credit note again, as it was issued, to the buyer and the company’s billing address (admin)',
        params: DocumentNumberParams,
        response: { 200: ResendResult, ...errors },
      },
    },
    async (request) => resendDocument({ db, mail }, signedInUser(request), request.params.number),
  );
};
