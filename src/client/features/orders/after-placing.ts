import type { Order } from '../../../shared/api/orders.schemas';
import { paths } from '../../config/paths';
import { formatDay } from '../../lib/format';
import { messages } from '../../../shared/messages';

/**
 * What the buyer is told, and where they go, once an order is placed: to pay it; when their company's
 * rules ask an approver first, to My Orders, where it waits; on a pallet, to the order, whose freight
 * the shop quotes before it can be paid; on the company's account, to its statement, where the invoice is.
 */
export function afterPlacing(order: Order, placed = `Order ${order.orderNumber} placed`) {
  if (order.status === 'on_account') {
    return {
      notice: `Order ${order.orderNumber} confirmed on account: invoice ${order.invoiceNumber ?? ''} is due on ${order.dueDate ? formatDay(order.dueDate) : ''}`,
      to: paths.statement,
    };
  }
  // A pallet: nothing can be paid until the shop has quoted its freight.
  if (order.status === 'awaiting_freight') {
    return { notice: `${placed}. ${messages.freightBeingQuoted}`, to: paths.myOrder(order._id) };
  }
  return order.status === 'awaiting_approval'
    ? {
        notice: `${placed}: it waits for your company’s approval, and we have asked its approvers`,
        to: paths.myOrders,
      }
    : { notice: `${placed}: pay now to confirm it`, to: paths.payment(order._id) };
}
