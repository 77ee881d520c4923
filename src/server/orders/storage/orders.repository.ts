import { parseDocumentNumber } from '../../../shared/domain/document-numbers';
import {
  type AnyColumn,
  type SQL,
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  or,
  sql,
} from 'drizzle-orm';
import type { AdminOrdersFilter } from '../../../shared/api/admin-orders.schemas';
import { startOfNextUtcDay, startOfUtcDay } from '../../../shared/days';
import {
  HOLDING_STATES,
  RESERVING_STATES,
  OPEN_STATES,
  SPENDING_STATES,
  type OrderStatus,
} from '../../../shared/domain/order-status';
import type { OrderEvent } from '../../../shared/domain/order-process';
import { messages } from '../../../shared/messages';
import { type Access, canAccess, seesEveryBuyer, visibleTo } from '../../identity/access';
import type { SessionUser } from '../../identity/request-user';
import type { Executor } from '../../db/database';
import {
  type OrderLineRow,
  type OrderRow,
  type ShipmentRow,
  creditNotes,
  orderEvents,
  orderLines,
  orders,
  shipmentLines,
  shipments,
} from '../../db/schema';
import { DomainError } from '../../http/domain-error';
import {
  type CreditNote,
  creditNotesOf,
  creditedCentsSql,
  hasCreditNoteSql,
} from '../../records/credit-notes.repository';
import { type RefundRow, refundsOf } from '../../records/refunds.repository';

/**
 * Every query of the `orders` table and its `order_lines` (CONVENTIONS §13): plain functions that take
 * the database or the transaction they run in. Who may see an order is decided here once; how its
 * status moves is orders/order-status-writer.ts. It sits below every folder that reads orders (stock
 * fills backorders, credit reminds of invoices, companies sum their spending), so that none of them
 * writes its own query; billing is handed the order instead. How an order is shown is
 * orders/order-view.ts.
 */

export type { OrderLineRow, OrderRow, ShipmentRow } from '../../db/schema';
export type NewOrder = typeof orders.$inferInsert;
/** A line as it is written: numbered by insertOrder, nothing backordered unless said. */
export type NewOrderLine = Omit<
  OrderLineRow,
  | 'orderId'
  | 'lineNumber'
  | 'backorderedUnits'
  | 'shippedQuantity'
  | 'cancelledQuantity'
  | 'returnedQuantity'
  | 'taxClass'
  | 'taxRate'
  | 'taxCents'
  | 'partNumber'
> & {
  backorderedUnits?: number;
  /** Set by orderTerms from the buyer's company's part numbers. */
  partNumber?: string | null;
  /** Set by insertUnpaidOrder from the order's charges (orderCharges). */
  taxClass?: OrderLineRow['taxClass'];
  taxRate?: number;
  taxCents?: number;
};
declare const lockedInItsTransaction: unique symbol;
/**
 * A row read under its lock, in the transaction that holds it: lockOrder's FOR UPDATE, or an UPDATE's
 * RETURNING. The status writer moves such an order without locking it again (order-status-writer.ts);
 * only these functions make one.
 */
export type Locked<T> = T & { readonly [lockedInItsTransaction]: true };
/** Marks a row this module read under its lock. */
const locked = <T>(row: T) => row as Locked<T>;

/** A shipment with its lines (order line number and units), in line order. */
export type OrderShipment = ShipmentRow & { lines: { lineNumber: number; quantity: number }[] };
/**
 * An order with its lines, in line order, and its shipments, credit notes and refunds, oldest first:
 * what pages, mails, invoices and exports show.
 */
export type PlacedOrder = OrderRow & {
  lines: OrderLineRow[];
  shipments: OrderShipment[];
  creditNotes: CreditNote[];
  refunds: RefundRow[];
};

/**
 * The account's unpaid orders (those awaiting approval too: they hold stock alike): the one place the
 * unpaid-order limit is read. Call it after lockAccount, so that two orders placed at once by one
 * account are counted one after the other.
 */
export async function countUnpaidOrders(ex: Executor, userId: string): Promise<number> {
  const [row] = await ex
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.userId, userId), inArray(orders.status, RESERVING_STATES)));
  return row?.n ?? 0;
}

/** Stores an order and its lines, numbered 1, 2, 3… in the order given. */
export async function insertOrder(
  ex: Executor,
  values: NewOrder,
  lines: readonly NewOrderLine[],
): Promise<PlacedOrder> {
  const [row] = await ex.insert(orders).values(values).returning();
  if (!row) throw new Error('The order was not stored');
  const stored = await ex
    .insert(orderLines)
    .values(lines.map((line, index) => ({ ...line, orderId: row.id, lineNumber: index + 1 })))
    .returning();
  return {
    ...row,
    lines: stored.sort((a, b) => a.lineNumber - b.lineNumber),
    shipments: [],
    creditNotes: [],
    refunds: [],
  };
}

