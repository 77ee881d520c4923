import { messages } from '../../shared/messages';
import { formatDollars } from '../../shared/money';

/**
 * 'Your contract price (list X)' beside a price that the buyer's company's price list set,
 * with 'Why this price?' on demand: which agreement priced it and, when known, what the list price is.
 */
export function ContractPrice({
  list,
  unitPrice,
  listUnitPrice,
  when = 'now',
}: {
  list: string;
  unitPrice: number;
  /** What the product's own breaks charge for the same quantity (null: not known, an order's line). */
  listUnitPrice: number | null;
  /** Whether the price is today's (the catalog, the cart) or was set when the order was placed. */
  when?: 'now' | 'ordered';
}) {
  const saving = listUnitPrice === null ? 0 : listUnitPrice - unitPrice;
  return (
    <div className="small contract-price">
      <span className="text-success-emphasis fw-semibold">{messages.contractPrice(list)}</span>{' '}
      <details className="d-inline">
        <summary className="link-secondary">Why this price?</summary>
        <span className="d-block text-secondary">
          {when === 'now'
            ? `Your company holds the price list ${list}, agreed with the shop; it sets this price for you.`
            : `When this order was placed, your company's price list ${list} set this price.`}{' '}
          {listUnitPrice !== null &&
            (saving > 0
              ? `The list price is ${formatDollars(listUnitPrice)} a unit: you pay ${formatDollars(saving)} less (${Math.round((saving / listUnitPrice) * 1000) / 10} %).`
              : `The list price is ${formatDollars(listUnitPrice)} a unit.`)}
        </span>
      </details>
    </div>
  );
}
