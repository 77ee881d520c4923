import { everyUnitShipped, planShipment } from '../../shared/domain/shipments';
import { formatUnits } from '../../shared/numbers';
import { messages } from '../../shared/messages';
import { type Actor, recordAudit } from '../audit/audit.repository';
import { DomainError } from '../http/domain-error';
import { queueMail } from '../mail/outbox';
import {
  type OrderShipment,
  type PlacedOrder,
  insertShipment,
  lockOrder,
  recordOrderEvent,
  withLinesOf,
} from './storage/orders.repository';
import { assertCanMove } from './order-status-writer';
import { orderShippedMail } from './order-mails';
import { type OrderProcessDeps, type OrderWork, runOrderWork } from './order-process';
import { tellOrder } from './order-webhooks';
import { transitionOrder } from './transitions';

export interface ShipmentRequest {
  /** The units that leave, by SKU; without them, every unit ready to ship ('Mark shipped'). */
  lines?: { sku: string; quantity: number }[] | undefined;
  carrier: string;
  trackingNumber?: string | undefined;
}

/**
 * A shop admin ships units of a paid order, or of one on its company's account (DESIGN §5.7): only
 * units neither shipped nor on backorder leave (planShipment). The order is `partially_shipped` until
 * every unit has left, then `shipped`; each shipment is a step of its timeline, mails the buyer its
 * lines and tracking, and is audited, all in one transaction under the order's lock, so two admins
 * shipping at once never ship a unit twice. Answers null when 'Mark shipped' finds the order shipped
 * already (the same request twice).
 */
export async function shipOrder(
  deps: OrderProcessDeps,
  actor: Actor,
  orderId: string,
  request: ShipmentRequest,
): Promise<{ order: PlacedOrder; shipment: OrderShipment } | null> {
  return runOrderWork(deps, async (work) => {
    const { tx, at, mail } = work;
    const order = await lockOrder(tx, orderId);
    if (!order) throw new DomainError('NOT_FOUND', messages.orderNotFound);
    if (order.status === 'shipped' && !request.lines) return null;
    assertCanMove(order, 'shipped');
    const { lines } = await withLinesOf(tx, order);
    const plan = planShipment(lines, request.lines);
    if ('problems' in plan) {
      throw request.lines
        ? new DomainError('VALIDATION_FAILED', messages.shipmentRefused(plan.problems))
        : new DomainError('INVALID_TRANSITION', plan.problems.join(' '));
    }
    const actorEmail = actor.email.toLowerCase();
    const shipment = await insertShipment(tx, orderId, {
      carrier: request.carrier,
      trackingNumber: request.trackingNumber || null,
      shippedAt: at,
      shippedBy: actorEmail,
      lines: plan.lines,
    });
    const shippedNow = new Map(plan.lines.map((line) => [line.lineNumber, line.quantity]));
    const after = lines.map((line) => ({
      ...line,
      shippedQuantity: line.shippedQuantity + (shippedNow.get(line.lineNumber) ?? 0),
    }));
    const to = everyUnitShipped(after) ? 'shipped' : 'partially_shipped';
    const note = shipmentNote(shipment, lines);
    // A further shipment of a partly shipped order is a step that does not move it.
    const placed =
      order.status === to
        ? await shippedFurther(work, orderId, { actor: actorEmail, note })
        : await transitionOrder(work, orderId, to, { actor: actorEmail, note, byStaff: true });
    if (!placed) throw new Error(`Order ${orderId} did not move to ${to}`);
    await queueMail(tx, orderShippedMail(mail, placed, shipment));
    work.mailed();
    await recordAudit(tx, actor, {
      action: 'order.ship',
      subject: `order ${order.orderNumber}`,
      before: { status: order.status },
      after: {
        status: to,
        carrier: shipment.carrier,
        trackingNumber: shipment.trackingNumber,
        lines: shipment.lines.map(({ lineNumber, quantity }) => {
          const line = lines.find((candidate) => candidate.lineNumber === lineNumber);
          return { line: lineNumber, sku: line?.sku ?? null, name: line?.name ?? '', quantity };
        }),
      },
    });
    return { order: placed, shipment };
  });
}

/** Another shipment of an order that stays partly shipped: its step in the timeline, and the order as it is now. */
async function shippedFurther(work: OrderWork, orderId: string, step: { actor: string; note: string }) {
  const { tx, at } = work;
  await recordOrderEvent(tx, orderId, {
    ...step,
    at,
    byStaff: true,
    event: 'shipped',
    from: 'partially_shipped',
    to: 'partially_shipped',
  });
  const row = await lockOrder(tx, orderId);
  const order = row && (await withLinesOf(tx, row));
  if (order) await tellOrder(work, 'order.shipped', order);
  return order;
}

/** A shipment in the order's timeline: its carrier, tracking number and units per SKU. */
function shipmentNote(
  shipment: OrderShipment,
  lines: readonly { lineNumber: number; sku: string | null }[],
): string {
  const units = shipment.lines.map(({ lineNumber, quantity }) => {
    const sku = lines.find((line) => line.lineNumber === lineNumber)?.sku ?? `line ${lineNumber}`;
    return `${formatUnits(quantity)} × ${sku}`;
  });
  const tracking = shipment.trackingNumber ? ` ${shipment.trackingNumber}` : '';
  return `${shipment.carrier}${tracking}: ${units.join(', ')}`;
}
