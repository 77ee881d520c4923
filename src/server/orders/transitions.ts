import type { OrderStatus } from '../../shared/domain/order-status';
import { nextInvoiceNumber } from '../billing/document-numbers';
import type { Executor } from '../db/database';
import { queueMail, queueMails } from '../mail/outbox';
import type { Mail } from '../mail/mailer';
import { findCompany } from '../records/companies.repository';
import type { OrderWork } from './order-process';
import { tellCreditNoteIssued, tellInvoiceIssued, tellOrder } from './order-webhooks';
import { invoiceOnAccount } from '../billing/ledger';
import { formatCents } from '../../shared/money';
import { formatCreditNoteNumber } from '../../shared/domain/document-numbers';
import { type Credited, type Crediting, issueCreditNote } from '../billing/credit-notes';
import { releaseReservations } from '../stock/backorders';
import {
  approvalRequestMail,
  creditNoteMail,
  freightQuoteNeededMail,
  freightQuotedMail,
  freightQuotedPayByCardMail,
  orderApprovedMail,
  orderAwaitingApprovalMail,
  orderAwaitingFreightMail,
  orderExpiredMail,
  orderOnAccountMail,
  orderPlacedMail,
  orderRejectedMail,
  paymentReceivedMail,
} from './order-mails';
import { messages } from '../../shared/messages';
import type { Approver } from '../companies/spending-rules';
import {
  type Locked,
  type OrderRow,
  type OrderStep,
  type PlacedOrder,
  recordInvoice,
  recordOrderEvent,
  withLines,
} from './storage/orders.repository';
import { moveOrder } from './order-status-writer';

/**
 * How an order came into its state, for what entering it does (who is told what): placed into it,
 * changed into it (or changed and kept in it), its pallet's freight quoted, or any other step (an
 * approver's decision, a payment, a shipment, a cancellation, the hold's end).
 */
export interface Entry {
  via: 'placed' | 'changed' | 'freight_quoted' | 'step';
  /** Entering awaiting_approval: the approvers asked to decide (ApprovalPlan's). */
  approvers?: readonly Approver[];
  /** Entering unpaid from a freight quote: why an order meant for the account is to be paid by card. */
  cardBecause?: string | null;
}

/**
 * What entering a state does to one order, in the work's transaction: queue its mail, number its
 * invoice, credit it. Answers the order after.
 */
type OnEnter = (
  work: OrderWork,
  order: PlacedOrder,
  step: Omit<OrderStep, 'at'>,
  entry: Entry,
) => Promise<PlacedOrder>;

interface Consequences {
  onEnter?: OnEnter;
  /** The order's reserved stock goes back on sale (all moved orders' at once, products in id order). */
  releasesStock?: true;
  mails?: true;
  /** The webhook event entering the state is (order-webhooks.ts), told before what entering it does. */
  tells?: 'order.paid' | 'order.shipped' | 'order.cancelled';
}

/**
 * What entering each state does, in the transaction that moves the order (in the manner of Vendure's
 * onTransitionEnd): the one list of an order's consequences, whether the order is placed into the
 * state (placeOrderIn), changed into it (changeOrderInto) or moved by any other step (transitionOrders).
 * - awaiting_freight: the shop is asked for a pallet's freight quote (and a placed order's buyer told);
 * - awaiting_approval: the approvers are asked (and, unless a change mail told them, the buyer told);
 * - unpaid: the buyer is told to pay: the order placed, its freight quoted (or to be paid by card
 *   instead of on account, and why), or approved; a change says so in its own mail;
 * - on_account: invoiced, the invoice mailed;
 * - paid: the next invoice number, and the receipt with the invoice attached;
 * - partially_shipped, shipped: nothing more (each shipment is mailed by shipOrder);
 * - cancelled: every unit not shipped is cancelled and its reserved stock goes back (filling other
 *   orders' backorders first); an invoiced order is credited what was not credited yet, with its
 *   freight (a credit note, money back to the card or the company's account, the buyer mailed);
 * - expired: the same, and the customer is told;
 * - rejected: the stock goes back, and the buyer is told why.
 * A payment intent is cancelled, or a late payment refunded, before the move (close-order.ts,
 * settle-payment.ts): a provider is never called inside a database transaction.
 */
