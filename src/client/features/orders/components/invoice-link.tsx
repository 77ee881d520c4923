import type { Order } from '../../../../shared/api/orders.schemas';
import { paths } from '../../../config/paths';

/** Opens a paid order's invoice PDF in a new tab; nothing for an order without one yet. */
export function InvoiceLink({ order, small = false }: { order: Order; small?: boolean }) {
  if (!order.invoiceNumber) return null;
  return (
    <a
      className={`btn btn-outline-secondary${small ? ' btn-sm' : ''}`}
      href={paths.invoice(order._id)}
      target="_blank"
      rel="noopener"
    >
      Invoice {order.invoiceNumber}
    </a>
  );
}
