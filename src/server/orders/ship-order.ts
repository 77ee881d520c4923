import { type Actor, recordAudit } from '../audit/audit.repository';
import { messages } from '../../shared/messages';
import { DomainError } from '../http/domain-error';
import { backorderedUnitsOf } from '../records/orders.repository';
import { type OrderProcessDeps, runOrderWork } from './order-process';
import { transitionOrder } from './transitions';

/**
 * An admin marks a paid order shipped (DESIGN §5.7) through the one transition function, and the
 * customer is told and the audit log records it, with every line shipped, in the same transaction; marking a shipped order
 * shipped again changes nothing.
 */
export async function shipOrder(
  deps: OrderProcessDeps,
  actor: Actor,
  orderId: string,
  shipment: { carrier: string; trackingNumber?: string | undefined },
): Promise<{ modifiedCount: number }> {
  const shipped = await runOrderWork(deps, async (work) => {
    const { tx } = work;
    const waiting = await backorderedUnitsOf(tx, orderId);
    if (waiting > 0) {
      throw new DomainError('INVALID_TRANSITION', messages.stillBackordered(waiting));
    }
    const moved = await transitionOrder(
      work,
      orderId,
      'shipped',
      { actor: actor.email.toLowerCase() },
      {
        set: { carrier: shipment.carrier, trackingNumber: shipment.trackingNumber || null },
        alreadyDone: (current) => current.status === 'shipped',
      },
    );
    if (moved) {
      await recordAudit(tx, actor, {
        action: 'order.ship',
        subject: `order ${moved.orderNumber}`,
        // Only a paid order, or one on its company's account, ships (the transition table).
        before: { status: moved.paymentMethod === 'account' ? 'on_account' : 'paid' },
        after: {
          status: 'shipped',
          carrier: moved.carrier,
          trackingNumber: moved.trackingNumber,
          lines: moved.lines.map(({ lineNumber, sku, name, quantity }) => ({
            line: lineNumber,
            sku,
            name,
            quantity,
          })),
        },
      });
    }
    return moved;
  });
  return { modifiedCount: shipped ? 1 : 0 };
}