const consequences: Record<OrderStatus, Consequences> = {
  awaiting_freight: {
    mails: true,
    async onEnter({ tx: ex, mail }, order, _step, { via }) {
      await queueMails(ex, [
        ...(via === 'placed' ? [orderAwaitingFreightMail(mail, order)] : []),
        freightQuoteNeededMail(mail, order),
      ]);
      return order;
    },
  },
  awaiting_approval: {
    mails: true,
    async onEnter({ tx: ex, mail }, order, _step, { via, approvers = [] }) {
      await queueMails(ex, [
        ...(via === 'changed' ? [] : [orderAwaitingApprovalMail(mail, order)]),
        ...approvers.map((approver) => approvalRequestMail(mail, order, approver)),
      ]);
      return order;
    },
  },
  on_account: {
    mails: true,
    onEnter: (work, order) => enterOnAccount(work, order),
  },
  unpaid: {
    mails: true,
    async onEnter({ tx: ex, mail }, order, _step, { via, cardBecause }) {
      if (via === 'changed') return order;
      if (via === 'placed') await queueMail(ex, orderPlacedMail(mail, order));
      else if (via === 'freight_quoted') {
        await queueMail(
          ex,
          cardBecause
            ? freightQuotedPayByCardMail(mail, order, messages.freightOffAccount(cardBecause))
            : freightQuotedMail(mail, order),
        );
      } else if (order.approvalRequired && !order.approvedAutomatically) {
        // An approver's approval.
        await queueMail(ex, orderApprovedMail(mail, order));
      }
      return order;
    },
  },
  paid: {
    mails: true,
    tells: 'order.paid',
    async onEnter(work, order) {
      const { tx: ex, mail } = work;
      const invoiced = {
        ...order,
        ...(await recordInvoice(ex, order.id, { invoiceNumber: await nextInvoiceNumber(ex) })),
      };
      work.documentIssued({ ref: { kind: 'invoice', orderId: order.id }, order: invoiced });
      await tellInvoiceIssued(work, invoiced);
      await queueMails(ex, await asItsCompanyAsks(ex, order, paymentReceivedMail(mail, invoiced)));
      return invoiced;
    },
  },
  // Each shipment mails its own lines and tracking (ship-order.ts).
  partially_shipped: { tells: 'order.shipped' },
  shipped: { tells: 'order.shipped' },
  cancelled: {
    releasesStock: true,
    tells: 'order.cancelled',
    onEnter: creditWhatIsLeft,
  },
  // An unpaid order whose hold ended, and one its approver rejected, are cancelled orders to an ERP.
  expired: {
    releasesStock: true,
    tells: 'order.cancelled',
    mails: true,
    async onEnter({ tx: ex, mail }, order) {
      await queueMail(ex, orderExpiredMail(mail, order));
      return order;
    },
  },
  rejected: {
    releasesStock: true,
    tells: 'order.cancelled',
    mails: true,
    async onEnter({ tx: ex, mail }, order) {
      await queueMail(ex, orderRejectedMail(mail, order));
      return order;
    },
  },
};

/**
 * What an order going on its company's account means, in the one place that says it: it is
 * invoiced (number, due day, the ledger's invoice) and the buyer is mailed the invoice. Run when an
 * approved order enters `on_account`, and by insertUnpaidOrder for an order placed straight into it.
 */
export async function enterOnAccount(work: OrderWork, order: PlacedOrder): Promise<PlacedOrder> {
  const { tx: ex, mail, at } = work;
  const invoiced = {
    ...order,
    ...(await recordInvoice(ex, order.id, await invoiceOnAccount(ex, order, at))),
  };
  work.documentIssued({ ref: { kind: 'invoice', orderId: order.id }, order: invoiced });
  await tellInvoiceIssued(work, invoiced);
  await queueMails(ex, await asItsCompanyAsks(ex, order, orderOnAccountMail(mail, invoiced)));
  return invoiced;
}

/**
 * A cancelled order that was invoiced is credited every unit not shipped and not credited yet, and its
 * freight (issueCreditNote): the money goes back to the card or the company's account, and the buyer
 * is mailed the credit note. The step's note is the credit note's reason.
 */
