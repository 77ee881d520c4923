import {
  buyerMayAskToCancel,
  cancelsWholeOrder,
  planCancellation,
  unitsCancellableIn,
} from '../../shared/domain/cancellation';
import { RESERVING_STATES, transitionRefusal } from '../../shared/domain/order-status';
import { everyUnitShipped, unitsStillOpen } from '../../shared/domain/shipments';
import type { CancelPreview } from '../../shared/api/admin-orders.schemas';
import { centsToDollars } from '../../shared/money';
import { formatCreditNoteNumber } from '../../shared/domain/document-numbers';
import { formatUnits } from '../../shared/numbers';
import { messages } from '../../shared/messages';
import { type Actor, recordAudit } from '../audit/audit.repository';
import type { SessionUser } from '../identity/request-user';
import { DomainError } from '../http/domain-error';
import { queueMail } from '../mail/outbox';
import {
  type PlacedOrder,
  cancelLineUnits,
  findOrder,
  findOrderFor,
  lockOrder,
  recordOrderEvent,
  setCancellationRequest,
  withLinesOf,
} from './storage/orders.repository';
import { returnUnits } from '../stock/backorders';
import { type CloseOrderDeps, closeOrder } from './close-order';
import { cancellationRefusedMail, cancellationRequestedMail } from './order-mails';
import { type OrderProcessDeps, previewOrderWork, type OrderWork, runOrderWork } from './order-process';
import { creditUnits, transitionOrder } from './transitions';

export interface CancelRequest {
  reason: string;
  /** The units to cancel, by SKU; without them, every unit that has not shipped. */
  lines?: { sku: string; quantity: number }[] | undefined;
}

/**
 * POST /api/admin/orders/{id}/cancel (DESIGN §11): a shop admin cancels a whole order, or some units
 * that have not shipped. An order not paid yet closes as its buyer's cancellation would (its payment
 * intent cancelled first), whole only. Of a paid or on-account order, the units cancelled give their
 * reserved stock back (backordered ones first: they hold none), a credit note credits their share
 * (with the freight when the whole order goes), and the money goes back to the card (after the
 * commit, through the provider, once) or to the company's account. All of it, the timeline's step, the
 * buyer's mail and the audit entry, in one transaction under the order's lock: two admins cancelling
 * at once cancel each unit once, and the second is told what is left.
 */
export async function cancelByShop(
  /** Without a provider (a process that cannot reach it), card refunds wait for the refunds job. */
  deps: OrderProcessDeps,
  admin: Actor,
  orderId: string,
  request: CancelRequest,
): Promise<PlacedOrder> {
  return cancelling(deps, admin, orderId, request, runOrderWork);
}

/**
 * What cancelling would do, by the same code, rolled back (previewOrderWork): the units it would
 * cancel, whether the whole order would go, and what its credit note would give back and where. An
 * order not paid yet closes whole with nothing credited (nothing was charged).
 */
export async function previewCancelByShop(
  deps: OrderProcessDeps,
  admin: Actor,
  orderId: string,
  request: CancelRequest,
): Promise<CancelPreview> {
  const current = await findOrder(deps.db, orderId);
  if (!current) throw new DomainError('NOT_FOUND', messages.orderNotFound);
  const before = await withLinesOf(deps.db, current);
  if (RESERVING_STATES.includes(current.status)) {
    if (request.lines) throw new DomainError('CONFLICT', messages.unpaidCancelsWhole);
    const open = before.lines.reduce((sum, line) => sum + unitsStillOpen(line), 0);
    return { units: open, wholeOrder: true, credit: null };
  }
  const after = await cancelling(deps, admin, orderId, request, previewOrderWork);
  const cancelled = (order: PlacedOrder) =>
    order.lines.reduce((sum, line) => sum + line.cancelledQuantity, 0);
  const credited = (order: PlacedOrder) => order.creditNotes.reduce((sum, note) => sum + note.amountCents, 0);
  const creditCents = credited(after) - credited(before);
  return {
    units: cancelled(after) - cancelled(before),
    wholeOrder: after.status === 'cancelled',
    credit: creditCents > 0 ? { amount: centsToDollars(creditCents), to: before.paymentMethod } : null,
  };
}

