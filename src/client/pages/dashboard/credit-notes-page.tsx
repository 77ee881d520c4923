import { type SubmitEvent, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { Link, useSearchParams } from 'react-router';
import { formatDollars } from '../../../shared/money';
import { QueryState } from '../../components/query-state';
import { paths } from '../../config/paths';
import { useAdminCreditNotes } from '../../features/orders/api/admin-orders';
import { SendAgainButton } from '../../features/orders/components/send-again-button';
import { formatDateTime } from '../../lib/format';
import { usePageMeta } from '../../lib/use-page-meta';

/**
 * /dashboard/creditNotes (admin): every credit note, newest first, found by its number (CN-000007),
 * its invoice's (INV-000123), the company or the buyer's email, and the days it was issued (kept in
 * the URL); each links to its PDF and its order, and can be sent again as it was issued.
 */
export function CreditNotesPage() {
  usePageMeta('Credit notes');
  const [search, setSearch] = useSearchParams();
  const query = {
    q: search.get('q') ?? undefined,
    from: search.get('from') ?? undefined,
    to: search.get('to') ?? undefined,
  };
  const [draft, setDraft] = useState({ q: query.q ?? '', from: query.from ?? '', to: query.to ?? '' });
  const notes = useAdminCreditNotes(query);

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setSearch(Object.fromEntries(Object.entries(draft).filter(([, value]) => value !== '')));
  }

  return (
    <>
      <h2 className="h4 mb-3">Credit notes</h2>
      <Form
        className="d-flex flex-wrap align-items-end gap-2 mb-3"
        aria-label="Find credit notes"
        onSubmit={onSubmit}
      >
        <Form.Group controlId="credit-notes-q">
          <Form.Label className="small mb-0">Number, invoice, company or email</Form.Label>
          <Form.Control
            size="sm"
            value={draft.q}
            placeholder="CN-000007, INV-000123, Acme…"
            onChange={(event) => setDraft({ ...draft, q: event.target.value })}
          />
        </Form.Group>
        <Form.Group controlId="credit-notes-from">
          <Form.Label className="small mb-0">Issued from</Form.Label>
          <Form.Control
            size="sm"
            type="date"
            value={draft.from}
            onChange={(event) => setDraft({ ...draft, from: event.target.value })}
          />
        </Form.Group>
        <Form.Group controlId="credit-notes-to">
          <Form.Label className="small mb-0">to</Form.Label>
          <Form.Control
            size="sm"
            type="date"
            value={draft.to}
            onChange={(event) => setDraft({ ...draft, to: event.target.value })}
          />
        </Form.Group>
        <Button size="sm" type="submit">
          Find
        </Button>
      </Form>
      <QueryState query={notes} what="the credit notes">
        {(list) =>
          list.length === 0 ? (
            <p>No credit notes{query.q || query.from || query.to ? ' match this search' : ' yet'}.</p>
          ) : (
            // Positioned, so that the visually hidden header (absolutely placed) scrolls with the
            // table inside its box instead of widening the page on a phone.
            <div className="table-responsive position-relative">
              <Table size="sm" className="align-middle">
                <caption className="visually-hidden">Credit notes, newest first</caption>
                <thead>
                  <tr>
                    <th scope="col">Credit note</th>
                    <th scope="col">Issued</th>
                    <th scope="col">Order</th>
                    <th scope="col">Invoice</th>
                    <th scope="col">Buyer</th>
                    <th scope="col" className="text-end">
                      Credited
                    </th>
                    <th scope="col">
                      <span className="visually-hidden">Send again</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((note) => (
                    <tr key={note.number}>
                      <td>
                        <a href={`/api/credit-notes/${note.number}`} target="_blank" rel="noreferrer">
                          {note.number}
                        </a>
                        <div className="small text-secondary">{note.reason}</div>
                      </td>
                      <td>
                        <time dateTime={note.issuedAt}>{formatDateTime(note.issuedAt)}</time>
                      </td>
                      <td>
                        <Link to={paths.orderDetail(note.orderId)}>{note.orderNumber}</Link>
                      </td>
                      <td>{note.invoiceNumber}</td>
                      <td>
                        {note.company && <div>{note.company}</div>}
                        <div className="small text-secondary">{note.email}</div>
                      </td>
                      <td className="text-end">{formatDollars(note.amount)}</td>
                      <td>
                        <SendAgainButton number={note.number} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </div>
          )
        }
      </QueryState>
    </>
  );
}
