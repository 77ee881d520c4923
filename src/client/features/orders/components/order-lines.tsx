import type { Order } from '../../../../shared/api/orders.schemas';
import { LineItems } from '../../../components/line-items';
import { formatUnits } from '../../../lib/format';

/** An order's lines: SKU, product, units, unit price and amount (My Orders, payment, order detail). */
export function OrderLines({ order, caption }: { order: Order; caption?: string }) {
  return (
    <LineItems
      caption={caption}
      testId="order-line"
      lines={order.lines.map((line) => ({
        ...line,
        remark: line.backordered > 0 ? `${formatUnits(line.backordered)} backordered` : undefined,
      }))}
    />
  );
}
