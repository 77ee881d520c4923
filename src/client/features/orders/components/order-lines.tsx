import type { Order } from '../../../../shared/api/orders.schemas';
import { formatDollars } from '../../../../shared/money';
import { formatUnits } from '../../../lib/format';

/** An order's lines: SKU, product, units, unit price and amount (My Orders, payment, order detail). */
export function OrderLines({ order, caption }: { order: Order; caption?: string }) {
  return (
    <table className="table table-sm align-middle mb-0 order-lines">
      {caption && <caption className="visually-hidden">{caption}</caption>}
      <thead>
        <tr>
          <th scope="col">Product</th>
          <th scope="col" className="text-end">
            Units
          </th>
          <th scope="col" className="text-end">
            Unit price
          </th>
          <th scope="col" className="text-end">
            Amount
          </th>
        </tr>
      </thead>
      <tbody>
        {order.lines.map((line) => (
          <tr key={line.line} data-testid="order-line">
            <td>
              {line.name}
              {line.sku && <span className="d-block small text-secondary font-monospace">{line.sku}</span>}
              {line.backordered > 0 && (
                <span className="d-block small text-secondary">
                  {formatUnits(line.backordered)} backordered
                </span>
              )}
            </td>
            <td className="text-end">{formatUnits(line.quantity)}</td>
            <td className="text-end text-nowrap">{formatDollars(line.unitPrice)}</td>
            <td className="text-end text-nowrap">{formatDollars(line.amount)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
