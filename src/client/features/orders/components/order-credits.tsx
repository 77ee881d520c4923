import type { Order } from '../../../../shared/api/orders.schemas';
import { formatDollars } from '../../../../shared/money';
import { formatDateTime, formatUnits } from '../../../lib/format';

const refundState = {
  pending: 'being refunded',
  succeeded: 'refunded',
  failed: 'refund refused',
} as const;

/**
 * An order's credit notes, each linked to its PDF (Factur-X) and its UBL (GET /api/credit-notes/{number}), and the money given
 * back for them: to the card (being refunded, refunded, or refused by the provider) or to the account.
 */
export function OrderCredits({ order }: { order: Order }) {
  if (order.creditNotes.length === 0 && order.refunds.length === 0) return null;
  return (
    <ol className="list-unstyled mb-0" aria-label={`Credit notes and refunds of order ${order.orderNumber}`}>
      {order.creditNotes.map((note, index) => {
        const refund = order.refunds.find((candidate) => candidate.creditNote === note.number);
        return (
          <li key={note.number} className={index > 0 ? 'border-top pt-2 mt-2' : undefined}>
            <div className="fw-semibold">
              <a href={`/api/credit-notes/${note.number}`} target="_blank" rel="noreferrer">
                Credit note {note.number}
              </a>{' '}
              · {formatDollars(note.amount)} ·{' '}
              <a
                className="fw-normal small"
                href={`/api/credit-notes/${note.number}?format=ubl`}
                download={`${note.number}.xml`}
                aria-label={`Download e-invoice (UBL) of credit note ${note.number}`}
              >
                UBL
              </a>
            </div>
            <div className="small">
              <time dateTime={note.issuedAt}>{formatDateTime(note.issuedAt)}</time> · {note.reason}
            </div>
            <div className="small text-secondary">
              {note.lines
                .map((line) => `${formatUnits(line.quantity)} × ${line.sku ?? `line ${line.line}`}`)
                .join(', ')}
              {refund &&
                ` · ${formatDollars(refund.amount)} ${
                  refund.method === 'account'
                    ? 'credited to the company’s account'
                    : `${refundState[refund.status]} to the card`
                }`}
              {refund?.failure && `: ${refund.failure}`}
            </div>
          </li>
        );
      })}
      {order.refunds
        .filter((refund) => refund.creditNote === null)
        .map((refund) => (
          <li key={refund.at} className="border-top pt-2 mt-2 small">
            A payment that arrived after the order closed: {formatDollars(refund.amount)}{' '}
            {refundState[refund.status]} on <time dateTime={refund.at}>{formatDateTime(refund.at)}</time>.
          </li>
        ))}
    </ol>
  );
}
