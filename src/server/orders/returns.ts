import type { z } from 'zod';
import type { Return, ReturnBody, ReceiveReturnBody } from '../../shared/api/returns.schemas';
import { formatCreditNoteNumber, formatReturnNumber } from '../../shared/domain/document-numbers';
import { type ReturnStatus, canReturnMove, planReturn, returnableIn } from '../../shared/domain/returns';
import { formatUnits } from '../../shared/numbers';
import { centsToDollars } from '../../shared/money';
import { messages } from '../../shared/messages';
import { type Actor, recordAudit } from '../audit/audit.repository';
import { nextReturnNumber } from '../billing/document-numbers';
import { DomainError } from '../http/domain-error';
import type { SessionUser } from '../identity/request-user';
import { queueMails } from '../mail/outbox';
import {
  type PlacedOrder,
  findOrderFor,
  lockOrder,
  recordOrderEvent,
  unitsShippedSince,
  withLinesOf,
} from './storage/orders.repository';
import {
  type OrderReturn,
  findReturn,
  insertReturn,
  recordReceipt,
  releaseReturnedUnits,
  updateReturn,
} from './storage/returns.repository';
import { returnUnits } from '../stock/backorders';
import { type OrderProcessDeps, type OrderWork, runOrderWork } from './order-process';
import { tellReturnUpdated } from './order-webhooks';
import { returnStepMails } from './order-mails';
import { creditUnits } from './transitions';

/**
 * Returns (RMA, DESIGN §11): a buyer sends back shipped units within RETURN_DAYS of their shipment;
 * the shop approves (with instructions) or rejects (with a reason), receives what arrives (resellable
 * units back to stock) and refunds it with a credit note at the order's prices and rates, the money
 * back to the card or the company's account as a cancellation's. Each step runs under the return's
 * row lock (and the order's, where units are counted), is a step of the order's timeline, is mailed to
 * the buyer, and the shop's are audited.
 */

export interface ReturnsDeps extends OrderProcessDeps {
  returnDays: number;
}

const DAY_MS = 86_400_000;

/** A return as the API answers it. */
export function toReturn(found: OrderReturn, order: Pick<PlacedOrder, 'lines' | 'creditNotes'>): Return {
  const note = found.creditNoteId
    ? order.creditNotes.find((candidate) => candidate.id === found.creditNoteId)
    : undefined;
  return {
    _id: found.id,
    number: formatReturnNumber(found.number),
    orderId: found.orderId,
    orderNumber: found.orderNumber,
    status: found.status,
    lines: found.lines.map((line) => {
      const ordered = order.lines.find((candidate) => candidate.lineNumber === line.lineNumber);
      return {
        line: line.lineNumber,
        sku: ordered?.sku ?? null,
        name: ordered?.name ?? '',
        quantity: line.quantity,
        reason: line.reason,
        resellable: line.resellableQuantity,
        damaged: line.damagedQuantity,
      };
    }),
    note: found.note,
    requestedBy: found.requestedBy,
    requestedAt: found.requestedAt.toISOString(),
    decidedAt: found.decidedAt?.toISOString() ?? null,
    instructions: found.instructions,
    rejectionReason: found.rejectionReason,
    receivedAt: found.receivedAt?.toISOString() ?? null,
    refundedAt: found.refundedAt?.toISOString() ?? null,
    creditNote: note
      ? { number: formatCreditNoteNumber(note.number), amount: centsToDollars(note.amountCents) }
      : null,
  };
}

/** "10 × WR-100, 2 × SAW-7": a return's units by SKU, for the timeline. */
const unitsOf = (
  found: Pick<OrderReturn, 'lines'>,
  order: PlacedOrder,
  count = (line: OrderReturn['lines'][number]) => line.quantity,
) =>
  found.lines
    .filter((line) => count(line) > 0)
    .map((line) => {
      const sku = order.lines.find((candidate) => candidate.lineNumber === line.lineNumber)?.sku;
      return `${formatUnits(count(line))} × ${sku ?? `line ${line.lineNumber}`}`;
    })
    .join(', ');

/**
 * POST /api/purchase/{id}/returns: the buyer (or a colleague who may buy for the company; a viewer may
 * not) returns shipped units, each line with its reason. Never more than shipped within the window
 * less what is being returned already: counted under the order's lock, and a CHECK backs it.
 */
