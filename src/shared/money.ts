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

/** Whether an amount in dollars is whole cents (at most two decimals), allowing for binary fractions. */
export const isWholeCents = (dollars: number): boolean =>
  Math.abs(dollars * 100 - Math.round(dollars * 100)) < 1e-6;

/** What a form is told when an amount has more than two decimals. */
export const wholeCentsError = (what: string) =>
  `The ${what} must be in dollars and cents (at most two decimals)`;
