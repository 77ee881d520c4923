import { paths } from '../../../config/paths';
import Table from 'react-bootstrap/Table';
import type { CompanyStatement } from '../../../../shared/api/credit.schemas';
import {
  AGING_BUCKETS,
  AGING_LABELS,
  LEDGER_KIND_LABELS,
  PAYMENT_TERMS_LABELS,
} from '../../../../shared/domain/ledger';
import { formatDay } from '../../../../shared/date-format';
import { formatDollars } from '../../../../shared/money';

export const termsLabel = (terms: CompanyStatement['terms']) => PAYMENT_TERMS_LABELS[terms];

/** What is owed by how late, a column per bucket (a statement's, or every company's on the dashboard). */
export function AgingTable({ aging, label }: { aging: CompanyStatement['aging']; label: string }) {
  return (
    <Table size="sm" bordered responsive className="mb-3" aria-label={label}>
      <thead>
        <tr>
          {AGING_BUCKETS.map((bucket) => (
            <th key={bucket} scope="col" className="text-end">
              {AGING_LABELS[bucket]}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        <tr>
          {AGING_BUCKETS.map((bucket) => (
            <td key={bucket} className="text-end">
              {formatDollars(aging[bucket])}
            </td>
          ))}
        </tr>
      </tbody>
    </Table>
  );
}

/**
 * A company's statement of account, as its members and the shop's admins read it: the
 * balance and credit, the aging, the open invoices and every entry with the running balance.
 */
export function StatementView({ statement }: { statement: CompanyStatement }) {
  return (
    <>
      <dl className="row mb-4 statement-figures">
        <dt className="col-sm-4">Terms</dt>
        <dd className="col-sm-8">{termsLabel(statement.terms)}</dd>
        <dt className="col-sm-4">Balance due</dt>
        <dd className="col-sm-8 fw-semibold" data-testid="statement-balance">
          {formatDollars(statement.balance)}
        </dd>
        <dt className="col-sm-4">Credit limit</dt>
        <dd className="col-sm-8">{formatDollars(statement.creditLimit)}</dd>
        <dt className="col-sm-4">Credit available</dt>
        <dd className="col-sm-8" data-testid="statement-available">
          {formatDollars(statement.available)}
        </dd>
      </dl>

      <h2 className="h6">Aging</h2>
      <AgingTable aging={statement.aging} label="Aging" />

      <h2 className="h6">Open invoices</h2>
      {statement.openInvoices.length === 0 ? (
        <p className="text-secondary">Nothing is owed.</p>
      ) : (
        <Table size="sm" responsive className="mb-4 table-stack" aria-label="Open invoices">
          <thead>
            <tr>
              <th scope="col">Invoice</th>
              <th scope="col">Issued</th>
              <th scope="col">Due</th>
              <th scope="col" className="text-end">
                Amount
              </th>
              <th scope="col" className="text-end">
                Open
              </th>
            </tr>
          </thead>
          <tbody>
            {statement.openInvoices.map((invoice) => (
              <tr key={`${invoice.invoiceNumber ?? 'charge'}-${invoice.issuedOn}`} data-testid="open-invoice">
                <td data-label="Invoice">
                  {invoice.invoiceNumber ?? 'Charge'}
                  {invoice.orderId && invoice.invoiceNumber && (
                    <span className="d-block small">
                      <a href={paths.invoice(invoice.orderId)} target="_blank" rel="noopener">
                        PDF
                      </a>{' '}
                      ·{' '}
                      <a
                        href={paths.eInvoice(invoice.orderId)}
                        download={`${invoice.invoiceNumber}.xml`}
                        aria-label={`Download e-invoice (UBL) ${invoice.invoiceNumber}`}
                      >
                        e-invoice (UBL)
                      </a>
                    </span>
                  )}
                </td>
                <td data-label="Issued">{formatDay(invoice.issuedOn)}</td>
                <td data-label="Due">
                  {formatDay(invoice.dueDate)}
                  {invoice.daysOverdue > 0 && (
                    <span className="d-block small text-danger-emphasis">
                      {invoice.daysOverdue} days overdue
                    </span>
                  )}
                </td>
                <td data-label="Amount" className="text-end">
                  {formatDollars(invoice.amount)}
                </td>
                <td data-label="Open" className="text-end fw-semibold">
                  {formatDollars(invoice.open)}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}

      <h2 className="h6">Entries</h2>
      {statement.entries.length === 0 ? (
        <p className="text-secondary">Nothing on account yet.</p>
      ) : (
        <Table size="sm" responsive className="table-stack" aria-label="Entries">
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Entry</th>
              <th scope="col" className="text-end">
                Amount
              </th>
              <th scope="col" className="text-end">
                Balance
              </th>
            </tr>
          </thead>
          <tbody>
            {statement.entries.map((entry, index) => (
              <tr key={index} data-testid="statement-entry">
                <td data-label="Date">{formatDay(entry.date)}</td>
                <td data-label="Entry">
                  {LEDGER_KIND_LABELS[entry.kind]} {entry.invoiceNumber}
                  {entry.reference && <span className="d-block small text-secondary">{entry.reference}</span>}
                  {entry.kind === 'invoice' && entry.dueDate && (
                    <span className="d-block small text-secondary">due {formatDay(entry.dueDate)}</span>
                  )}
                </td>
                <td data-label="Amount" className="text-end text-nowrap">
                  {formatDollars(entry.amount)}
                </td>
                <td data-label="Balance" className="text-end text-nowrap">
                  {formatDollars(entry.balance)}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </>
  );
}
