import Table from 'react-bootstrap/Table';
import type { PriceTier } from '../../../../shared/api/catalog.schemas';
import { formatDollars } from '../../../../shared/money';
import { formatUnits } from '../../../lib/format';

/** The volume price breaks of a product: quantity range, unit price, and the saving per unit. */
export function PriceTierTable({ tiers }: { tiers: PriceTier[] }) {
  const [first] = tiers;
  if (!first || tiers.length < 2) return null;
  return (
    <Table size="sm" className="price-tiers mt-3" aria-label="Volume pricing">
      <caption className="caption-top">Volume pricing</caption>
      <thead>
        <tr>
          <th scope="col">Quantity</th>
          <th scope="col">Unit price</th>
          <th scope="col">You save</th>
        </tr>
      </thead>
      <tbody>
        {tiers.map((tier, i) => {
          const next = tiers[i + 1];
          const saving = Math.round((1 - tier.price / first.price) * 100);
          return (
            <tr key={tier.minQuantity}>
              <td>
                {next
                  ? `${formatUnits(tier.minQuantity)}–${formatUnits(next.minQuantity - 1)}`
                  : `${formatUnits(tier.minQuantity)}+`}
              </td>
              <td>{formatDollars(tier.price)}</td>
              <td>{saving > 0 ? `${saving}%` : '—'}</td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}
