import type { ReactNode } from 'react';
import { DEFAULT_UNIT, unitName } from '../../shared/domain/units';
import { formatDollars } from '../../shared/money';
import { SkuLabel } from './sku-label';
import { formatUnits } from '../lib/format';

/** A line of an order or a quote as a table row shows it; a price not given yet shows as a dash. */
export interface LineItem {
  line: number;
  name: string;
  sku: string | null;
  /** What the buyer's company calls the product (its part numbers), shown beside the SKU. */
  partNumber?: string | null;
  quantity: number;
  /** The unit the quantity counts, named when it is not the default each (EA). */
  unit?: string | null;
  unitPrice: number | null;
  amount: number | null;
  /** A remark under the name (units backordered, the stock now). */
  remark?: ReactNode;
}

const money = (value: number | null) => (value === null ? '—' : formatDollars(value));

/** The lines of an order or a quote: product and SKU, units, unit price and amount. */
export function LineItems({
  lines,
  caption,
  testId,
}: {
  lines: readonly LineItem[];
  caption?: string | undefined;
  testId: string;
}) {
  // A narrow card scrolls the table sideways rather than letting its amounts spill out of it.
  return (
    <div className="table-responsive">
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
          {lines.map((line) => (
            <tr key={line.line} data-testid={testId}>
              <td>
                {line.name}
                {line.sku && (
                  <span className="d-block small text-secondary font-monospace">
                    <SkuLabel sku={line.sku} partNumber={line.partNumber} />
                  </span>
                )}
                {line.remark && <div className="small text-secondary">{line.remark}</div>}
              </td>
              <td className="text-end text-nowrap">
                {formatUnits(line.quantity)}
                {line.unit && line.unit !== DEFAULT_UNIT && (
                  <>
                    {' '}
                    <abbr title={unitName(line.unit)}>{line.unit}</abbr>
                  </>
                )}
              </td>
              <td className="text-end text-nowrap">{money(line.unitPrice)}</td>
              <td className="text-end text-nowrap">{money(line.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
