import { describe, expect, it } from 'vitest';
import { type LedgerLine, addDays, bucketOf, daysBetween, statementOf } from './ledger';

const invoice = (number: number, cents: number, issuedOn: string, days = 30): LedgerLine => ({
  kind: 'invoice',
  amountCents: cents,
  occurredOn: issuedOn,
  dueDate: addDays(issuedOn, days),
  orderId: `order-${number}`,
  invoiceNumber: number,
});
const payment = (cents: number, on: string): LedgerLine => ({
  kind: 'payment',
  amountCents: -cents,
  occurredOn: on,
  dueDate: null,
  orderId: null,
  invoiceNumber: null,
});

describe('a company’s statement', () => {
  it('counts the days between UTC days, and puts each lateness in its bucket', () => {
    expect(daysBetween('2027-01-31', '2027-03-02')).toBe(30);
    expect(addDays('2027-02-27', 2)).toBe('2027-03-01');
    expect([0, 1, 30, 31, 60, 61, 90, 91, -5].map(bucketOf)).toEqual([
      'current',
      'days1to30',
      'days1to30',
      'days31to60',
      'days31to60',
      'days61to90',
      'days61to90',
      'over90',
      'current',
    ]);
  });

  // Net 30: invoice 1 of $1,000 on Jan 1 (due Jan 31), invoice 2 of $500 on Feb 10 (due Mar 12),
  // a partial payment of $600 on Feb 15, then of $900 on Apr 20.
  const life: LedgerLine[] = [
    invoice(1, 100_000, '2027-01-01'),
    invoice(2, 50_000, '2027-02-10'),
    payment(60_000, '2027-02-15'),
    payment(90_000, '2027-04-20'),
  ];

  it.each<[string, string, number, Record<string, number>, number[]]>([
    ['the day of the first invoice: all current', '2027-01-01', 100_000, { current: 100_000 }, [100_000]],
    [
      'a day past its due day',
      '2027-02-11',
      150_000,
      { days1to30: 100_000, current: 50_000 },
      [100_000, 50_000],
    ],
    [
      'after the partial payment: the oldest invoice takes it',
      '2027-02-15',
      90_000,
      { days1to30: 40_000, current: 50_000 },
      [40_000, 50_000],
    ],
    [
      '41 days late, the second a day late',
      '2027-03-13',
      90_000,
      { days31to60: 40_000, days1to30: 50_000 },
      [40_000, 50_000],
    ],
  ])('%s (%s)', (_name, asOf, balance, aging, open) => {
    // The last payment (Apr 20) is dated after these days: it does not count yet.
    const statement = statementOf(life, asOf);
    expect(statement.balanceCents).toBe(balance);
    expect(statement.aging).toEqual({
      current: 0,
      days1to30: 0,
      days31to60: 0,
      days61to90: 0,
      over90: 0,
      ...aging,
    });
    expect(statement.openItems.map((item) => item.openCents)).toEqual(open);
  });

  it('is all paid once the last payment counts, and 91 days late without it', () => {
    expect(statementOf(life, '2027-05-02')).toEqual({
      balanceCents: 0,
      openItems: [],
      aging: { current: 0, days1to30: 0, days31to60: 0, days61to90: 0, over90: 0 },
    });
    const unpaid = statementOf(life.slice(0, 3), '2027-05-02');
    expect(unpaid.balanceCents).toBe(90_000);
    expect(unpaid.aging).toMatchObject({ over90: 40_000, days31to60: 50_000 });
  });

  it('takes a credit note off its own invoice first, and an overpayment leaves a credit and nothing open', () => {
    const entries: LedgerLine[] = [
      invoice(1, 100_000, '2027-01-01'),
      invoice(2, 30_000, '2027-01-05'),
      { ...invoice(2, -30_000, '2027-01-06'), kind: 'credit_note', dueDate: null, invoiceNumber: null },
      payment(120_000, '2027-01-10'),
    ];
    const statement = statementOf(entries, '2027-01-10');
    expect(statement.balanceCents).toBe(-20_000);
    expect(statement.openItems).toEqual([]);
    // Before the payment: only invoice 1 is open; the credit note closed invoice 2.
    expect(statementOf(entries, '2027-01-06').openItems.map((item) => item.invoiceNumber)).toEqual([1]);
  });

  it('makes an adjustment charge due the day it is made, and an adjustment credit pays the oldest', () => {
    const entries: LedgerLine[] = [
      invoice(1, 10_000, '2027-01-01'),
      {
        kind: 'adjustment',
        amountCents: 2_500,
        occurredOn: '2027-01-15',
        dueDate: null,
        orderId: null,
        invoiceNumber: null,
      },
      {
        kind: 'adjustment',
        amountCents: -4_000,
        occurredOn: '2027-01-20',
        dueDate: null,
        orderId: null,
        invoiceNumber: null,
      },
    ];
    const statement = statementOf(entries, '2027-02-01');
    expect(statement.balanceCents).toBe(8_500);
    // The charge fell due first, so the credit closes it and takes the rest off the invoice.
    expect(statement.openItems.map((item) => [item.kind, item.openCents, item.daysOverdue])).toEqual([
      ['invoice', 8_500, 1],
    ]);
    expect(statementOf(entries, '2027-01-16').openItems.map((item) => [item.kind, item.daysOverdue])).toEqual(
      [
        ['adjustment', 1],
        ['invoice', -15],
      ],
    );
  });
});
