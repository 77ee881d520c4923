import type { CompanyStatement } from '../../shared/api/credit.schemas';
import {
  AGING_BUCKETS,
  AGING_LABELS,
  LEDGER_KIND_LABELS,
  PAYMENT_TERMS_LABELS,
} from '../../shared/domain/ledger';
import { formatDay } from '../../shared/date-format';
import { formatDollars } from '../../shared/money';
import {
  BOLD,
  INK,
  MUTED,
  PAGE,
  REGULAR,
  RIGHT,
  labelled,
  sellerHeader,
  startDocument,
  tableWriter,
} from '../documents/pdf-layout';
import type { ShopDetails } from '../config/shop-details';

/**
 * A company's statement of account as a PDF: the seller, the company, its terms, balance,
 * credit and aging, then every entry with the running balance, and where to pay.
 */
export async function renderStatementPdf(statement: CompanyStatement, shop: ShopDetails): Promise<Buffer> {
  const { doc, done } = await startDocument({
    Title: `Statement of account, ${statement.company}, ${statement.asOf}`,
    Author: shop.legalName,
    Subject: `Statement of account for ${statement.company}`,
  });
  const sellerBottom = sellerHeader(doc, shop);
  doc
    .fillColor(INK)
    .font(BOLD)
    .fontSize(20)
    .text('STATEMENT', 330, PAGE.margin, {
      width: RIGHT - 330,
      align: 'right',
    });
  doc.moveDown(0.5);
  const facts: [string, string][] = [
    ['Statement date', formatDay(statement.asOf)],
    ['Terms', PAYMENT_TERMS_LABELS[statement.terms]],
    ['Credit limit', formatDollars(statement.creditLimit)],
    ['Balance due', formatDollars(statement.balance)],
    ['Credit available', formatDollars(statement.available)],
  ];
  for (const [label, value] of facts) labelled(doc, label, value, 330);

  doc.y = Math.max(sellerBottom, doc.y) + 24;
  doc.x = PAGE.margin;
  doc.font(BOLD).fontSize(10).fillColor(INK).text('Account of');
  doc.font(REGULAR).fontSize(10).text(statement.company);

  doc.moveDown(1);
  doc.font(BOLD).fontSize(10).text('Aging', PAGE.margin, doc.y);
  const aging = tableWriter(
    doc,
    AGING_BUCKETS.map((bucket, i) => ({
      title: AGING_LABELS[bucket],
      x: PAGE.margin + i * 100,
      width: i === AGING_BUCKETS.length - 1 ? RIGHT - PAGE.margin - i * 100 : 90,
      align: 'right' as const,
    })),
  );
  aging.titles();
  aging.row(
    AGING_BUCKETS.map((bucket) => formatDollars(statement.aging[bucket])),
    REGULAR,
  );

  doc.moveDown(1);
  doc.font(BOLD).fontSize(10).text('Entries', PAGE.margin, doc.y);
  const entries = tableWriter(doc, [
    { title: 'Date', x: PAGE.margin, width: 70, align: 'left' },
    { title: 'Entry', x: 125, width: 190, align: 'left' },
    { title: 'Due', x: 320, width: 70, align: 'left' },
    { title: 'Amount', x: 395, width: 75, align: 'right' },
    { title: 'Balance', x: 475, width: RIGHT - 475, align: 'right' },
  ]);
  entries.titles();
  if (statement.entries.length === 0) {
    doc.font(REGULAR).fontSize(10).fillColor(MUTED).text('Nothing on account yet.', PAGE.margin, doc.y);
    doc.fillColor(INK);
  }
  for (const entry of statement.entries) {
    if (doc.y > entries.lastRowTop) {
      doc.addPage();
      doc.y = PAGE.margin;
      entries.titles();
    }
    const what = [LEDGER_KIND_LABELS[entry.kind], entry.invoiceNumber, entry.reference]
      .filter(Boolean)
      .join(' · ');
    entries.row(
      [
        formatDay(entry.date),
        what,
        entry.dueDate ? formatDay(entry.dueDate) : '',
        formatDollars(entry.amount),
        formatDollars(entry.balance),
      ],
      REGULAR,
    );
  }
  entries.rule();

  if (shop.bankDetails.length > 0) {
    doc.moveDown(1);
    doc.font(BOLD).fontSize(10).fillColor(INK).text('Pay by bank transfer to', PAGE.margin, doc.y);
    doc.font(REGULAR).fontSize(10);
    for (const line of shop.bankDetails) doc.text(line);
    doc.text('quoting the invoice numbers you pay.');
  }
  doc.end();
  return done;
}
