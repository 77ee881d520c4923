import { formatInvoiceNumber } from '../../shared/domain/document-numbers';
import { addDays, statementOf } from '../../shared/domain/ledger';
import { formatCents } from '../../shared/money';
import type { Database, Executor } from '../db/database';
import { type OrderRow, claimInvoiceReminders } from '../orders/storage/orders.repository';
import { formatDay } from '../../shared/date-format';
import { businessMail, type MailContext } from '../mail/mail-layout';
import type { Mail } from '../mail/mailer';
import { queueMails } from '../mail/outbox';
import { ledgerOf } from '../billing/ledger';
import { utcDayOf } from '../../shared/days';

/** An invoice on account is recalled this many days before its due day. */
export const DUE_REMINDER_DAYS = 3;
const BATCH = 200;

type Reminder = 'due' | 'overdue';

/**
 * Claims the invoices on account to remind of, no two processes the same one: due within
 * DUE_REMINDER_DAYS and not yet reminded, or past their due day and not yet told so.
 */
const claim = (ex: Executor, kind: Reminder, today: string, now: Date) =>
  claimInvoiceReminders(ex, kind, { today, dueUntil: addDays(today, DUE_REMINDER_DAYS), now, limit: BATCH });

function reminderMail(ctx: MailContext, order: OrderRow, openCents: number, kind: Reminder): Mail {
  const invoice = formatInvoiceNumber(order.invoiceNumber ?? 0);
  const due = order.dueDate ? formatDay(order.dueDate) : '';
  return businessMail({
    to: order.email,
    subject:
      kind === 'due'
        ? `Invoice ${invoice} is due on ${due}`
        : `Invoice ${invoice} is overdue: it was due on ${due}`,
    greeting: `Hello ${order.buyerName},`,
    lead: [
      kind === 'due'
        ? `A reminder that invoice ${invoice} for order ${order.orderNumber} is due on ${due}: ${formatCents(openCents)} is still open.`
        : `Invoice ${invoice} for order ${order.orderNumber} was due on ${due} and ${formatCents(openCents)} of it is still open. Until it is paid, your company can order by card but not on account.`,
      'Please pay by bank transfer, quoting the invoice number. If you have paid already, thank you, and please ignore this mail.',
    ],
    facts: [
      ['Invoice', invoice],
      ['Due', due],
      ['Open', formatCents(openCents)],
      ...ctx.shop.bankDetails.map((line): [string, string] => ['Pay to', line]),
    ],
    action: { url: `${ctx.publicUrl}/dashboard/statement`, label: 'See your statement' },
    shop: ctx.shop,
  });
}

/**
 * Mails the buyers of invoices on account falling due within 3 days, and of invoices past their due
 * day, once each, while the invoice is still open (a paid one is claimed and passed over). Answers
 * how many were told.
 */
export async function remindInvoices(deps: { db: Database; mail: MailContext }, now = new Date()) {
  const today = utcDayOf(now);
  const told = await deps.db.transaction(async (tx) => {
    const mails: Mail[] = [];
    for (const kind of ['due', 'overdue'] as const) {
      const claimed = await claim(tx, kind, today, now);
      const companies = [...new Set(claimed.flatMap((order) => (order.companyId ? [order.companyId] : [])))];
      const open = new Map<string, number>();
      for (const companyId of companies) {
        for (const item of statementOf(await ledgerOf(tx, companyId), today).openItems) {
          if (item.orderId) open.set(item.orderId, item.openCents);
        }
      }
      for (const order of claimed) {
        const openCents = open.get(order.id);
        if (openCents) mails.push(reminderMail(deps.mail, order, openCents, kind));
      }
    }
    await queueMails(tx, mails);
    return mails.length;
  });
  if (told > 0) deps.mail.nudge();
  return told;
}