/** The lines of these orders, each order's in line order. */
export async function linesOf(
  ex: Executor,
  orderIds: readonly string[],
): Promise<Map<string, OrderLineRow[]>> {
  const byOrder = new Map<string, OrderLineRow[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return byOrder;
  const rows = await ex
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, [...orderIds]))
    .orderBy(asc(orderLines.orderId), asc(orderLines.lineNumber));
  for (const line of rows) byOrder.get(line.orderId)?.push(line);
  return byOrder;
}

/** The orders with their lines (one query for all of them). */
export async function withLines(ex: Executor, rows: readonly OrderRow[]): Promise<PlacedOrder[]> {
  if (rows.length === 0) return [];
  const lines = await linesOf(
    ex,
    rows.map((row) => row.id),
  );
  const shipped = await shipmentsOf(
    ex,
    rows.filter((row) => row.shippedAt !== null).map((row) => row.id),
  );
  // Only an invoiced order has credit notes; refunds are of paid orders, or of payments that came late.
  const credited = await creditNotesOf(
    ex,
    rows.filter((row) => row.invoiceNumber !== null).map((row) => row.id),
  );
  const refunded = await refundsOf(
    ex,
    rows.filter((row) => row.status !== 'unpaid' && row.status !== 'awaiting_approval').map((row) => row.id),
  );
  return rows.map((row) => ({
    ...row,
    lines: lines.get(row.id) ?? [],
    shipments: shipped.get(row.id) ?? [],
    creditNotes: credited.get(row.id) ?? [],
    refunds: refunded.get(row.id) ?? [],
  }));
}

