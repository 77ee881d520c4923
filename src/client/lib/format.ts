export { formatUnits } from '../../shared/numbers';

// Made on first use, not when the module loads: the home page shows no dates, and a page's first Intl
// formatter is costly (see shared/numbers.ts).
let dateTime: Intl.DateTimeFormat | undefined;
let utcDay: Intl.DateTimeFormat | undefined;

/** 'Nov 23, 2026, 12:48 AM' for an ISO timestamp from the API. */
export function formatDateTime(iso: string): string {
  dateTime ??= new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
  return dateTime.format(new Date(iso));
}

/** 'Paid' for paid: an order state as a word in a sentence or a menu. */
export function formatOrderStatus(status: string): string {
  return `${status.charAt(0).toUpperCase()}${status.slice(1)}`;
}

/** 'Dec 6, 2026': the last day a quoted price holds (a quote holds to the end of that day, UTC). */
export function formatValidThrough(iso: string): string {
  utcDay ??= new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
  return utcDay.format(new Date(iso));
}