async function creditWhatIsLeft(work: OrderWork, order: PlacedOrder, step: Omit<OrderStep, 'at'>) {
  if (order.invoiceNumber === null) return order;
  const crediting = await creditUnits(work, order, {
    lines: 'not shipped',
    withFreight: true,
    reason: step.note ?? 'Order cancelled',
    actor: step.actor,
  });
  return crediting?.order ?? order;
}

/**
 * Credits units of an invoiced order (issueCreditNote) and carries out what follows: the card refund
 * is sent after the commit, and the buyer is mailed the credit note with its PDF. Answers the credit
 * and the order as it leaves it (its new credit note and refund are all that changed).
 */
export async function creditUnits<Order extends PlacedOrder>(
  work: OrderWork,
  order: Order,
  crediting: Omit<Crediting, 'at'>,
): Promise<(Credited & { order: Order }) | null> {
  const credited = await issueCreditNote(work.tx, order, { ...crediting, at: work.at });
  if (!credited) return null;
  const after = {
    ...order,
    creditNotes: [...order.creditNotes, credited.note],
    refunds: [...order.refunds, credited.refund],
  };
  work.documentIssued({
    ref: { kind: 'credit_note', orderId: order.id, creditNoteId: credited.note.id },
    order: after,
  });
  work.refundQueued({
    refund: credited.refund,
    intentId: order.transactionId,
    creditNoteNumber: credited.note.number,
  });
  await tellCreditNoteIssued(work, after, credited.note);
  // A card refund is a step once the provider has made it (send-refunds.ts); a credit on account now.
  if (credited.refund.method === 'account') {
    await recordOrderEvent(work.tx, order.id, {
      at: work.at,
      actor: null,
      event: 'refunded',
      from: order.status,
      to: order.status,
      note: `${formatCents(credited.note.amountCents)} credited to the company’s account (credit note ${formatCreditNoteNumber(credited.note.number)})`,
    });
  }
  await queueMails(
    work.tx,
    await asItsCompanyAsks(work.tx, order, creditNoteMail(work.mail, after, credited)),
  );
  work.mailed();
  return { ...credited, order: after };
}

/**
 * A mail carrying an invoice or a credit note, as the order's company asks for its documents (Dashboard
 * → Company): attached as a Factur-X PDF, as UBL, or both, and a copy to its billing address. A buyer of
 * no company gets the PDF.
 */
export async function asItsCompanyAsks(ex: Executor, order: OrderRow, mail: Mail): Promise<Mail[]> {
  const company = order.companyId ? await findCompany(ex, order.companyId) : null;
  if (!company) return [mail];
  const formats = company.invoiceDelivery === 'both' ? (['pdf', 'ubl'] as const) : [company.invoiceDelivery];
  const asked = {
    ...mail,
    attachments: (mail.attachments ?? []).flatMap((ref) => formats.map((format) => ({ ...ref, format }))),
  };
  const copy = company.billingEmail && company.billingEmail !== mail.to.toLowerCase();
  return copy ? [asked, { ...asked, to: company.billingEmail ?? mail.to }] : [asked];
}

/**
 * Moves orders to `to` through the one status writer (moveOrder: the transition table decides, of two
 * racing requests one moves an order, and each move is a step of the order's timeline) and carries out
 * what entering `to` means, in the work's transaction; the stock it gives back and the mail it queues
 * reach the catalog and the outbox once the work commits (runOrderWork). Orders `alreadyDone` says had
 * been moved are left out. An order may come as its caller holds it (Locked: its row locked in the
 * work's transaction and not changed since, with its lines, credit notes and refunds): it is not read
 * again; the others are read once, after their moves. Each is carried through what entering does as it
 * changes, never read again: answers them as they are after.
 */