export async function requestReturn(
  deps: ReturnsDeps,
  user: SessionUser,
  orderId: string,
  body: z.output<typeof ReturnBody>,
): Promise<Return> {
  const visible = await findOrderFor(deps.db, user, orderId, 'buyer');
  return runOrderWork(deps, async (work) => {
    const { tx, at } = work;
    const locked = await lockOrder(tx, visible.id);
    if (!locked) throw new DomainError('NOT_FOUND', messages.orderNotFound);
    const order = await withLinesOf(tx, locked);
    if (!returnableIn(order.status) || !order.lines.some((line) => line.shippedQuantity > 0)) {
      throw new DomainError('CONFLICT', messages.returnNothingShipped);
    }
    const recent = await unitsShippedSince(tx, order.id, new Date(at.getTime() - deps.returnDays * DAY_MS));
    const plan = planReturn(
      order.lines.map((line) => ({ ...line, recentlyShipped: recent.get(line.lineNumber) ?? 0 })),
      body.lines,
    );
    if ('problems' in plan) throw new DomainError('VALIDATION_FAILED', messages.returnRefused(plan.problems));
    const reasons = new Map<number, string[]>();
    for (const asked of body.lines) {
      const line = order.lines.find((candidate) => candidate.sku?.toUpperCase() === asked.sku.toUpperCase());
      if (line) reasons.set(line.lineNumber, [...(reasons.get(line.lineNumber) ?? []), asked.reason]);
    }
    const by = user.email.toLowerCase();
    const row = await insertReturn(
      tx,
      {
        number: await nextReturnNumber(tx),
        orderId: order.id,
        requestedBy: by,
        requestedAt: at,
        note: body.note || null,
      },
      plan.lines.map((line) => ({ ...line, reason: [...new Set(reasons.get(line.lineNumber))].join('; ') })),
    );
    const found = await mustFind(work, row.id);
    await returnStep(work, order, found, {
      actor: by,
      event: 'return_requested',
      note: `${formatReturnNumber(found.number)}: ${unitsOf(found, order)}`,
    });
    const requested = toReturn(found, order);
    await tellReturnUpdated(work, order, requested);
    return requested;
  });
}

async function mustFind(work: OrderWork, returnId: string): Promise<OrderReturn> {
  const found = await findReturn(work.tx, returnId, { lock: true });
  if (!found) throw new DomainError('NOT_FOUND', messages.returnNotFound);
  return found;
}

/** A step of a return: in its order's timeline, and mailed to the buyer (and, for a request, the shop). */
async function returnStep(
  work: OrderWork,
  order: PlacedOrder,
  found: OrderReturn,
  step: {
    actor: string;
    event: 'return_requested' | 'return_approved' | 'return_rejected' | 'return_received';
    note: string;
  },
) {
  await recordOrderEvent(work.tx, order.id, {
    at: work.at,
    actor: step.actor,
    byStaff: step.event !== 'return_requested',
    event: step.event,
    from: order.status,
    to: order.status,
    note: step.note,
  });
  await queueMails(work.tx, returnStepMails(work.mail, order, toReturn(found, order)));
  work.mailed();
}

/**
 * The shop's steps on a return (approve, reject, receive, refund): the return's row locked, its state
 * checked, then `act` in the same transaction; audited. Answers the return after.
 */
async function shopStep(
  deps: OrderProcessDeps,
  admin: Actor,
  returnId: string,
  to: ReturnStatus,
  words: string,
  act: (
    work: OrderWork,
    found: OrderReturn,
    order: PlacedOrder,
    actor: string,
  ) => Promise<Record<string, unknown>>,
  run: typeof runOrderWork = runOrderWork,
): Promise<Return> {
  return run(deps, async (work) => {
    const first = await mustFind(work, returnId);
    const locked = await lockOrder(work.tx, first.orderId);
    if (!locked) throw new DomainError('NOT_FOUND', messages.orderNotFound);
    const found = await mustFind(work, returnId);
    if (!canReturnMove(found.status, to)) {
      throw new DomainError('CONFLICT', messages.returnCannotMove(found.status, words));
    }
    const actor = admin.email.toLowerCase();
    const detail = await act(work, found, await withLinesOf(work.tx, locked), actor);
    await recordAudit(work.tx, admin, {
      action: to === 'received' ? 'return.receive' : to === 'refunded' ? 'return.refund' : 'return.decide',
      subject: `return ${formatReturnNumber(found.number)} of order ${found.orderNumber}`,
      before: { status: found.status },
      after: { status: to, ...detail },
    });
    const after = toReturn(await mustFind(work, returnId), await withLinesOf(work.tx, locked));
    await tellReturnUpdated(work, locked, after);
    return after;
  });
}

/** POST /api/admin/returns/{id}/approve: the buyer is mailed how to send the units back. */
export function approveReturn(deps: OrderProcessDeps, admin: Actor, returnId: string, instructions: string) {
  return shopStep(deps, admin, returnId, 'approved', 'approved', async (work, found, order, actor) => {
    await updateReturn(work.tx, found.id, {
      status: 'approved',
      decidedBy: actor,
      decidedAt: work.at,
      instructions,
      updatedAt: work.at,
    });
    await returnStep(work, order, await mustFind(work, found.id), {
      actor,
      event: 'return_approved',
      note: formatReturnNumber(found.number),
    });
    return { instructions };
  });
}

