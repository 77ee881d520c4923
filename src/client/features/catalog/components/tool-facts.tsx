import type { Tool } from '../../../../shared/api/catalog.schemas';
import { formatDollars } from '../../../../shared/money';
import { formatUnits } from '../../../lib/format';

/** Price per unit, minimum order and available quantity of a product (spec §2: card and buy page). */
export function ToolFacts({ tool, large = false }: { tool: Tool; large?: boolean }) {
  return (
    <dl className={large ? 'tool-facts tool-facts-lg' : 'tool-facts'}>
      <dt>Price</dt>
      <dd>
        <strong className="text-dark">{formatDollars(tool.price)}</strong> per unit
      </dd>
      <dt>Minimum order</dt>
      <dd>{formatUnits(tool.min_order)} units</dd>
      <dt>Available</dt>
      <dd>{formatUnits(tool.available)} units</dd>
    </dl>
  );
}