/** The shipments of these orders, each order's oldest first, with their lines. */
async function shipmentsOf(ex: Executor, orderIds: readonly string[]): Promise<Map<string, OrderShipment[]>> {
  const byOrder = new Map<string, OrderShipment[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await ex
    .select({ shipment: shipments, lineNumber: shipmentLines.lineNumber, quantity: shipmentLines.quantity })
    .from(shipments)
    .innerJoin(shipmentLines, eq(shipmentLines.shipmentId, shipments.id))
    .where(inArray(shipments.orderId, [...orderIds]))
    .orderBy(asc(shipments.shippedAt), asc(shipments.id), asc(shipmentLines.lineNumber));
  const byId = new Map<string, OrderShipment>();
  for (const { shipment, lineNumber, quantity } of rows) {
    let entry = byId.get(shipment.id);
    if (!entry) {
      entry = { ...shipment, lines: [] };
      byId.set(shipment.id, entry);
      byOrder.set(shipment.orderId, [...(byOrder.get(shipment.orderId) ?? []), entry]);
    }
    entry.lines.push({ lineNumber, quantity });
  }
  return byOrder;
}

/**
 * Records a shipment of an order whose row the caller has locked: the shipment and its lines, each
 * line's shipped units, and the order's latest carrier and tracking number. The caller has checked
 * the units are ready to ship (planShipment); the lines' CHECK backs it.
 */
export async function insertShipment(
  ex: Executor,
  orderId: string,
  shipment: {
    carrier: string;
    trackingNumber: string | null;
    shippedAt: Date;
    shippedBy: string | null;
    lines: readonly { lineNumber: number; quantity: number }[];
  },
): Promise<OrderShipment> {
  const { lines, ...details } = shipment;
  const [row] = await ex
    .insert(shipments)
    .values({ orderId, ...details })
    .returning();
  if (!row) throw new Error('The shipment was not stored');
  await ex.insert(shipmentLines).values(lines.map((line) => ({ shipmentId: row.id, orderId, ...line })));
  for (const line of lines) {
    await ex
      .update(orderLines)
      .set({ shippedQuantity: sql`${orderLines.shippedQuantity} + ${line.quantity}` })
      .where(and(eq(orderLines.orderId, orderId), eq(orderLines.lineNumber, line.lineNumber)));
  }
  await ex
    .update(orders)
    .set({ carrier: details.carrier, trackingNumber: details.trackingNumber, updatedAt: details.shippedAt })
    .where(eq(orders.id, orderId));
  return { ...row, lines: [...lines].sort((a, b) => a.lineNumber - b.lineNumber) };
}

/** Units of each of the order's lines that left in shipments at or after `since` (the return window). */
export async function unitsShippedSince(
  ex: Executor,
  orderId: string,
  since: Date,
): Promise<Map<number, number>> {
  const rows = await ex
    .select({
      lineNumber: shipmentLines.lineNumber,
      units: sql<number>`sum(${shipmentLines.quantity})`.mapWith(Number),
    })
    .from(shipmentLines)
    .innerJoin(shipments, eq(shipments.id, shipmentLines.shipmentId))
    .where(and(eq(shipments.orderId, orderId), gte(shipments.shippedAt, since)))
    .groupBy(shipmentLines.lineNumber);
  return new Map(rows.map((row) => [row.lineNumber, row.units]));
}

/** These orders with their lines, by id (one query each for the rows and their parts). */
export async function placedOrdersByIds(
  ex: Executor,
  orderIds: readonly string[],
): Promise<Map<string, PlacedOrder>> {
  if (orderIds.length === 0) return new Map();
  const rows = await ex
    .select()
    .from(orders)
    .where(inArray(orders.id, [...new Set(orderIds)]));
  return new Map((await withLines(ex, rows)).map((order) => [order.id, order]));
}

/** One order with its lines (a locked row's stays marked locked). */
export async function withLinesOf<Row extends OrderRow>(ex: Executor, row: Row): Promise<Row & PlacedOrder> {
  const [placed] = await withLines(ex, [row]);
  return { ...row, ...(placed ?? { lines: [], shipments: [], creditNotes: [], refunds: [] }) };
}

/** The orders' numbers and PO numbers, by id: what a list of another thing names them by. */
export async function orderReferencesOf(
  ex: Executor,
  orderIds: readonly string[],
): Promise<Map<string, { orderNumber: number; poNumber: string | null }>> {
  if (orderIds.length === 0) return new Map();
  const rows = await ex
    .select({ id: orders.id, orderNumber: orders.orderNumber, poNumber: orders.poNumber })
    .from(orders)
    .where(inArray(orders.id, [...new Set(orderIds)]));
  return new Map(rows.map(({ id, ...reference }) => [id, reference]));
}

/** The order `orderId` with its lines, shipments, credit notes and refunds, or null (billing's OrderLoader). */
export async function placedOrderOf(ex: Executor, orderId: string): Promise<PlacedOrder | null> {
  const row = await findOrder(ex, orderId);
  return row ? withLinesOf(ex, row) : null;
}

/** Some line of the order has (or had) SKU-matching text: `exists` over order_lines (order_lines_sku_idx). */
const hasLine = (condition: SQL) =>
  sql`exists (select 1 from ${orderLines} where ${orderLines.orderId} = ${orders.id} and ${condition})`;

/**
 * The order `caller` may see or act on by the one access rule (auth/access.ts), or NOT_FOUND: others'
 * orders do not exist as far as a customer can tell (DESIGN §3). A null caller is the shop itself.
 */
export async function findOrderFor(
  ex: Executor,
  caller: SessionUser | null,
  orderId: string,
  access: Access = 'buyer',
): Promise<PlacedOrder> {
  const [row] = await ex.select().from(orders).where(eq(orders.id, orderId));
  if (!row || !canAccess(caller, row, access)) throw new DomainError('NOT_FOUND', messages.orderNotFound);
  return withLinesOf(ex, row);
}

/**
 * The orders listed for an email (spec §7 GET /purchase?email=), newest first: a customer gets their
 * own, by account, and a company's colleague every order of the company; an admin may ask
 * for anyone's; anyone else's answer NOT_FOUND (DESIGN §3). Cancelled
 * and expired orders are listed too, with their state: a buyer's record of what they cancelled (the
 * spec's My Orders hid them, which left a buyer no trace of an order they placed).
 */
export async function listOrdersFor(
  ex: Executor,
  caller: SessionUser,
  email: string,
): Promise<PlacedOrder[]> {
  const own = email.toLowerCase() === caller.email.toLowerCase();
  if (!own && !seesEveryBuyer(caller)) throw new DomainError('NOT_FOUND', messages.noOrdersFor(email));
  const rows = await ex
    .select()
    .from(orders)
    .where(own ? visibleTo(caller, orders) : eq(orders.email, email.toLowerCase()))
    .orderBy(desc(orders.createdAt));
  return withLines(ex, rows);
}

/** Every order, newest first, optionally of one state, one page of them and the total (DESIGN §5.7). */

/**
 * What an admin types to find an order: its number (10001, or #10001), its invoice's number (INV-000123)
 * or one of its credit notes' (CN-000002), or any part of its PO number, the buyer's name, email or
 * company, or the SKU, in any letter case.
 */
function orderSearch(q: string): SQL | undefined {
  const number = /^#?(\d{1,9})$/.exec(q.trim())?.[1];
  const document = parseDocumentNumber(q);
  const invoice = document?.series === 'invoice' ? document.number : undefined;
  const creditNote = document?.series === 'credit_note' ? document.number : undefined;
  const pattern = `%${q.trim().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  return or(
    number ? eq(orders.orderNumber, Number(number)) : undefined,
    invoice ? eq(orders.invoiceNumber, invoice) : undefined,
    creditNote ? hasCreditNoteSql(orders.id, creditNote) : undefined,
    ilike(orders.poNumber, pattern),
    ilike(orders.buyerName, pattern),
    ilike(orders.email, pattern),
    ilike(orders.company, pattern),
    hasLine(ilike(orderLines.sku, pattern)),
  );
}

/** The orders an admin filter picks (Manage All Orders, its CSV export and the dashboard's links). */
export function adminOrdersWhere(filter: AdminOrdersFilter, now = new Date()): SQL | undefined {
  const dated = filter.by === 'paid' ? orders.paidAt : orders.createdAt;
  return and(
    filter.q ? orderSearch(filter.q) : undefined,
    filter.status ? eq(orders.status, filter.status) : undefined,
    filter.sku ? hasLine(eq(orderLines.sku, filter.sku)) : undefined,
    filter.by === 'paid' ? isNotNull(orders.paidAt) : undefined,
    filter.from ? gte(dated, startOfUtcDay(filter.from)) : undefined,
    filter.to ? lt(dated, startOfNextUtcDay(filter.to)) : undefined,
    filter.holdEndsWithin
      ? and(
          eq(orders.status, 'unpaid'),
          gt(orders.holdExpiresAt, now),
          lte(orders.holdExpiresAt, new Date(now.getTime() + filter.holdEndsWithin * 3_600_000)),
        )
      : undefined,
  );
}

/** One page of the orders an admin filter picks, newest first, with how many it picks in all. */
export async function listOrdersPage(
  ex: Executor,
  { page, pageSize, ...filter }: AdminOrdersFilter & { page: number; pageSize: number },
): Promise<{ rows: PlacedOrder[]; total: number }> {
  const where = adminOrdersWhere(filter);
  const [rows, [total]] = await Promise.all([
    ex
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    ex.select({ n: count() }).from(orders).where(where),
  ]);
  return { rows: await withLines(ex, rows), total: total?.n ?? 0 };
}

/**
 * The orders an admin filter picks in the order they were placed, `batch` rows a query (keyset on the
 * order number), so an export of any size streams without holding them all.
 */
export async function* eachOrderOf(
  ex: Executor,
  filter: AdminOrdersFilter,
  batch = 1000,
): AsyncGenerator<PlacedOrder> {
  const where = adminOrdersWhere(filter);
  let after = 0;
  for (;;) {
    const rows = await ex
      .select()
      .from(orders)
      .where(and(where, gt(orders.orderNumber, after)))
      .orderBy(asc(orders.orderNumber))
      .limit(batch);
    yield* await withLines(ex, rows);
    const last = rows.at(-1);
    if (!last || rows.length < batch) return;
    after = last.orderNumber;
  }
}

const overdue = (now: Date) => and(inArray(orders.status, HOLDING_STATES), lte(orders.holdExpiresAt, now));

/**
 * Unpaid orders with no payment intent whose hold ended by `now`, oldest first, locked with SKIP
 * LOCKED so that several processes sweeping one PostgreSQL never take the same order.
 */
export async function lockOverdueOrdersWithoutIntent(ex: Executor, now: Date, limit: number) {
  return ex
    .select({ id: orders.id })
    .from(orders)
    .where(and(overdue(now), isNull(orders.paymentIntentId)))
    .orderBy(asc(orders.holdExpiresAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/**
 * Marks as reminded, and answers, the unpaid orders not yet reminded whose hold ends within `windowMs`
 * of `now` and that were placed at least `windowMs` ago; locked with SKIP LOCKED and claimed in one
 * statement, so no two processes remind the same order.
 */
export async function claimHoldReminders(ex: Executor, now: Date, windowMs: number, limit: number) {
  const due = ex
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'unpaid'),
        isNull(orders.holdReminderSentAt),
        gt(orders.holdExpiresAt, now),
        lte(orders.holdExpiresAt, new Date(now.getTime() + windowMs)),
        lte(orders.createdAt, new Date(now.getTime() - windowMs)),
      ),
    )
    .orderBy(asc(orders.holdExpiresAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return ex
    .update(orders)
    .set({ holdReminderSentAt: now })
    .where(and(inArray(orders.id, due), isNull(orders.holdReminderSentAt)))
    .returning();
}

/** Unpaid orders past their hold that have a payment intent: the provider is asked before each closes. */
export async function listOverdueOrdersWithIntent(ex: Executor, now: Date, limit: number) {
  return ex
    .select({ id: orders.id, paymentIntentId: orders.paymentIntentId })
    .from(orders)
    .where(and(overdue(now), isNotNull(orders.paymentIntentId)))
    .orderBy(asc(orders.holdExpiresAt))
    .limit(limit);
}

/**
 * Records the payment intent made for the order's payment attempt `attempt`, unless another request
 * recorded one first (of the same attempt: the same intent). Answers `closed` when the order is no
 * longer unpaid (it closed while the intent was being made) and `changed` when its lines changed
 * meanwhile (its attempt moved on): that intent is not for the order's amount.
 */
export async function recordPaymentIntent(
  ex: Executor,
  orderId: string,
  intentId: string,
  attempt: number,
): Promise<'recorded' | 'closed' | 'changed'> {
  // One statement: the first intent recorded stands, and the row answers the order's state either way.
  const [row] = await ex
    .update(orders)
    .set({ paymentIntentId: sql`coalesce(${orders.paymentIntentId}, ${intentId})`, updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), eq(orders.paymentAttempt, attempt)))
    .returning({ status: orders.status });
  if (!row) return 'changed';
  return row.status === 'unpaid' ? 'recorded' : 'closed';
}

/**
 * The order's payment intent was cancelled while the order stayed payable (a change of its lines that
 * did not go through): the order lets it go, and its next intent is made under the next attempt.
 */
export async function retireCancelledIntent(ex: Executor, orderId: string, intentId: string): Promise<void> {
  await ex
    .update(orders)
    .set({ paymentIntentId: null, paymentAttempt: sql`${orders.paymentAttempt} + 1`, updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), eq(orders.paymentIntentId, intentId)));
}

/** Who took an order's step, when, and why. */
export interface OrderStep {
  at: Date;
  /** Their email, or null for the shop itself (an expiry, a payment its provider reported). */
  actor: string | null;
  /** What the step says besides: a rejection's reason, a shipment's carrier and lines. */
  note?: string | null;
  /** Taken by the shop's staff (a customer reads it as the shop's). */
  byStaff?: boolean;
}

/** Writes one step of an order's timeline (order_events), in the transaction that took it. */
export async function recordOrderEvent(
  ex: Executor,
  orderId: string,
  { event, from, to, ...step }: OrderStep & { event: OrderEvent; from: OrderStatus | null; to: OrderStatus },
): Promise<void> {
  await ex.insert(orderEvents).values({
    orderId,
    at: step.at,
    event,
    fromStatus: from,
    toStatus: to,
    actor: step.actor,
    byStaff: step.byStaff ?? false,
    note: step.note ?? null,
  });
}

/**
 * A step of the order's timeline that leaves it where it is (a card refund settled): from and to are
 * its status as it stands in the step's transaction.
 */
export async function recordOrderStep(
  ex: Executor,
  orderId: string,
  step: OrderStep & { event: OrderEvent },
): Promise<void> {
  const [order] = await ex.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  if (!order) throw new Error(`Order ${orderId} is missing`);
  await recordOrderEvent(ex, orderId, { ...step, from: order.status, to: order.status });
}

/** An order's timeline, oldest step first. */
export async function historyOf(ex: Executor, orderId: string) {
  return ex
    .select({
      at: orderEvents.at,
      event: orderEvents.event,
      from: orderEvents.fromStatus,
      to: orderEvents.toStatus,
      actor: orderEvents.actor,
      byStaff: orderEvents.byStaff,
      note: orderEvents.note,
    })
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.id));
}

// --- The admin's dashboard (DESIGN §9); its other sales figures are in sales-rollups.repository ---

/**
 * Unpaid orders whose hold ends between `now` and `until`, soonest first, `limit` of them, each row
 * with how many there are in all (orders_unpaid_hold_idx).
 */
export async function holdsEndingBetween(ex: Executor, now: Date, until: Date, limit: number) {
  return ex
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      email: orders.email,
      amountCents: orders.amountCents,
      holdExpiresAt: orders.holdExpiresAt,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(orders)
    .where(and(eq(orders.status, 'unpaid'), gt(orders.holdExpiresAt, now), lte(orders.holdExpiresAt, until)))
    .orderBy(asc(orders.holdExpiresAt))
    .limit(limit);
}

/**
 * How many of an order's units still wait for stock, over all its lines (0 for an unknown order: the
 * move says why). The order row is locked first, as new stock filling its lines locks it.
 */
export async function backorderedUnitsOf(ex: Executor, orderId: string): Promise<number> {
  const [order] = await ex.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) return 0;
  const [row] = await ex
    .select({ units: sql<number>`coalesce(sum(${orderLines.backorderedUnits}), 0)::int`.mapWith(Number) })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId));
  return row?.units ?? 0;
}

/** One order as stored, or null. */
export async function findOrder(ex: Executor, orderId: string): Promise<OrderRow | null> {
  const [row] = await ex.select().from(orders).where(eq(orders.id, orderId));
  return row ?? null;
}

/** The order an invoice number (INV-000123 → 123) was given to, or null. */
export async function findOrderByInvoiceNumber(
  ex: Executor,
  invoiceNumber: number,
): Promise<OrderRow | null> {
  const [row] = await ex.select().from(orders).where(eq(orders.invoiceNumber, invoiceNumber));
  return row ?? null;
}

/** One order, locked FOR UPDATE until the transaction ends, or null. */
export async function lockOrder(ex: Executor, orderId: string): Promise<Locked<OrderRow> | null> {
  const [row] = await ex.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return row ? locked(row) : null;
}

/**
 * Records a buyer's request that the shop cancel the order, or clears it (null) once the shop has
 * cancelled the order or refused.
 */
export async function setCancellationRequest(
  ex: Executor,
  orderId: string,
  request: { at: Date; by: string; reason: string } | null,
): Promise<OrderRow> {
  const [row] = await ex
    .update(orders)
    .set({
      cancellationRequestedAt: request?.at ?? null,
      cancellationRequestedBy: request?.by ?? null,
      cancellationReason: request?.reason ?? null,
      ...(request ? { updatedAt: request.at } : {}),
    })
    .where(eq(orders.id, orderId))
    .returning();
  if (!row) throw new Error(`Order ${orderId} is missing`);
  return row;
}

/** What the shop's freight quote for a pallet changes on its order (orders/set-freight.ts). */
export type FreightQuote = Pick<
  OrderRow,
  'freightCents' | 'freightTaxes' | 'taxCents' | 'amountCents' | 'paymentMethod' | 'approvalRequired'
> &
  Partial<
    Pick<
      OrderRow,
      'approvedAutomatically' | 'decidedBy' | 'decidedAt' | 'holdExpiresAt' | 'holdReminderSentAt'
    >
  >;

/** Gives an order still waiting for its freight the shop's quote, once (throws if it has freight). */
export async function recordFreightQuote(
  ex: Executor,
  orderId: string,
  quote: FreightQuote,
  at: Date,
): Promise<OrderRow> {
  const [row] = await ex
    .update(orders)
    .set({ ...quote, freightEstimateCents: null, updatedAt: at })
    .where(and(eq(orders.id, orderId), isNull(orders.freightCents)))
    .returning();
  if (!row) throw new Error(`Order ${orderId} was not given its freight`);
  return row;
}

/**
 * Stores an unpaid order's new lines and what they come to (change-order.ts; the order row is locked
 * by the caller): its old lines go, the new ones are numbered 1, 2, 3…, and the payment intent it had
 * (cancelled first) gives way to the next payment attempt's, for the new amount.
 */
export async function replaceOrderLines(
  ex: Executor,
  orderId: string,
  // Never the status: the order moves through the transition table (orders/transitions.ts).
  values: Omit<Partial<NewOrder>, 'status'> & { status?: never },
  lines: readonly NewOrderLine[],
  at: Date,
): Promise<Locked<PlacedOrder>> {
  const [row] = await ex
    .update(orders)
    .set({
      ...values,
      paymentIntentId: null,
      paymentAttempt: sql`${orders.paymentAttempt} + 1`,
      updatedAt: at,
    })
    .where(eq(orders.id, orderId))
    .returning();
  if (!row) throw new Error(`Order ${orderId} is gone`);
  await ex.delete(orderLines).where(eq(orderLines.orderId, orderId));
  const stored = await ex
    .insert(orderLines)
    .values(lines.map((line, index) => ({ ...line, orderId, lineNumber: index + 1 })))
    .returning();
  // Its UPDATE … RETURNING locked the row.
  return locked({
    ...row,
    lines: stored.sort((a, b) => a.lineNumber - b.lineNumber),
    shipments: [],
    creditNotes: [],
    refunds: [],
  });
}

/** A company's orders waiting for an approver, oldest first (at most 200). */
export async function listAwaitingApprovalOf(ex: Executor, companyId: string): Promise<PlacedOrder[]> {
  const rows = await ex
    .select()
    .from(orders)
    .where(and(eq(orders.companyId, companyId), eq(orders.status, 'awaiting_approval')))
    .orderBy(desc(orders.createdAt))
    .limit(200);
  return withLines(ex, rows.reverse());
}

// --- What other folders ask of orders: spending, credit, invoices, backorders, quotes and reviews ---

/**
 * What a company's orders placed since `since` add up to, and a colleague's among them: orders in the
 * states that spend (closed ones do not count), one awaiting its pallet's freight quote with the
 * estimate of it, each less what its credit notes gave back; all but `exceptOrderId`.
 */
export async function spentSince(
  ex: Executor,
  companyId: string,
  since: Date,
  { userId = null, exceptOrderId }: { userId?: string | null; exceptOrderId?: string | undefined } = {},
): Promise<{ company: number; member: number }> {
  // An order counts at its total (with a pallet's estimated freight) less what was credited of it since:
  // units the shop cancelled, or took back, were not spent.
  const counted = sql`${orders.amountCents} + coalesce(${orders.freightEstimateCents}, 0) - ${creditedCentsSql(orders.id)}`;
  const [row] = await ex
    .select({
      company: sql<number>`coalesce(sum(${counted}), 0)`.mapWith(Number),
      member: sql<number>`coalesce(sum(${counted}) filter (where ${orders.userId} = ${userId}), 0)`.mapWith(
        Number,
      ),
    })
    .from(orders)
    .where(
      and(
        eq(orders.companyId, companyId),
        inArray(orders.status, SPENDING_STATES),
        gte(orders.createdAt, since),
        exceptOrderId ? ne(orders.id, exceptOrderId) : undefined,
      ),
    );
  return row ?? { company: 0, member: 0 };
}

/**
 * What a company's orders on account come to that are placed but not yet invoiced (awaiting their
 * freight quote or their approval): each at its total and, while its pallet's freight is quoted, the
 * estimate of it; all but `exceptOrderId`.
 */
export async function uninvoicedOnAccountCents(
  ex: Executor,
  companyId: string,
  exceptOrderId?: string,
): Promise<number> {
  const [row] = await ex
    .select({
      cents:
        sql<number>`coalesce(sum(${orders.amountCents} + coalesce(${orders.freightEstimateCents}, 0)), 0)`.mapWith(
          Number,
        ),
    })
    .from(orders)
    .where(
      and(
        eq(orders.companyId, companyId),
        eq(orders.paymentMethod, 'account'),
        inArray(orders.status, ['awaiting_freight', 'awaiting_approval']),
        exceptOrderId ? ne(orders.id, exceptOrderId) : undefined,
      ),
    );
  return row?.cents ?? 0;
}

/**
 * Records an order's invoice as billing issued it (billing/document-numbers.ts, ledger.ts): its
 * number, once, and for an order on account when it was invoiced and the day it is due.
 */
export async function recordInvoice(
  ex: Executor,
  orderId: string,
  { invoiceNumber, invoicedAt, dueDate }: { invoiceNumber: number; invoicedAt?: Date; dueDate?: string },
): Promise<OrderRow> {
  const [row] = await ex
    .update(orders)
    .set({ invoiceNumber, ...(invoicedAt ? { invoicedAt } : {}), ...(dueDate ? { dueDate } : {}) })
    .where(and(eq(orders.id, orderId), isNull(orders.invoiceNumber)))
    .returning();
  if (!row) throw new Error(`Order ${orderId} already has an invoice number`);
  return row;
}

/**
 * Claims invoices on account to remind of, marking them in the statement that picks them, SKIP
 * LOCKED, so that no two processes remind one twice: 'due' ones whose due day is from `today` to
 * `dueUntil` and not yet reminded, 'overdue' ones past their due day and not yet told so.
 */
export function claimInvoiceReminders(
  ex: Executor,
  kind: 'due' | 'overdue',
  { today, dueUntil, now, limit }: { today: string; dueUntil: string; now: Date; limit: number },
): Promise<OrderRow[]> {
  const sentAt = kind === 'due' ? orders.dueReminderSentAt : orders.overdueReminderSentAt;
  const window =
    kind === 'due'
      ? and(gte(orders.dueDate, today), lte(orders.dueDate, dueUntil))
      : lt(orders.dueDate, today);
  const due = ex
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.paymentMethod, 'account'),
        isNotNull(orders.invoiceNumber),
        ne(orders.status, 'cancelled'),
        isNull(sentAt),
        window,
      ),
    )
    .orderBy(asc(orders.dueDate))
    .limit(limit)
    .for('update', { skipLocked: true });
  return ex
    .update(orders)
    .set(kind === 'due' ? { dueReminderSentAt: now } : { overdueReminderSentAt: now })
    .where(and(inArray(orders.id, due), isNull(sentAt)))
    .returning();
}

/**
 * The lines of a product's open orders still waiting for units, oldest order first: new stock fills
 * them in this order (stock/backorders.ts). Their orders are locked; an order being closed right now
 * (the expiry job holds it) is skipped, as it gives its units back itself.
 */
export async function linesAwaitingUnitsOf(ex: Executor, productId: string) {
  return ex
    .select({
      orderId: orderLines.orderId,
      lineNumber: orderLines.lineNumber,
      backorderedUnits: orderLines.backorderedUnits,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        eq(orderLines.productId, productId),
        gt(orderLines.backorderedUnits, 0),
        inArray(orders.status, OPEN_STATES),
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orders.id), asc(orderLines.lineNumber))
    .for('update', { of: orders, skipLocked: true });
}

/** `units` of an order line's backorder filled from new stock. */
export async function fillBackorderedUnits(
  ex: Executor,
  line: { orderId: string; lineNumber: number },
  units: number,
): Promise<void> {
  await ex
    .update(orderLines)
    .set({ backorderedUnits: sql`${orderLines.backorderedUnits} - ${units}` })
    .where(and(eq(orderLines.orderId, line.orderId), eq(orderLines.lineNumber, line.lineNumber)));
  await ex.update(orders).set({ updatedAt: new Date() }).where(eq(orders.id, line.orderId));
}

/**
 * Cancels units of an order's lines whose row the caller has locked, those on backorder first (they
 * hold no stock); the caller checked they are neither shipped nor cancelled (planCancellation), and
 * the lines' CHECKs back it. Answers the units each product gets back: those that were reserved.
 */
export async function cancelLineUnits(
  ex: Executor,
  orderId: string,
  cancelling: readonly { lineNumber: number; quantity: number }[],
): Promise<Map<string, number>> {
  const lines = (await linesOf(ex, [orderId])).get(orderId) ?? [];
  const returned = new Map<string, number>();
  for (const { lineNumber, quantity } of cancelling) {
    const line = lines.find((candidate) => candidate.lineNumber === lineNumber);
    if (!line) throw new Error(`Order ${orderId} has no line ${lineNumber}`);
    const offBackorder = Math.min(quantity, line.backorderedUnits);
    await ex
      .update(orderLines)
      .set({
        cancelledQuantity: line.cancelledQuantity + quantity,
        backorderedUnits: line.backorderedUnits - offBackorder,
      })
      .where(and(eq(orderLines.orderId, orderId), eq(orderLines.lineNumber, lineNumber)));
    const reserved = quantity - offBackorder;
    if (line.productId && reserved > 0) {
      returned.set(line.productId, (returned.get(line.productId) ?? 0) + reserved);
    }
  }
  return returned;
}

/**
 * Closing orders (cancelled, expired, rejected) cancels every unit of theirs that has not shipped. The
 * orders come with their lines as the caller holds them (their rows locked, moved by the status
 * writer). Answers the units each product gets back (those that were reserved, not on backorder) and
 * each order's lines as they are after.
 */
export async function cancelOpenUnitsOf(
  ex: Executor,
  closed: readonly Pick<PlacedOrder, 'id' | 'lines'>[],
): Promise<{ units: Map<string, number>; lines: Map<string, OrderLineRow[]> }> {
  const units = new Map<string, number>();
  if (closed.length === 0) return { units, lines: new Map() };
  for (const line of closed.flatMap((order) => order.lines)) {
    const reserved = line.quantity - line.backorderedUnits - line.shippedQuantity - line.cancelledQuantity;
    if (line.productId && reserved > 0) {
      units.set(line.productId, (units.get(line.productId) ?? 0) + reserved);
    }
  }
  const after = await ex
    .update(orderLines)
    .set({
      cancelledQuantity: sql`${orderLines.quantity} - ${orderLines.shippedQuantity}`,
      backorderedUnits: 0,
    })
    .where(
      inArray(
        orderLines.orderId,
        closed.map((order) => order.id),
      ),
    )
    .returning();
  const lines = new Map<string, OrderLineRow[]>(closed.map((order) => [order.id, []]));
  for (const line of after.sort((a, b) => a.lineNumber - b.lineNumber)) lines.get(line.orderId)?.push(line);
  return { units, lines };
}

/** The order each of these quotes became, by quote id (quotes not accepted are absent). */
export async function orderIdsOfQuotes(
  ex: Executor,
  quoteIds: readonly string[],
): Promise<Map<string, string>> {
  if (quoteIds.length === 0) return new Map();
  const rows = await ex
    .select({ quoteId: orders.quoteId, id: orders.id })
    .from(orders)
    .where(inArray(orders.quoteId, [...quoteIds]));
  return new Map(rows.flatMap((row) => (row.quoteId ? [[row.quoteId, row.id] as const] : [])));
}

/** How many units of paid orders the account of `userId` (a column or a value) has bought, as SQL. */
export function unitsBoughtBy(userId: SQL | AnyColumn, paidStates: readonly OrderStatus[]): SQL<number> {
  return sql<number>`coalesce((${sql`select sum(${orders.quantity}) from ${orders} where ${orders.userId} = ${userId} and ${inArray(orders.status, [...paidStates])}`}), 0)::int`;
}

// --- The shop admin's list of credit notes (GET /api/admin/credit-notes), found by their orders ---

/** A credit note as the shop admin's list shows it: its order, invoice and buyer. */
export interface CreditNoteListed {
  id: string;
  number: number;
  issuedAt: Date;
  amountCents: number;
  reason: string;
  orderId: string;
  orderNumber: number;
  invoiceNumber: number | null;
  company: string | null;
  email: string;
}

/**
 * Credit notes, newest first, found by what an admin types: a credit note's number (CN-000007) or
 * its invoice's (INV-000123), or part of the company's name or the buyer's email; within the days
 * `from`..`to` (UTC, both included) when given. At most `limit`.
 */
export async function listCreditNotes(
  ex: Executor,
  { q, from, to, limit }: { q?: string; from?: string; to?: string; limit: number },
): Promise<CreditNoteListed[]> {
  const text = q?.trim() ?? '';
  const document = parseDocumentNumber(text);
  const pattern = `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const conditions: SQL[] = [];
  if (document?.series === 'credit_note') conditions.push(eq(creditNotes.number, document.number));
  else if (document) conditions.push(eq(orders.invoiceNumber, document.number));
  else if (text)
    conditions.push(sql`(${orders.company} ilike ${pattern} or ${orders.email} ilike ${pattern})`);
  if (from) conditions.push(sql`${creditNotes.issuedAt} >= ${from}::date`);
  if (to) conditions.push(sql`${creditNotes.issuedAt} < ${to}::date + 1`);
  return ex
    .select({
      id: creditNotes.id,
      number: creditNotes.number,
      issuedAt: creditNotes.issuedAt,
      amountCents: creditNotes.amountCents,
      reason: creditNotes.reason,
      orderId: creditNotes.orderId,
      orderNumber: orders.orderNumber,
      invoiceNumber: orders.invoiceNumber,
      company: orders.company,
      email: orders.email,
    })
    .from(creditNotes)
    .innerJoin(orders, eq(orders.id, creditNotes.orderId))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(creditNotes.number))
    .limit(limit);
}