export async function transitionOrders(
  work: OrderWork,
  orders: readonly (string | Locked<PlacedOrder>)[],
  to: OrderStatus,
  step: Omit<OrderStep, 'at'>,
  { entry = { via: 'step' }, ...options }: Parameters<typeof moveOrder>[4] & { entry?: Entry } = {},
): Promise<PlacedOrder[]> {
  const { tx } = work;
  const { onEnter, releasesStock, mails } = consequences[to];
  // The rest of a part-shipped order cancelled leaves it shipped: no shipment to tell of (its credit note is told).
  const tells = options.event === 'cancelled_in_part' ? undefined : consequences[to].tells;
  const held = new Map(
    orders.flatMap((order) => (typeof order === 'string' ? [] : [[order.id, order] as const])),
  );
  const rows: OrderRow[] = [];
  for (const order of orders) {
    const moved = await moveOrder(tx, order, to, { ...step, at: work.at }, options);
    if (moved) rows.push(moved);
  }
  if (rows.length === 0) return [];
  const unheld = rows.filter((row) => !held.has(row.id));
  const read = new Map(
    (unheld.length > 0 ? await withLines(tx, unheld) : []).map((order) => [order.id, order]),
  );
  const entered: PlacedOrder[] = [];
  for (const row of rows) {
    const before = held.get(row.id);
    const order = before ? { ...before, ...row } : read.get(row.id);
    if (!order) throw new Error(`Order ${row.id} was moved and is gone`);
    if (tells) await tellOrder(work, tells, order);
    entered.push(onEnter ? await onEnter(work, order, step, entry) : order);
  }
  if (mails) work.mailed();
  if (!releasesStock) return entered;
  const released = await releaseReservations(tx, entered);
  work.stockMoved(released.levels);
  return entered.map((order) => ({ ...order, lines: released.lines.get(order.id) ?? order.lines }));
}

/** One order's transition (transitionOrders); null when `alreadyDone` says it had been made. */
export async function transitionOrder(
  work: OrderWork,
  order: string | Locked<PlacedOrder>,
  to: OrderStatus,
  step: Omit<OrderStep, 'at'>,
  options: Parameters<typeof transitionOrders>[4] = {},
): Promise<PlacedOrder | null> {
  const [moved] = await transitionOrders(work, [order], to, step, options);
  return moved ?? null;
}

/**
 * A new order (insertOrder stored it in its first state): the first step of its timeline, the
 * order.placed webhook, and what entering that state does (placed: the buyer told, the approvers or
 * the shop asked, an on-account order invoiced). Answers the order after.
 */
export async function placeOrderIn(
  work: OrderWork,
  order: PlacedOrder,
  actor: string,
  entry: Omit<Entry, 'via'> = {},
): Promise<PlacedOrder> {
  await recordOrderEvent(work.tx, order.id, {
    at: work.at,
    actor,
    event: 'placed',
    from: null,
    to: order.status,
  });
  await tellOrder(work, 'order.placed', order);
  const { onEnter, mails } = consequences[order.status];
  const entered = onEnter ? await onEnter(work, order, { actor }, { ...entry, via: 'placed' }) : order;
  if (mails) work.mailed();
  return entered;
}

/**
 * An order whose lines a buyer changed (replaceOrderLines stored them) goes where its new total sends
 * it, through the transition table like any move: `to` its state now, or kept in it (a step of its
 * timeline all the same). Entering (or staying in) the state does what a change there means: the
 * approvers asked again, the shop asked for a freight quote again, an on-account order invoiced. Then
 * the order.changed webhook, with the order as it is after. Answers the order after.
 */
export async function changeOrderInto(
  work: OrderWork,
  order: Locked<PlacedOrder>,
  to: OrderStatus,
  step: Omit<OrderStep, 'at'>,
  entry: Omit<Entry, 'via'> = {},
): Promise<PlacedOrder> {
  const changed: Entry = { ...entry, via: 'changed' };
  let after: PlacedOrder;
  if (to === order.status) {
    await recordOrderEvent(work.tx, order.id, { ...step, at: work.at, event: 'changed', from: to, to });
    const { onEnter, mails } = consequences[to];
    if (mails) work.mailed();
    after = onEnter ? await onEnter(work, order, step, changed) : order;
  } else {
    // Not a decision: a change out of awaiting_approval keeps the order's decision as it was.
    const moved = await transitionOrder(work, order, to, step, {
      event: 'changed',
      set: { decidedAt: order.decidedAt },
      entry: changed,
    });
    if (!moved) throw new Error(`Order ${order.id} was not moved to ${to} by its change`);
    after = moved;
  }
  await tellOrder(work, 'order.changed', after);
  return after;
}
