import type { Order } from '../../../../shared/api/orders.schemas';
import { ContractPrice } from '../../../components/contract-price';
import { OrderChargesSummary } from '../../../components/charges-summary';
import { LineItems } from '../../../components/line-items';
import { formatUnits } from '../../../lib/format';

/**
 * An order's lines: SKU, product, units, unit price and amount (My Orders, payment, order detail); a
 * line a price list priced says which.
 */
export function OrderLines({ order, caption }: { order: Order; caption?: string }) {
  return (
    <LineItems
      caption={caption}
      testId="order-line"
      lines={order.lines.map((line) => {
        const backordered = line.backordered > 0 ? `${formatUnits(line.backordered)} backordered` : null;
        // Once some of the order has shipped: how much of each line has.
        const shipped =
          order.status !== 'partially_shipped'
            ? null
            : line.shippedQuantity + line.cancelledQuantity === line.quantity
              ? 'shipped'
              : `${formatUnits(line.shippedQuantity)} of ${formatUnits(line.quantity)} shipped`;
        // Units the shop cancelled of an order that goes on (a cancelled order says so itself).
        const cancelled =
          order.status !== 'cancelled' && line.cancelledQuantity > 0
            ? `${formatUnits(line.cancelledQuantity)} cancelled`
            : null;
        const contract = line.priceSource === 'contract' ? line.priceList : null;
        const remarks = [backordered, shipped, cancelled].filter(Boolean).join(' · ');
        return {
          ...line,
          remark:
            remarks || contract ? (
              <>
                {remarks}
                {contract && (
                  <ContractPrice
                    list={contract}
                    unitPrice={line.unitPrice}
                    listUnitPrice={null}
                    when="ordered"
                  />
                )}
              </>
            ) : undefined,
        };
      })}
    />
  );
}

/** An order's lines under their heading ("Item", or "3 lines"), then its charges: both order pages. */
export function OrderLinesWithCharges({ order }: { order: Order }) {
  return (
    <>
      <h3 className="h6 text-uppercase text-secondary">
        {order.lines.length === 1 ? 'Item' : `${order.lines.length} lines`}
      </h3>
      <OrderLines order={order} caption={`The lines of order ${order.orderNumber}`} />
      <OrderChargesSummary order={order} />
    </>
  );
}
