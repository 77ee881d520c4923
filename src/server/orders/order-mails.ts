import type { Return } from '../../shared/api/returns.schemas';
import { formatCreditNoteNumber, formatInvoiceNumber } from '../../shared/domain/document-numbers';
import type { Credited } from '../billing/credit-notes';
import { formatCents } from '../../shared/money';
import { formatUnits } from '../../shared/numbers';
import { formatDay } from '../../shared/date-format';
import { type MailContext, businessMail, formatMailTime } from '../mail/mail-layout';
import type { Mail } from '../mail/mailer';
import { itemsSummary, placedByOf } from '../../shared/domain/order-lines';
import type { OrderShipment, PlacedOrder } from './storage/orders.repository';
import { trackingUrl, unitsStillOpen } from '../../shared/domain/shipments';
import { storedChargesOf } from '../billing/stored-charges';
import { chargeRows, taxNotice } from '../../shared/domain/order-charges';

/** The seller and PUBLIC_URL: what order mails need besides the order. */
export type OrderMailContext = Pick<MailContext, 'shop' | 'publicUrl'>;

/** A line as a mail lists it: `SKU Name: 250 units at $12.50 = $3,125.00`. */
const lineFact = (line: PlacedOrder['lines'][number]): [string, string] => [
  line.sku ? `${line.name} (${line.sku})` : line.name,
  `${formatUnits(line.quantity)} units at ${formatCents(line.unitPriceCents)} = ${formatCents(line.amountCents)}` +
    (line.backorderedUnits > 0 ? ` (${formatUnits(line.backorderedUnits)} backordered)` : ''),
];

/** The order at a glance, as every order mail shows it: its lines, then its total and references. */
function orderFacts(order: PlacedOrder): [string, string][] {
  const notice = order.taxBasis ? taxNotice(order.taxBasis) : null;
  return [
    ['Order', `${order.orderNumber}: ${itemsSummary(order.lines)}`],
    ...order.lines.map(lineFact),
    ...chargeRows(storedChargesOf(order)).slice(0, -1),
    ['Total', `${formatUnits(order.quantity)} units, ${formatCents(order.amountCents)}`],
    ...(notice ? ([['Tax', notice]] as [string, string][]) : []),
    ...(order.company ? ([['Company', order.company]] as [string, string][]) : []),
    ...(order.poNumber ? ([['PO number', order.poNumber]] as [string, string][]) : []),
    ['Ship to', `${order.buyerName}, ${order.address.replace(/\s*\n\s*/g, ', ')}`],
  ];
}

const backorderedUnits = (order: PlacedOrder) =>
  order.lines.reduce((sum, line) => sum + line.backorderedUnits, 0);

const payLink = ({ publicUrl }: OrderMailContext, order: PlacedOrder) => ({
  url: `${publicUrl}/dashboard/payment/${order.id}`,
  label: 'Pay now',
});
const ordersLink = ({ publicUrl }: OrderMailContext) => ({
  url: `${publicUrl}/dashboard/myOrder`,
  label: 'See your orders',
});

/** Sent when an order is placed (or a quote accepted): what it is, how to pay, and until when. */
export function orderPlacedMail(ctx: OrderMailContext, order: PlacedOrder): Mail {
  return businessMail({
    to: order.email,
    subject: `Order ${order.orderNumber} placed: please pay by ${formatMailTime(order.holdExpiresAt)}`,
    greeting: `Hello ${placedByOf(order)},`,
    lead: [
      `Thank you for your order at ${ctx.shop.name}. We have reserved the stock for you until ${formatMailTime(order.holdExpiresAt)}; pay before then and we ship it.`,
    ],
    facts: [
      ...orderFacts(order),
      ['Reserved until', formatMailTime(order.holdExpiresAt)],
      ...(backorderedUnits(order) > 0
        ? ([
            [
              'Backordered',
              `${formatUnits(backorderedUnits(order))} units, shipping by ${order.shipDate ?? 'the date we agreed'}`,
            ],
          ] as [string, string][])
        : []),
    ],
    action: payLink(ctx, order),
    close: ['If the order is not paid by then, the reservation ends and the order expires.'],
    shop: ctx.shop,
  });
}

/**
 * Sent when an order is placed on a pallet, whose freight the shop quotes first: what it is, that its
 * stock is kept for it, and that it can be paid once the freight is quoted (nothing to pay yet, no
 * expiry until then).
 */
