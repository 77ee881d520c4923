import { dateFormat, formatDay } from '../../shared/date-format';

export { formatUnits } from '../../shared/numbers';

const dateTime = dateFormat({ dateStyle: 'medium', timeStyle: 'short' });
const day = dateFormat({ dateStyle: 'medium' });

/** 'Nov 23, 2026' for an ISO timestamp from the API, in the reader's time zone. */
export function formatDate(iso: string): string {
  return day(new Date(iso));
}

/** 'Nov 23, 2026, 12:48 AM' for an ISO timestamp from the API. */
export function formatDateTime(iso: string): string {
  return dateTime(new Date(iso));
}

/** 'Paid' for paid, 'Awaiting approval' for awaiting_approval: an order state in a sentence or a menu. */
export function formatOrderStatus(status: string): string {
  const words = status.replaceAll('_', ' ');
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
}

/**
 * 'Dec 6, 2026' for a calendar day from the API ('2026-12-06': a due day, a certificate's expiry) or
 * the UTC day of a moment (the last day a quoted price holds: to the end of that day, UTC).
 */
export { formatDay };
