import type { Quote } from '../../../../shared/api/quotes.schemas';
import { formatDollars } from '../../../../shared/money';
import { formatDateTime, formatDay, formatUnits } from '../../../lib/format';
import { QuoteLines } from './quote-lines';
import { QuoteStatusBadge } from './quote-status-badge';

/**
 * The cells a quote shows on My Quotes and on the admin's Quotes page: its number and date; what is
 * asked, its lines folded when there are several (and the customer's note or the shop's reply); the price with its validity; its state.
 */
export function QuoteCells({ quote, show }: { quote: Quote; show: 'note' | 'reply' }) {
  const remark =
    show === 'note' ? quote.note && `“${quote.note}”` : quote.reply && `Our note: ${quote.reply}`;
  return (
    <>
      <td data-label="Quote" className="text-nowrap">
        <div>
          {quote.quoteNumber}
          <div className="small text-secondary">{formatDateTime(quote.createdAt)}</div>
        </div>
      </td>
      <td data-label="Item">
        <div>
          {formatUnits(quote.quantity)} × {quote.itemName}
          {quote.sku && <div className="small text-secondary font-monospace">{quote.sku}</div>}
          {quote.lines.length > 1 && (
            <details className="small">
              <summary>{quote.lines.length} lines</summary>
              <QuoteLines quote={quote} />
            </details>
          )}
          {remark && <div className="small text-secondary">{remark}</div>}
        </div>
      </td>
      <td data-label="Price">
        {quote.amount !== null ? (
          <div>
            {quote.unitPrice !== null && <>{formatDollars(quote.unitPrice)} per unit</>}
            <div className="fw-semibold">{formatDollars(quote.amount)}</div>
            {quote.validUntil && (
              <div className="small text-secondary">Valid through {formatDay(quote.validUntil)}</div>
            )}
          </div>
        ) : (
          <span className="text-secondary">—</span>
        )}
      </td>
      <td data-label="Status">
        <QuoteStatusBadge status={quote.status} />
      </td>
    </>
  );
}