async function cancelling(
  deps: OrderProcessDeps,
  admin: Actor,
  orderId: string,
  request: CancelRequest,
  run: typeof runOrderWork,
): Promise<PlacedOrder> {
  const actor = admin.email.toLowerCase();
  const step = { actor, note: request.reason, byStaff: true };
  const current = await findOrder(deps.db, orderId);
  if (!current) throw new DomainError('NOT_FOUND', messages.orderNotFound);
  if (RESERVING_STATES.includes(current.status)) {
    if (request.lines) throw new DomainError('CONFLICT', messages.unpaidCancelsWhole);
    if (!deps.provider)
      throw new Error('Cancelling an unpaid order cancels its payment intent: a provider is needed');
    const outcome = await closeOrder(
      { ...deps, provider: deps.provider },
      current,
      'cancelled',
      step,
      (work) => auditCancel(work, admin, current.orderNumber, current.status, 'cancelled', request),
    );
    // Paid a moment before: it is cancelled as a paid order, with its refund.
    if (outcome === 'closed') return withLinesOf(deps.db, (await findOrder(deps.db, orderId)) ?? current);
  }
  return run(deps, async (work) => {
    const { tx } = work;
    const locked = await lockOrder(tx, orderId);
    if (!locked) throw new DomainError('NOT_FOUND', messages.orderNotFound);
    if (!unitsCancellableIn(locked.status)) {
      if (locked.status === 'shipped') throw new DomainError('CONFLICT', messages.nothingLeftToCancel);
      // Closed already (cancelled, expired, rejected): the table says so.
      const refusal = transitionRefusal(locked.status, 'cancelled');
      throw refusal
        ? new DomainError(refusal.code, refusal.message)
        : new DomainError('CONFLICT', messages.nothingLeftToCancel);
    }
    const order = await withLinesOf(tx, locked);
    const plan = planCancellation(order.lines, request.lines);
    if ('problems' in plan) {
      throw request.lines
        ? new DomainError('VALIDATION_FAILED', messages.cancellationRefused(plan.problems))
        : new DomainError('CONFLICT', plan.problems.join(' '));
    }
    let after: PlacedOrder | null;
    if (cancelsWholeOrder(order.lines, plan.lines)) {
      // The whole order: the transition cancels every unit, gives the stock back and credits it all.
      after = await transitionOrder(work, order, 'cancelled', step, { set: requestAnswered });
    } else {
      work.stockMoved(await returnUnits(tx, await cancelLineUnits(tx, orderId, plan.lines)));
      const cancelled = await withLinesOf(tx, locked);
      const credited = await creditUnits(work, cancelled, {
        lines: plan.lines,
        withFreight: false,
        reason: request.reason,
        actor,
      });
      const units = plan.lines
        .map(({ lineNumber, quantity }) => {
          const line = order.lines.find((candidate) => candidate.lineNumber === lineNumber);
          return `${formatUnits(quantity)} × ${line?.sku ?? `line ${lineNumber}`}`;
        })
        .join(', ');
      const note = `${request.reason} (${units}${credited ? `; credit note ${formatCreditNoteNumber(credited.note.number)}` : ''})`;
      // The last units not shipped of a partly shipped order: nothing is left to send.
      after = everyUnitShipped(cancelled.lines)
        ? await transitionOrder(
            work,
            credited?.order ?? cancelled,
            'shipped',
            { ...step, note },
            { event: 'cancelled_in_part', set: requestAnswered },
          )
        : await stepWithoutMove(work, credited?.order ?? cancelled, { ...step, note });
    }
    if (!after) throw new Error(`Order ${orderId} was not cancelled`);
    await auditCancel(work, admin, order.orderNumber, order.status, after.status, request);
    return after;
  });
}

/** A cancellation answers the buyer's request to cancel, if they made one: it is cleared with its step. */
const requestAnswered = {
  cancellationRequestedAt: null,
  cancellationRequestedBy: null,
  cancellationReason: null,
} as const;

