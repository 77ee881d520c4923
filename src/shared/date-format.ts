/**
 * An en-US date formatter made on first use, not when its module loads: the first Intl formatter a
 * process or a page makes starts ICU (~20 ms on the server, ~40 ms on a phone; see numbers.ts), which
 * neither a server start nor a page that shows no date should pay.
 */
export function dateFormat(options: Intl.DateTimeFormatOptions): (at: Date) => string {
  let formatter: Intl.DateTimeFormat | undefined;
  return (at) => (formatter ??= new Intl.DateTimeFormat('en-US', options)).format(at);
}

const utcDay = dateFormat({ dateStyle: 'medium', timeZone: 'UTC' });
const utcTime = dateFormat({ dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/**
 * 'Nov 23, 2026': the one way the shop writes a day, on pages, in mails, messages and PDFs. A day is a
 * calendar day as the API keeps it ('2026-11-23') or the UTC day of a moment.
 */
export function formatDay(day: string | Date): string {
  return utcDay(typeof day === 'string' ? new Date(`${day.slice(0, 10)}T00:00:00Z`) : day);
}

/** 'Nov 24, 2026, 11:05 PM UTC': a moment where the reader's time zone is unknown (mails, messages). */
export function formatUtcTime(at: Date): string {
  return `${utcTime(at)} UTC`;
}