export function orderAwaitingFreightMail(ctx: OrderMailContext, order: PlacedOrder): Mail {
  return businessMail({
    to: order.email,
    subject: `Order ${order.orderNumber} placed: we are quoting its pallet's freight`,
    greeting: `Hello ${placedByOf(order)},`,
    lead: [
      `Thank you for your order at ${ctx.shop.name}. It ships on a pallet, so we quote its freight first; its stock is kept for you meanwhile. We will mail you its total once the freight is quoted, and it can be paid then: there is nothing to pay yet.`,
    ],
    facts: orderFacts(order),
    action: ordersLink(ctx),
    shop: ctx.shop,
  });
}

/**
 * Sent to its buyer when the order's lines were changed before payment (change-order.ts): the order
 * as it is now, and what happens next: paying it, its approvers asked again, or the shop quoting the
 * freight. `by` is the colleague who changed it, when not the buyer.
 */
export function orderChangedMail(ctx: OrderMailContext, order: PlacedOrder, by: string | null): Mail {
  const next: Record<string, string> = {
    unpaid: `We keep the stock for you until ${formatMailTime(order.holdExpiresAt)}; pay before then and we ship it.`,
    awaiting_approval:
      'Its new total needs your company’s approval: we have asked your approvers again, and will write once they decide.',
    awaiting_freight:
      'Its freight now needs a quote from us: we will write with the total as soon as it is quoted.',
    on_account: 'It is now invoiced to your company’s account: the invoice follows in a separate mail.',
  };
  return businessMail({
    to: order.email,
    subject: `Order ${order.orderNumber} changed: now ${formatCents(order.amountCents)}`,
    greeting: `Hello ${placedByOf(order)},`,
    lead: [
      `${by ? `${by} changed` : 'You changed'} order ${order.orderNumber}: every line is priced again, with its tax and freight.`,
      next[order.status] ?? '',
    ].filter(Boolean),
    facts: [...orderFacts(order), ['Reserved until', formatMailTime(order.holdExpiresAt)]],
    action: order.status === 'unpaid' ? payLink(ctx, order) : ordersLink(ctx),
    shop: ctx.shop,
  });
}

const approvalsLink = ({ publicUrl }: OrderMailContext) => ({
  url: `${publicUrl}/dashboard/approvals`,
  label: 'Approve or reject',
});

/** Sent to its buyer when a company's order is placed waiting for an approver. */
export function orderAwaitingApprovalMail(ctx: OrderMailContext, order: PlacedOrder): Mail {
  return businessMail({
    to: order.email,
    subject: `Order ${order.orderNumber} placed: waiting for your company’s approval`,
    greeting: `Hello ${placedByOf(order)},`,
    lead: [
      `Thank you for your order at ${ctx.shop.name}. Your company’s rules ask an approver to approve it before it is paid; we have asked them, and we keep the stock for you until ${formatMailTime(order.holdExpiresAt)}.`,
      'We will write again as soon as it is approved or rejected.',
    ],
    facts: [...orderFacts(order), ['Reserved until', formatMailTime(order.holdExpiresAt)]],
    action: ordersLink(ctx),
    close: ['If nobody decides by then, the reservation ends and the order expires.'],
    shop: ctx.shop,
  });
}

/** Sent to each of the company's approvers (its buyer excepted) when an order waits for them. */
export function approvalRequestMail(
  ctx: OrderMailContext,
  order: PlacedOrder,
  approver: { email: string; name: string },
): Mail {
  return businessMail({
    to: approver.email,
    subject: `Approve order ${order.orderNumber}: ${formatCents(order.amountCents)} by ${order.email}`,
    greeting: `Hello ${approver.name},`,
    lead: [
      `${placedByOf(order)} (${order.email}) placed an order of ${formatCents(order.amountCents)}, above your company’s approval threshold. It waits for an approver until ${formatMailTime(order.holdExpiresAt)}; after that its reservation ends.`,
    ],
    facts: orderFacts(order),
    action: approvalsLink(ctx),
    shop: ctx.shop,
  });
}

