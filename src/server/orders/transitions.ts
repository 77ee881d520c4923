import type { OrderStatus } from '../../shared/domain/order-status';
import type { ProductStock } from '../records/products.repository';
import { assignInvoiceNumber } from '../credit/document-numbers';
import type { Executor } from '../db/database';
import type { MailContext } from '../mail/mail-layout';
import { queueMail } from '../mail/outbox';
import { creditNoteFor, invoiceOnAccount } from '../credit/ledger';
import { releaseReservations } from '../stock/backorders';
import {
  orderApprovedMail,
  orderExpiredMail,
  orderOnAccountMail,
  orderRejectedMail,
  orderShippedMail,
  paymentReceivedMail,
} from './order-mails';
import {
  type OrderRow,
  type PlacedOrder,
  moveOrder,
  withLines,
  withLinesOf,
} from '../records/orders.repository';

/** What a transition changed besides the order: the products whose stock moved (for the catalog cache). */
export interface TransitionEffects {
  stock: ProductStock[];
  /** A mail was queued: nudge the outbox once the transaction has committed. */
  mailed: boolean;
}

/** What entering a state does to one order: queue its mail, number its invoice. Answers the order after. */
type OnEnter = (ex: Executor, order: OrderRow, mail: MailContext) => Promise<OrderRow>;

interface Consequences {
  onEnter?: OnEnter;
  /** The order's reserved stock goes back on sale (all moved orders' at once, products in id order). */
  releasesStock?: true;
  mails?: true;
}

/**
 * What entering each state does, in the transaction that moves the order (in the manner of Vendure's
 * onTransitionEnd): the one list of an order's consequences.
 * - paid: the next invoice number, and the receipt with the invoice attached;
 * - shipped: the shipped mail, with carrier and tracking number;
 * - cancelled: every line's reserved stock goes back (and fills other orders' backorders first);
 * - expired: the same, and the customer is told;
 * - unpaid (entered only when an approver approves): the buyer is told to pay;
 * - on_account (an approved order on the company's account): invoiced, the invoice mailed;
 * - cancelled: a credit note for an invoiced order on account, and (below) the stock goes back;
 * - rejected: the stock goes back, and the buyer is told why.
 * A payment intent is cancelled, or a late payment refunded, before the move (close-order.ts,
 * settle-payment.ts): a provider is never called inside a database transaction.
 */
const consequences: Record<OrderStatus, Consequences> = {
  // Entered only as an order is placed (insertUnpaidOrder); setFreight moves it on.
  awaiting_freight: {},
  // Entered from awaiting_freight once its freight is quoted (setFreight mails the approvers).
  awaiting_approval: {},
  on_account: {
    mails: true,
    onEnter: (ex, order, mail) => enterOnAccount(ex, order, mail, new Date()),
  },
  unpaid: {
    mails: true,
    async onEnter(ex, order, mail) {
      // An approver's approval; an order whose freight was just quoted is mailed by setFreight.
      if (order.approvalRequired && !order.approvedAutomatically) {
        await queueMail(ex, orderApprovedMail(mail, await withLinesOf(ex, order)));
      }
      return order;
    },
  },
  paid: {
    mails: true,
    async onEnter(ex, order, mail) {
      const invoiced = await assignInvoiceNumber(ex, order.id);
      await queueMail(ex, paymentReceivedMail(mail, await withLinesOf(ex, invoiced)));
      return invoiced;
    },
  },
  shipped: {
    mails: true,
    async onEnter(ex, order, mail) {
      await queueMail(ex, orderShippedMail(mail, await withLinesOf(ex, order)));
      return order;
    },
  },
  cancelled: {
    releasesStock: true,
    onEnter: (ex, order) => creditNoteFor(ex, order, new Date()),
  },
  expired: {
    releasesStock: true,
    mails: true,
    async onEnter(ex, order, mail) {
      await queueMail(ex, orderExpiredMail(mail, await withLinesOf(ex, order)));
      return order;
    },
  },
  rejected: {
    releasesStock: true,
    mails: true,
    async onEnter(ex, order, mail) {
      await queueMail(ex, orderRejectedMail(mail, await withLinesOf(ex, order)));
      return order;
    },
  },
};

/**
 * What an order going on its company's account means, in the one place that says it: it is
 * invoiced (number, due day, the ledger's invoice) and the buyer is mailed the invoice. Run when an
 * approved order enters `on_account`, and by insertUnpaidOrder for an order placed straight into it.
 */
export async function enterOnAccount(ex: Executor, order: OrderRow, mail: MailContext, at: Date) {
  const invoiced = await invoiceOnAccount(ex, order, at);
  await queueMail(ex, orderOnAccountMail(mail, await withLinesOf(ex, invoiced)));
  return invoiced;
}

/**
 * Moves orders to `to` through the one status writer (moveOrder: the transition table decides, and of
 * two racing requests one moves an order) and carries out what entering `to` means, in the same
 * transaction. Orders `alreadyDone` says had been moved are left out. Call it inside a transaction;
 * nudge the mail outbox after it commits when `mailed`, and tell the catalog of `stock`.
 */
export async function transitionOrders(
  ex: Executor,
  orderIds: readonly string[],
  to: OrderStatus,
  mail: MailContext,
  options: Parameters<typeof moveOrder>[3] = {},
): Promise<TransitionEffects & { orders: PlacedOrder[] }> {
  const { onEnter, releasesStock, mails } = consequences[to];
  const moved: OrderRow[] = [];
  for (const orderId of orderIds) {
    const order = await moveOrder(ex, orderId, to, options);
    if (order) moved.push(onEnter ? await onEnter(ex, order, mail) : order);
  }
  const stock =
    releasesStock && moved.length > 0
      ? await releaseReservations(
          ex,
          moved.map((order) => order.id),
        )
      : [];
  return { orders: await withLines(ex, moved), stock, mailed: Boolean(mails) && moved.length > 0 };
}

/** One order's transition (transitionOrders); null when `alreadyDone` says it had been made. */
export async function transitionOrder(
  ex: Executor,
  orderId: string,
  to: OrderStatus,
  mail: MailContext,
  options: Parameters<typeof moveOrder>[3] = {},
): Promise<(TransitionEffects & { order: PlacedOrder }) | null> {
  const { orders, ...effects } = await transitionOrders(ex, [orderId], to, mail, options);
  const [order] = orders;
  return order ? { ...effects, order } : null;
}
