import type { Order } from '../../../../shared/api/orders.schemas';
import { ContractPrice } from '../../../components/contract-price';
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
            : line.shippedQuantity === line.quantity
              ? 'shipped'
              : `${formatUnits(line.shippedQuantity)} of ${formatUnits(line.quantity)} shipped`;
        const contract = line.priceSource === 'contract' ? line.priceList : null;
        return {
          ...line,
          remark:
            backordered || shipped || contract ? (
              <>
                {backordered}
                {backordered && shipped && ' · '}
                {shipped}
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