/** Sent to its buyer when an approver approved the order: it can be paid now, until the new hold ends. */
export function orderApprovedMail(ctx: OrderMailContext, order: PlacedOrder): Mail {
  return businessMail({
    to: order.email,
    subject: `Order ${order.orderNumber} approved: please pay by ${formatMailTime(order.holdExpiresAt)}`,
    greeting: `Hello ${placedByOf(order)},`,
    lead: [
      `${order.decidedBy ?? 'Your company’s approver'} approved your order. We keep the stock for you until ${formatMailTime(order.holdExpiresAt)}; pay before then and we ship it.`,
    ],
    facts: [...orderFacts(order), ['Reserved until', formatMailTime(order.holdExpiresAt)]],
    action: payLink(ctx, order),
    shop: ctx.shop,
  });
}

/** Sent to its buyer when an approver rejected the order, with their reason: the stock went back. */
export function orderRejectedMail(ctx: OrderMailContext, order: PlacedOrder): Mail {
  return businessMail({
    to: order.email,
    subject: `Order ${order.orderNumber} was not approved`,
    greeting: `Hello ${placedByOf(order)},`,
    lead: [
      `${order.decidedBy ?? 'Your company’s approver'} rejected your order, so we closed it and released the stock we had reserved. Nothing was charged.`,
    ],
    facts: [['Reason', order.rejectionReason ?? ''], ...orderFacts(order)],
    action: ordersLink(ctx),
    shop: ctx.shop,
  });
}

/** Sent in the transaction that marks the order paid: the receipt, with the invoice PDF attached. */
export function paymentReceivedMail(ctx: OrderMailContext, order: PlacedOrder): Mail {
  const invoice = order.invoiceNumber === null ? null : formatInvoiceNumber(order.invoiceNumber);
  return {
    ...businessMail({
      to: order.email,
      subject: `Payment received for order ${order.orderNumber}${invoice ? `: invoice ${invoice}` : ''}`,
      greeting: `Hello ${placedByOf(order)},`,
      lead: [
        `We have received your payment of ${formatCents(order.amountCents)}. Your invoice is attached; we will write again when the order ships.`,
      ],
      facts: [
        ...orderFacts(order),
        ...(invoice ? ([['Invoice', invoice]] as [string, string][]) : []),
        ['Paid on', order.paidAt ? formatMailTime(order.paidAt) : ''],
        ['Transaction', order.transactionId ?? ''],
        ...(order.paidInTestMode ? ([['Test payment', 'no money was taken']] as [string, string][]) : []),
      ],
      action: ordersLink(ctx),
      shop: ctx.shop,
    }),
    attachments: [{ kind: 'invoice', orderId: order.id }],
  };
}

/**
 * An invoice or credit note sent again at the shop's hand (Send again): the document as it was issued,
 * the very file the buyer had (billing/issued-documents.ts), to the buyer and the company's billing
 * address as the company asks for its documents.
 */
export function documentAgainMail(
  ctx: OrderMailContext,
  order: PlacedOrder,
  document: { kind: 'invoice' } | { kind: 'credit_note'; creditNoteId: string; number: number },
): Mail {
  const name =
    document.kind === 'invoice'
      ? `invoice ${formatInvoiceNumber(order.invoiceNumber ?? 0)}`
      : `credit note ${formatCreditNoteNumber(document.number)}`;
  return {
    ...businessMail({
      to: order.email,
      subject: `Your ${name} for order ${order.orderNumber}, sent again`,
      greeting: `Hello ${placedByOf(order)},`,
      lead: [`As asked, here is your ${name} again: the same document as when it was issued.`],
      facts: orderFacts(order),
      action: ordersLink(ctx),
      shop: ctx.shop,
    }),
    attachments: [
      document.kind === 'invoice'
        ? { kind: 'invoice', orderId: order.id }
        : { kind: 'credit_note', creditNoteId: document.creditNoteId },
    ],
  };
}

/**
 * Sent when an order goes on the company's account: it is confirmed and will ship; the
 * invoice is attached, with its due day and where to pay.
 */
