import Badge from 'react-bootstrap/Badge';
import type { Return } from '../../../../shared/api/returns.schemas';
import type { ReturnStatus } from '../../../../shared/domain/returns';
import { formatDollars } from '../../../../shared/money';
import { formatDateTime, formatUnits } from '../../../lib/format';

const badge: Record<ReturnStatus, { bg: string; text?: 'dark'; label: string }> = {
  requested: { bg: 'warning', text: 'dark', label: 'Requested' },
  approved: { bg: 'info', text: 'dark', label: 'Approved: send the units' },
  rejected: { bg: 'secondary', label: 'Refused' },
  received: { bg: 'primary', label: 'Received' },
  refunded: { bg: 'success', label: 'Refunded' },
};

export function ReturnStatusBadge({ status }: { status: ReturnStatus }) {
  const { bg, text, label } = badge[status];
  return (
    <Badge bg={bg} text={text}>
      {label}
    </Badge>
  );
}

/** A return at a glance: its lines and reasons, what arrived, the shop's instructions or reason, its credit note. */
export function ReturnSummary({ item }: { item: Return }) {
  return (
    <div>
      <ul className="list-unstyled mb-1">
        {item.lines.map((line) => (
          <li key={line.line}>
            {formatUnits(line.quantity)} ×{' '}
            <span className="font-monospace">{line.sku ?? `line ${line.line}`}</span> {line.name}{' '}
            <span className="text-secondary">· {line.reason}</span>
            {item.receivedAt && (
              <span className="small text-secondary">
                {' '}
                · arrived {formatUnits(line.resellable)} resellable, {formatUnits(line.damaged)} damaged
              </span>
            )}
          </li>
        ))}
      </ul>
      <div className="small text-secondary">
        Asked by {item.requestedBy} on{' '}
        <time dateTime={item.requestedAt}>{formatDateTime(item.requestedAt)}</time>
        {item.note && <> · “{item.note}”</>}
      </div>
      {item.status === 'approved' && item.instructions && (
        <div className="small mt-1">
          <strong>How to send them back:</strong> <span className="text-pre-line">{item.instructions}</span>
        </div>
      )}
      {item.rejectionReason && <div className="small mt-1">Refused: {item.rejectionReason}</div>}
      {item.creditNote && (
        <div className="small mt-1">
          Refunded with{' '}
          <a href={`/api/credit-notes/${item.creditNote.number}`} target="_blank" rel="noreferrer">
            credit note {item.creditNote.number}
          </a>{' '}
          ({formatDollars(item.creditNote.amount)})
        </div>
      )}
    </div>
  );
}
