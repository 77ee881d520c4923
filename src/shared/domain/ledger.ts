/**
 * A company's account with the shop: what it owes, which invoices are open and how late.
 * Entries are append-only; everything here is derived from them at a given day, so the balance and the
 * aging read the same to the company and to the shop at any moment.
 */
export type LedgerKind = 'invoice' | 'payment' | 'credit_note' | 'adjustment';

export interface LedgerLine {
  kind: LedgerKind;
  /** What it adds to the balance, in cents (payments and credit notes below zero). */
  amountCents: number;
  /** YYYY-MM-DD: an invoice's issue day, a payment's value day. */
  occurredOn: string;
  /** An invoice's due day. */
  dueDate: string | null;
  orderId: string | null;
  invoiceNumber: number | null;
}

/** Aging buckets: not yet due, then days past due. */
export const AGING_BUCKETS = ['current', 'days1to30', 'days31to60', 'days61to90', 'over90'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];
export type Aging = Record<AgingBucket, number>;

/** How statements, their PDF and the dashboard name things, in one place. */
export const AGING_LABELS: Record<AgingBucket, string> = {
  current: 'Current',
  days1to30: '1–30 days',
  days31to60: '31–60 days',
  days61to90: '61–90 days',
  over90: 'Over 90 days',
};
export const LEDGER_KIND_LABELS: Record<LedgerKind, string> = {
  invoice: 'Invoice',
  payment: 'Payment',
  credit_note: 'Credit note',
  adjustment: 'Adjustment',
};
export const PAYMENT_TERMS_LABELS = {
  card: 'Card only',
  net15: 'Net 15',
  net30: 'Net 30',
  net60: 'Net 60',
} as const;

export interface OpenItem {
  /** The invoice (or a shop admin's charge, an adjustment) still owed, in full or in part. */
  kind: 'invoice' | 'adjustment';
  invoiceNumber: number | null;
  orderId: string | null;
  issuedOn: string;
  dueDate: string;
  amountCents: number;
  openCents: number;
  /** Days past its due day at the statement's day (0 or less: not yet due). */
  daysOverdue: number;
}

export interface Statement {
  balanceCents: number;
  openItems: OpenItem[];
  aging: Aging;
}

const DAY_MS = 86_400_000;

/** Whole days from `from` to `to` (YYYY-MM-DD each): 1 when `to` is the next day. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The day `days` after `day` (YYYY-MM-DD). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export function bucketOf(daysOverdue: number): AgingBucket {
  if (daysOverdue <= 0) return 'current';
  if (daysOverdue <= 30) return 'days1to30';
  if (daysOverdue <= 60) return 'days31to60';
  if (daysOverdue <= 90) return 'days61to90';
  return 'over90';
}

/**
 * The account at `asOf` (YYYY-MM-DD), counting the entries dated up to it: the balance; each invoice's
 * open part, a credit note going to its own order's invoice first and every other credit (payments, a
 * credit note left over, an adjustment below zero) to the earliest due first; and the open parts by
 * how late they are. A charge by adjustment is due the day it is made. An account paid beyond what it
 * owes has nothing open and a balance below zero (a credit the next invoices use).
 */
export function statementOf(entries: readonly LedgerLine[], asOf: string): Statement {
  const counted = entries.filter((entry) => entry.occurredOn <= asOf);
  const balanceCents = counted.reduce((sum, entry) => sum + entry.amountCents, 0);
  const items: OpenItem[] = counted
    .filter((entry) => entry.amountCents > 0)
    .map((entry) => {
      const dueDate = entry.kind === 'invoice' && entry.dueDate ? entry.dueDate : entry.occurredOn;
      return {
        kind: entry.kind === 'invoice' ? 'invoice' : 'adjustment',
        invoiceNumber: entry.invoiceNumber,
        orderId: entry.orderId,
        issuedOn: entry.occurredOn,
        dueDate,
        amountCents: entry.amountCents,
        openCents: entry.amountCents,
        daysOverdue: daysBetween(dueDate, asOf),
      };
    });
  items.sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.issuedOn.localeCompare(b.issuedOn));

  let credit = 0;
  for (const entry of counted) {
    if (entry.amountCents >= 0) continue;
    const own =
      entry.kind === 'credit_note' && entry.orderId
        ? items.find((item) => item.kind === 'invoice' && item.orderId === entry.orderId)
        : undefined;
    let left = -entry.amountCents;
    if (own) {
      const taken = Math.min(own.openCents, left);
      own.openCents -= taken;
      left -= taken;
    }
    credit += left;
  }
  for (const item of items) {
    const taken = Math.min(item.openCents, credit);
    item.openCents -= taken;
    credit -= taken;
  }

  const openItems = items.filter((item) => item.openCents > 0);
  const aging: Aging = { current: 0, days1to30: 0, days31to60: 0, days61to90: 0, over90: 0 };
  for (const item of openItems) aging[bucketOf(item.daysOverdue)] += item.openCents;
  return { balanceCents, openItems, aging };
}