export function orderOnAccountMail(ctx: OrderMailContext, order: PlacedOrder): Mail {
  const invoice = order.invoiceNumber === null ? '' : formatInvoiceNumber(order.invoiceNumber);
  return {
    ...businessMail({
      to: order.email,
      subject: `Order ${order.orderNumber} confirmed on account: invoice ${invoice} due ${order.dueDate ? formatDay(order.dueDate) : ''}`,
      greeting: `Hello ${placedByOf(order)},`,
      lead: [
        `Thank you for your order at ${ctx.shop.name}. It is confirmed on your company's account and we will ship it; we will write again when it ships.`,
        `Invoice ${invoice} is attached: please pay ${formatCents(order.amountCents)} by ${order.dueDate ? formatDay(order.dueDate) : ''} by bank transfer, quoting the invoice number.`,
      ],
      facts: [
        ...orderFacts(order),
        ['Invoice', invoice],
        ['Due', order.dueDate ? formatDay(order.dueDate) : ''],
        ...ctx.shop.bankDetails.map((line): [string, string] => {
          const [label, ...rest] = line.split(': ');
          return rest.length > 0 ? [label ?? '', rest.join(': ')] : ['Pay to', line];
        }),
      ],
      action: ordersLink(ctx),
      shop: ctx.shop,
    }),
    attachments: [{ kind: 'invoice', orderId: order.id }],
  };
}

/** Sent once per order when its hold ends within the reminder window and it is still unpaid. */
export function holdEndingMail(ctx: OrderMailContext, order: PlacedOrder): Mail {
  return businessMail({
    to: order.email,
    subject: `Order ${order.orderNumber}: your reservation ends ${formatMailTime(order.holdExpiresAt)}`,
    greeting: `Hello ${placedByOf(order)},`,
    lead: [
      `Your order is not paid yet. We keep its stock for you until ${formatMailTime(order.holdExpiresAt)}; after that the order expires and the units go back on sale.`,
    ],
    facts: orderFacts(order),
    action: payLink(ctx, order),
    shop: ctx.shop,
  });
}

/** Sent when an admin marks the order shipped. */
export function orderShippedMail(ctx: OrderMailContext, order: PlacedOrder, shipment: OrderShipment): Mail {
  const complete = order.status === 'shipped';
  const tracking = trackingUrl(shipment.carrier, shipment.trackingNumber);
  const waiting = order.lines.reduce((sum, line) => sum + unitsStillOpen(line), 0);
  return businessMail({
    to: order.email,
    subject: complete
      ? `Order ${order.orderNumber} has shipped`
      : `Part of order ${order.orderNumber} has shipped`,
    greeting: `Hello ${placedByOf(order)},`,
    lead: [
      `A shipment of your order left our warehouse on ${formatMailTime(shipment.shippedAt)} with ${shipment.carrier}.` +
        (complete ? ' It completes your order.' : ` ${formatUnits(waiting)} units of it will follow.`),
      ...(shipment.trackingNumber ? [`Tracking number: ${shipment.trackingNumber}`] : []),
    ],
    facts: [
      ...shipment.lines.map(({ lineNumber, quantity }): [string, string] => {
        const line = order.lines.find((candidate) => candidate.lineNumber === lineNumber);
        return [
          `In this shipment`,
          `${formatUnits(quantity)} × ${line?.sku ?? ''} ${line?.name ?? ''}`.trim(),
        ];
      }),
      ...orderFacts(order),
    ],
    action: tracking ? { url: tracking, label: 'Track the shipment' } : ordersLink(ctx),
    shop: ctx.shop,
  });
}

/** Sent when an unpaid order's hold ended: the order is closed and its stock is back on sale. */
export function orderExpiredMail(ctx: OrderMailContext, order: PlacedOrder): Mail {
  const undecided = order.approvalRequired && order.decidedAt === null;
  return businessMail({
    to: order.email,
    subject: `Order ${order.orderNumber} expired ${undecided ? 'before it was approved' : 'unpaid'}`,
    greeting: `Hello ${placedByOf(order)},`,
    lead: [
      `Your order was not ${undecided ? 'approved by your company' : 'paid'} by ${formatMailTime(order.holdExpiresAt)}, so we closed it and released the stock we had reserved. Nothing was charged.`,
    ],
    facts: orderFacts(order),
    // One line: the buy page filled in from this order; several: My Orders, whose 'Order again' puts
    // every line back into the cart.
    action: {
      url:
        order.lines.length === 1 && order.lines[0]?.productId
          ? `${ctx.publicUrl}/buyNow/${order.lines[0].productId}?again=${order.id}`
          : ordersLink(ctx).url,
      label: 'Order again',
    },
    shop: ctx.shop,
  });
}

