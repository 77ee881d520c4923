import Badge from 'react-bootstrap/Badge';
import type { QuoteStatus } from '../../../../shared/domain/quote-status';

const look: Record<QuoteStatus, { bg: string; text?: 'dark'; label: string }> = {
  requested: { bg: 'warning', text: 'dark', label: 'Waiting for an answer' },
  answered: { bg: 'success', label: 'Answered' },
  declined: { bg: 'secondary', label: 'Declined' },
  accepted: { bg: 'primary', label: 'Accepted' },
  expired: { bg: 'secondary', label: 'Expired' },
};

/** A quote's state as a badge, the same on My Quotes and the admin's Quotes. */
export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  const { bg, text, label } = look[status];
  return (
    <Badge bg={bg} text={text}>
      {label}
    </Badge>
  );
}