/** Some units cancelled of an order that stays as it was: its step in the timeline, the request answered. */
async function stepWithoutMove(
  work: OrderWork,
  order: PlacedOrder,
  step: { actor: string; note: string; byStaff: boolean },
): Promise<PlacedOrder> {
  await recordOrderEvent(work.tx, order.id, {
    ...step,
    at: work.at,
    event: 'cancelled_in_part',
    from: order.status,
    to: order.status,
  });
  return { ...order, ...(await setCancellationRequest(work.tx, order.id, null)) };
}

async function auditCancel(
  work: OrderWork,
  admin: Actor,
  orderNumber: number,
  before: PlacedOrder['status'],
  after: PlacedOrder['status'],
  request: CancelRequest,
) {
  await recordAudit(work.tx, admin, {
    action: 'order.cancel',
    subject: `order ${orderNumber}`,
    before: { status: before },
    after: { status: after, reason: request.reason, lines: request.lines ?? 'every unit not shipped' },
  });
}

/**
 * POST /api/purchase/{id}/cancellation: the buyer of a paid order that has not shipped (or a colleague
 * who may buy for the company) asks the shop to cancel it; the shop is mailed, and the order shows the
 * request until a shop admin cancels it or refuses. (An order on account its buyer cancels
 * themselves, as long as nothing has shipped.)
 */
export async function requestCancellation(
  deps: CloseOrderDeps,
  user: SessionUser,
  orderId: string,
  reason: string,
): Promise<PlacedOrder> {
  const visible = await findOrderFor(deps.db, user, orderId, 'buyer');
  return runOrderWork(deps, async (work) => {
    const locked = await lockOrder(work.tx, visible.id);
    if (!locked) throw new DomainError('NOT_FOUND', messages.orderNotFound);
    if (!buyerMayAskToCancel(locked.status)) {
      throw new DomainError('CONFLICT', messages.cancellationRequestOnlyPaid);
    }
    if (locked.cancellationRequestedAt)
      throw new DomainError('CONFLICT', messages.cancellationAlreadyRequested);
    const by = user.email.toLowerCase();
    await setCancellationRequest(work.tx, locked.id, { at: work.at, by, reason });
    await recordOrderEvent(work.tx, locked.id, {
      at: work.at,
      actor: by,
      event: 'cancellation_requested',
      from: locked.status,
      to: locked.status,
      note: reason,
    });
    const order = await withLinesOf(work.tx, (await lockOrder(work.tx, locked.id)) ?? locked);
    await queueMail(work.tx, cancellationRequestedMail(work.mail, order));
    work.mailed();
    return order;
  });
}

/**
 * POST /api/admin/orders/{id}/cancellation/refuse: the shop keeps the order (it is being packed, it
 * was made to order); the request is cleared and the buyer is told why.
 */
export async function refuseCancellation(
  deps: CloseOrderDeps,
  admin: Actor,
  orderId: string,
  reason: string,
): Promise<PlacedOrder> {
  return runOrderWork(deps, async (work) => {
    const locked = await lockOrder(work.tx, orderId);
    if (!locked) throw new DomainError('NOT_FOUND', messages.orderNotFound);
    if (!locked.cancellationRequestedAt) throw new DomainError('CONFLICT', messages.noCancellationRequest);
    const actor = admin.email.toLowerCase();
    await setCancellationRequest(work.tx, orderId, null);
    await recordOrderEvent(work.tx, orderId, {
      at: work.at,
      actor,
      byStaff: true,
      event: 'cancellation_refused',
      from: locked.status,
      to: locked.status,
      note: reason,
    });
    const order = await withLinesOf(work.tx, locked);
    await queueMail(work.tx, cancellationRefusedMail(work.mail, order, reason));
    work.mailed();
    await recordAudit(work.tx, admin, {
      action: 'order.cancellation_refused',
      subject: `order ${locked.orderNumber}`,
      before: { request: locked.cancellationReason },
      after: { reason },
    });
    return {
      ...order,
      cancellationRequestedAt: null,
      cancellationRequestedBy: null,
      cancellationReason: null,
    };
  });
}