/** Sent to its buyer when the shop has quoted a pallet's freight: the order can now be paid. */
export function freightQuotedMail(ctx: OrderMailContext, order: PlacedOrder): Mail {
  return businessMail({
    to: order.email,
    subject: `Order ${order.orderNumber}: freight quoted, please pay ${formatCents(order.amountCents)}`,
    greeting: `Hello ${placedByOf(order)},`,
    lead: [
      `We have quoted the freight of your order. Its stock is reserved for you until ${formatMailTime(order.holdExpiresAt)}; pay before then and we ship it.`,
    ],
    facts: orderFacts(order),
    action: payLink(ctx, order),
    shop: ctx.shop,
  });
}

/** To the shop: an order goes on a pallet, and waits for the freight the shop quotes. */
export function freightQuoteNeededMail(ctx: OrderMailContext, order: PlacedOrder): Mail {
  return businessMail({
    to: ctx.shop.email,
    subject: `Order ${order.orderNumber} waits for a pallet freight quote`,
    greeting: 'Hello,',
    lead: [
      `${placedByOf(order)} (${order.email}) placed an order too heavy for a parcel. It keeps its stock until you quote its freight; only then can it be approved, paid or put on account.`,
    ],
    facts: orderFacts(order),
    action: { url: `${ctx.publicUrl}/dashboard/manageAllOrders/${order.id}`, label: 'Quote the freight' },
    shop: ctx.shop,
  });
}

/** To the buyer: the freight is quoted, but the company's account no longer takes the order; pay by card. */
export function freightQuotedPayByCardMail(ctx: OrderMailContext, order: PlacedOrder, why: string): Mail {
  return businessMail({
    to: order.email,
    subject: `Order ${order.orderNumber}: freight quoted, please pay ${formatCents(order.amountCents)} by card`,
    greeting: `Hello ${placedByOf(order)},`,
    lead: [
      `We have quoted the freight of your order. ${why} Its stock is reserved for you until ${formatMailTime(order.holdExpiresAt)}; pay by card before then and we ship it.`,
    ],
    facts: orderFacts(order),
    action: payLink(ctx, order),
    shop: ctx.shop,
  });
}

/**
 * Sent with each credit note (a cancellation of some units or of the whole order, a refunded return):
 * what was credited, why, and where the money goes; the credit note's PDF attached.
 */
export function creditNoteMail(
  ctx: OrderMailContext,
  order: PlacedOrder,
  { note, refund, breakdown }: Credited,
): Mail {
  const number = formatCreditNoteNumber(note.number);
  const amount = formatCents(note.amountCents);
  const mail = businessMail({
    to: order.email,
    subject: `Credit note ${number} for order ${order.orderNumber}: ${amount}`,
    greeting: `Hello ${placedByOf(order)},`,
    lead: [
      order.status === 'cancelled'
        ? `Your order ${order.orderNumber} was cancelled: ${note.reason}`
        : `Part of your order ${order.orderNumber} was credited: ${note.reason}`,
      refund.method === 'card'
        ? `${amount} is refunded to the card you paid with; your bank shows it within a few business days.`
        : `${amount} is taken off your company’s account balance.`,
      `Credit note ${number} is attached.`,
    ],
    facts: [
      ...note.lines.map(({ lineNumber, quantity, amountCents }): [string, string] => {
        const line = order.lines.find((candidate) => candidate.lineNumber === lineNumber);
        return [
          'Credited',
          `${formatUnits(quantity)} × ${line?.sku ?? ''} ${line?.name ?? ''}: ${formatCents(amountCents)}`,
        ];
      }),
      ...(note.freightCents > 0
        ? ([['Freight credited', formatCents(note.freightCents)]] as [string, string][])
        : []),
      // The credit note's own breakdown: a fee kept before tax, and the tax after it, as its PDF says.
      ...(breakdown.feeCents > 0
        ? ([['Restocking fee kept (before tax)', `−${formatCents(breakdown.feeCents)}`]] as [
            string,
            string,
          ][])
        : []),
      ['Tax credited', formatCents(breakdown.taxCents)],
      ['Credit note total', amount],
      ['Order', `${order.orderNumber}: ${itemsSummary(order.lines)}`],
    ],
    action: { url: `${ctx.publicUrl}/dashboard/myOrder/${order.id}`, label: 'See your order' },
    shop: ctx.shop,
  });
  return { ...mail, attachments: [{ kind: 'credit_note', creditNoteId: note.id }] };
}