/** POST /api/admin/returns/{id}/reject: its units may be returned again; the buyer is told why. */
export function rejectReturn(deps: OrderProcessDeps, admin: Actor, returnId: string, reason: string) {
  return shopStep(deps, admin, returnId, 'rejected', 'rejected', async (work, found, order, actor) => {
    await updateReturn(work.tx, found.id, {
      status: 'rejected',
      decidedBy: actor,
      decidedAt: work.at,
      rejectionReason: reason,
      updatedAt: work.at,
    });
    await releaseReturnedUnits(work.tx, found.orderId, found.lines);
    await returnStep(work, order, await mustFind(work, found.id), {
      actor,
      event: 'return_rejected',
      note: `${formatReturnNumber(found.number)}: ${reason}`,
    });
    return { reason };
  });
}

/**
 * POST /api/admin/returns/{id}/receive: what arrived of each line, resellable or damaged. Resellable
 * units go back to stock (backorders first); units that never arrived may be returned again.
 */
export function receiveReturn(
  deps: OrderProcessDeps,
  admin: Actor,
  returnId: string,
  body: z.output<typeof ReceiveReturnBody>,
) {
  return shopStep(deps, admin, returnId, 'received', 'received', async (work, found, order, actor) => {
    const received = new Map<number, { resellable: number; damaged: number }>();
    const problems: string[] = [];
    for (const { sku, quantity, condition } of body.lines) {
      const line = order.lines.find((candidate) => candidate.sku?.toUpperCase() === sku.toUpperCase());
      const returned = line && found.lines.find((candidate) => candidate.lineNumber === line.lineNumber);
      if (!line || !returned) {
        problems.push(messages.returnNotALine(sku));
        continue;
      }
      const counted = received.get(line.lineNumber) ?? { resellable: 0, damaged: 0 };
      counted[condition] += quantity;
      received.set(line.lineNumber, counted);
      const total = counted.resellable + counted.damaged;
      if (total > returned.quantity)
        problems.push(messages.receiptTooMany(`${sku} ${line.name}`, returned.quantity, total));
    }
    if (problems.length > 0)
      throw new DomainError('VALIDATION_FAILED', messages.receiptRefused([...new Set(problems)]));
    await recordReceipt(work.tx, found.id, received);
    // Units announced that never came may be returned again.
    const missing = found.lines.flatMap((line) => {
      const got = received.get(line.lineNumber);
      const short = line.quantity - (got ? got.resellable + got.damaged : 0);
      return short > 0 ? [{ lineNumber: line.lineNumber, quantity: short }] : [];
    });
    await releaseReturnedUnits(work.tx, found.orderId, missing);
    const restock = new Map<string, number>();
    for (const [lineNumber, { resellable }] of received) {
      const productId = order.lines.find((line) => line.lineNumber === lineNumber)?.productId;
      if (productId && resellable > 0) restock.set(productId, (restock.get(productId) ?? 0) + resellable);
    }
    work.stockMoved(await returnUnits(work.tx, restock));
    await updateReturn(work.tx, found.id, {
      status: 'received',
      receivedBy: actor,
      receivedAt: work.at,
      updatedAt: work.at,
    });
    const after = await mustFind(work, found.id);
    const resellable = [...received.values()].reduce((sum, units) => sum + units.resellable, 0);
    const damaged = [...received.values()].reduce((sum, units) => sum + units.damaged, 0);
    await returnStep(work, order, after, {
      actor,
      event: 'return_received',
      note: `${formatReturnNumber(found.number)}: ${formatUnits(resellable)} resellable (back in stock), ${formatUnits(damaged)} damaged`,
    });
    return { resellable, damaged };
  });
}

/**
 * POST /api/admin/returns/{id}/refund: a credit note for the units received (resellable and damaged),
 * at the order's prices and rates, less an optional restocking fee; the money goes back as for a
 * cancellation (the card once through the provider, or the company's account).
 */
export function refundReturn(
  deps: OrderProcessDeps,
  admin: Actor,
  returnId: string,
  restockingFeePercent: number | undefined,
  /** previewOrderWork: the refund as it would be (its credit note's amount), rolled back. */
  run: typeof runOrderWork = runOrderWork,
) {
  return shopStep(
    deps,
    admin,
    returnId,
    'refunded',
    'refunded',
    async (work, found, order, actor) => {
      const lines = found.lines.flatMap((line) => {
        const units = line.resellableQuantity + line.damagedQuantity;
        return units > 0 ? [{ lineNumber: line.lineNumber, quantity: units }] : [];
      });
      const credited = lines.length
        ? await creditUnits(work, order, {
            lines,
            withFreight: false,
            reason: `Return ${formatReturnNumber(found.number)}: ${unitsOf(found, order, (line) => line.resellableQuantity + line.damagedQuantity)}`,
            restockingFeePercent,
            actor,
          })
        : null;
      await updateReturn(work.tx, found.id, {
        status: 'refunded',
        refundedAt: work.at,
        creditNoteId: credited?.note.id ?? null,
        updatedAt: work.at,
      });
      return {
        creditNote: credited ? formatCreditNoteNumber(credited.note.number) : null,
        amount: credited ? centsToDollars(credited.note.amountCents) : 0,
        restockingFeePercent: restockingFeePercent ?? 0,
      };
    },
    run,
  );
}
