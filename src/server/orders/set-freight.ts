import { and, eq, isNull } from 'drizzle-orm';
import { messages } from '../../shared/messages';
import { formatCents } from '../../shared/money';
import { type Actor, recordAudit } from '../audit/audit.repository';
import type { Database } from '../db/database';
import { orderLines, orders } from '../db/schema';
import { freightTaxes } from '../../shared/domain/tax';
import { DomainError } from '../http/domain-error';
import { queueMail } from '../mail/outbox';
import type { MailContext } from '../mail/mail-layout';
import { MAX_AMOUNT_CENTS } from './place-order';
import { freightQuotedMail } from './order-mails';
import { type PlacedOrder, withLinesOf } from './orders.repository';
import { transitionOrder } from './transitions';

/**
 * The shop quotes a pallet's freight (issue 35): an order too heavy for a parcel waits, unpaid, until
 * a shop admin sets its freight here. Its total becomes subtotal, freight and tax; its stock is held
 * for another `holdHours` from now, so the buyer has the whole hold to pay; an order on its company's
 * account is invoiced now; the buyer is mailed, and the audit log records who quoted what. Only an
 * order whose freight is still being quoted, and that is not closed, can be given one.
 */
export async function setFreight(
  {
    db,
    mail,
    holdHours,
    now = () => new Date(),
  }: { db: Database; mail: MailContext; holdHours: number; now?: () => Date },
  actor: Actor,
  orderId: string,
  freightCents: number,
): Promise<PlacedOrder> {
  const at = now();
  const quoted = await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw new DomainError('NOT_FOUND', messages.orderNotFound);
    const waiting = order.status === 'unpaid' || order.status === 'awaiting_approval';
    if (order.freightKind !== 'quoted' || order.freightCents !== null || !waiting) {
      throw new DomainError('CONFLICT', messages.freightNotQuoted);
    }
    // Taxed where the order's destination taxes freight, at its lines' rates as they were placed.
    const lines = await tx
      .select({ amountCents: orderLines.amountCents, rate: orderLines.taxRate })
      .from(orderLines)
      .where(eq(orderLines.orderId, orderId));
    const taxes = order.taxBasis?.freightTaxed ? freightTaxes(freightCents, lines) : [];
    const freightTaxCents = taxes.reduce((sum, part) => sum + part.taxCents, 0);
    const amountCents = order.amountCents + freightCents + freightTaxCents;
    if (amountCents > MAX_AMOUNT_CENTS) throw new DomainError('VALIDATION_FAILED', messages.orderTooLarge);
    const [updated] = await tx
      .update(orders)
      .set({
        freightCents,
        freightTaxes: taxes,
        taxCents: order.taxCents + freightTaxCents,
        amountCents,
        updatedAt: at,
        ...(order.status === 'unpaid'
          ? { holdExpiresAt: new Date(at.getTime() + holdHours * 3_600_000), holdReminderSentAt: null }
          : {}),
      })
      .where(and(eq(orders.id, orderId), isNull(orders.freightCents)))
      .returning();
    if (!updated) throw new Error(`Order ${orderId} was not given its freight`);
    await recordAudit(tx, actor, {
      action: 'order.freight',
      subject: `order ${order.orderNumber}`,
      before: { freight: 'quoted', total: formatCents(order.amountCents) },
      after: {
        freight: formatCents(freightCents),
        freightTax: formatCents(freightTaxCents),
        total: formatCents(amountCents),
      },
    });
    // An order on account waited unpaid for its freight: it is invoiced now (its invoice mailed).
    if (updated.status === 'unpaid' && updated.paymentMethod === 'account') {
      const moved = await transitionOrder(tx, orderId, 'on_account', mail);
      if (!moved) throw new Error(`Order ${orderId} did not go on account`);
      return moved.order;
    }
    const withLines = await withLinesOf(tx, updated);
    // An order still awaiting its company's approval is mailed once it is approved.
    if (updated.status === 'unpaid') await queueMail(tx, freightQuotedMail(mail, withLines));
    return withLines;
  });
  mail.nudge();
  return quoted;
}
