import { formatUsd } from './numbers';

/** Money is stored as integer cents; the API and the pages speak dollars (DESIGN §4). */

export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

export function centsToDollars(cents: number): number {
  return cents / 100;
}

/** '$1,234.50' for 1234.5 dollars. */
export function formatDollars(dollars: number): string {
  return formatUsd(dollars);
}

/** '$1,234.50' for 123450 cents. */
export function formatCents(cents: number): string {
  return formatDollars(centsToDollars(cents));
}
