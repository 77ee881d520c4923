/**
 * An en-US date formatter made on first use, not when its module loads: the first Intl formatter a
 * process or a page makes starts ICU (~20 ms on the server, ~40 ms on a phone; see numbers.ts), which
 * neither a server start nor a page that shows no date should pay.
 */
export function dateFormat(options: Intl.DateTimeFormatOptions): (at: Date) => string {
  let formatter: Intl.DateTimeFormat | undefined;
  return (at) => (formatter ??= new Intl.DateTimeFormat('en-US', options)).format(at);
}
