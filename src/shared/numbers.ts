/**
 * Numbers as the shop writes them, en-US style, written out here rather than with Intl.NumberFormat:
 * the first Intl formatter a page makes starts ICU, one long task (about 40 ms, 150 ms on a throttled
 * phone) in the middle of the home page's start. A test holds these to Intl's own output.
 */

/** '1,234,567' for 1234567: the digits of a whole number, grouped by thousands. */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * |value| rounded half away from zero to `places` decimals, as whole and fraction digits. Like Intl, it
 * rounds the number's shortest decimal form (5016.565 is 5016.57), not its binary value (5016.5649…).
 */
function roundDecimal(value: number, places: number): { whole: string; fraction: string } {
  const text = Math.abs(value).toString();
  if (text.includes('e')) {
    const [whole = '0', fraction = ''] = Math.abs(value).toFixed(places).split('.');
    return { whole, fraction };
  }
  const [whole = '0', fraction = ''] = text.split('.');
  const kept = BigInt(whole + fraction.padEnd(places, '0').slice(0, places));
  const digits = (kept + ((fraction[places] ?? '0') >= '5' ? 1n : 0n)).toString().padStart(places + 1, '0');
  return { whole: digits.slice(0, digits.length - places), fraction: digits.slice(digits.length - places) };
}

/** '2,400' for 2400: quantities of units, the same in hints, messages, mails and invoices. */
export function formatUnits(quantity: number): string {
  if (!Number.isFinite(quantity)) return String(quantity);
  // Intl's default: at most three decimals, trailing zeros dropped.
  const { whole, fraction } = roundDecimal(quantity, 3);
  const decimals = fraction.replace(/0+$/, '');
  const sign = quantity < 0 && (whole !== '0' || decimals) ? '-' : '';
  return `${sign}${groupThousands(whole)}${decimals ? `.${decimals}` : ''}`;
}

/** '$1,234.50' for 1234.5 dollars (and '-$1,234.50' below zero). */
export function formatUsd(dollars: number): string {
  if (!Number.isFinite(dollars)) return `$${String(dollars)}`;
  const { whole, fraction } = roundDecimal(dollars, 2);
  const sign = dollars < 0 && (whole !== '0' || fraction !== '00') ? '-' : '';
  return `${sign}$${groupThousands(whole)}.${fraction}`;
}

/** Whether a value (kilograms, a percentage) has at most three decimals, allowing for binary fractions. */
export const hasAtMostThreeDecimals = (value: number): boolean =>
  Math.abs(value * 1000 - Math.round(value * 1000)) < 1e-6;

/** Kilograms, to the gram, as whole grams (how weights are stored). */
export const kgToGrams = (kg: number): number => Math.round(kg * 1000);
