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

/** Downloads a paid order's invoice as UBL (Peppol BIS Billing 3.0), for an accounting system. */
export function EInvoiceLink({
  order,
  small = false,
}: {
  order: Pick<Order, '_id' | 'invoiceNumber'>;
  small?: boolean;
}) {
  if (!order.invoiceNumber) return null;
  return (
    <a
      className={`btn btn-outline-secondary${small ? ' btn-sm' : ''}`}
      href={paths.eInvoice(order._id)}
      download={`${order.invoiceNumber}.xml`}
      aria-label={`Download e-invoice (UBL) ${order.invoiceNumber}`}
    >
      Download e-invoice (UBL)
    </a>
  );
}