/** Sent to the shop when a buyer asks for a paid order to be cancelled: who, why, and where to answer. */
export function cancellationRequestedMail(ctx: OrderMailContext, order: PlacedOrder): Mail {
  return businessMail({
    to: ctx.shop.email,
    subject: `Cancellation asked for order ${order.orderNumber}`,
    greeting: 'Hello,',
    lead: [
      `${order.cancellationRequestedBy ?? order.email} asks for paid order ${order.orderNumber} to be cancelled: ${order.cancellationReason ?? ''}`,
      'Cancel it (the buyer is refunded and mailed the credit note) or refuse, from the order’s page.',
    ],
    facts: orderFacts(order),
    action: { url: `${ctx.publicUrl}/dashboard/manageAllOrders/${order.id}`, label: 'Answer the request' },
    shop: ctx.shop,
  });
}

/** Sent to the buyer when the shop keeps an order they asked to cancel, with the shop's reason. */
export function cancellationRefusedMail(ctx: OrderMailContext, order: PlacedOrder, reason: string): Mail {
  return businessMail({
    to: order.email,
    subject: `Order ${order.orderNumber} cannot be cancelled`,
    greeting: `Hello ${placedByOf(order)},`,
    lead: [
      `We cannot cancel your order ${order.orderNumber} as you asked: ${reason}`,
      'It ships as planned. Once it has arrived, you can return units you do not need from the order’s page.',
    ],
    facts: orderFacts(order),
    action: { url: `${ctx.publicUrl}/dashboard/myOrder/${order.id}`, label: 'See your order' },
    shop: ctx.shop,
  });
}

/**
 * Each step of a return, mailed to the buyer (and a new return to the shop too): what comes back, and
 * what happens next: wait for approval, send the units as instructed, the reason it was refused, what
 * arrived. Its refund is mailed with its credit note (creditNoteMail).
 */
export function returnStepMails(ctx: OrderMailContext, order: PlacedOrder, ret: Return): Mail[] {
  const lines = ret.lines.map((line): [string, string] => [
    'Returning',
    `${formatUnits(line.quantity)} × ${line.sku ?? ''} ${line.name}: ${line.reason}` +
      (ret.status === 'received'
        ? ` (${formatUnits(line.resellable)} resellable, ${formatUnits(line.damaged)} damaged)`
        : ''),
  ]);
  const facts: [string, string][] = [['Return', `${ret.number} of order ${order.orderNumber}`], ...lines];
  const lead: Record<Return['status'], string[]> = {
    requested: [
      `We have your return ${ret.number} of order ${order.orderNumber}. We check it and mail you how to send the units back; please do not send anything before.`,
    ],
    approved: [
      `Your return ${ret.number} is approved. Please send the units back as follows:`,
      ret.instructions ?? '',
      'We refund them once they have arrived and been checked.',
    ],
    rejected: [`We cannot accept your return ${ret.number}: ${ret.rejectionReason ?? ''}`],
    received: [
      `The units of your return ${ret.number} have arrived and been checked. We refund them shortly, with a credit note.`,
    ],
    refunded: [`Your return ${ret.number} is refunded.`],
  };
  const subject: Record<Return['status'], string> = {
    requested: `Return ${ret.number} requested for order ${order.orderNumber}`,
    approved: `Return ${ret.number} approved: how to send the units back`,
    rejected: `Return ${ret.number} refused`,
    received: `Return ${ret.number} received`,
    refunded: `Return ${ret.number} refunded`,
  };
  const action = { url: `${ctx.publicUrl}/dashboard/myReturns`, label: 'See your returns' };
  const toBuyer = businessMail({
    to: order.email,
    subject: subject[ret.status],
    greeting: `Hello ${placedByOf(order)},`,
    lead: lead[ret.status],
    facts,
    action,
    shop: ctx.shop,
  });
  if (ret.status !== 'requested') return [toBuyer];
  const toShop = businessMail({
    to: ctx.shop.email,
    subject: `New return ${ret.number} of order ${order.orderNumber}`,
    greeting: 'Hello,',
    lead: [
      `${ret.requestedBy} returns units of order ${order.orderNumber}.`,
      ...(ret.note ? [ret.note] : []),
    ],
    facts,
    action: { url: `${ctx.publicUrl}/dashboard/returns/${ret._id}`, label: 'Approve or refuse it' },
    shop: ctx.shop,
  });
  return [toBuyer, toShop];
}
