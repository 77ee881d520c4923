import type { Tool } from '../../../../shared/api/catalog.schemas';
import { formatDollars } from '../../../../shared/money';
import { ContractPrice } from '../../../components/contract-price';
import { formatUnits } from '../../../lib/format';
import { useQuantityBounds } from '../use-quantity-bounds';
import { StockBadge } from './stock-badge';
import { stockLevel } from '../../../../shared/domain/order-quantity';

/**
 * A product's SKU, unit price (and the lowest volume price when it has breaks), minimum order and
 * stock (spec §2: card and buy page; DESIGN §9).
 */
export function ToolFacts({ tool, large = false }: { tool: Tool; large?: boolean }) {
  const bounds = useQuantityBounds(tool);
  const best = tool.priceTiers.length > 1 ? tool.priceTiers.at(-1) : undefined;
  return (
    <dl className={large ? 'tool-facts tool-facts-lg' : 'tool-facts'}>
      <dt>SKU</dt>
      <dd>
        <span className="font-monospace">{tool.sku}</span>
      </dd>
      <dt>Price</dt>
      <dd>
        <strong className="text-dark">{formatDollars(tool.price)}</strong> per unit
        {tool.priceSource === 'contract' && tool.priceList && (
          <ContractPrice
            list={tool.priceList}
            unitPrice={tool.price}
            listUnitPrice={tool.listPriceTiers?.[0]?.price ?? null}
          />
        )}
        {best && (
          <span className="d-block small">
            from <strong className="text-dark">{formatDollars(best.price)}</strong> at{' '}
            {formatUnits(best.minQuantity)}+ units
          </span>
        )}
      </dd>
      <dt>Minimum order</dt>
      <dd>
        {formatUnits(bounds.lower)} units
        {tool.orderMultiple > 1 && (
          <span className="d-block small">sold in packs of {formatUnits(tool.orderMultiple)}</span>
        )}
      </dd>
      <dt>Available</dt>
      <dd>
        <span>{formatUnits(tool.available)} units</span> <StockBadge bounds={bounds} />
        {tool.leadTimeDays > 0 && stockLevel(bounds) !== 'in-stock' && (
          <span className="d-block small">
            More ships {tool.leadTimeDays} {tool.leadTimeDays === 1 ? 'day' : 'days'} after ordering
          </span>
        )}
      </dd>
    </dl>
  );
}
