import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import {
  AUDIT_ACTIONS,
  AuditAction,
  type AuditEntry,
  type AuditValues,
} from '../../../shared/api/audit.schemas';
import { DateRangeFields } from '../../components/date-range-fields';
import { LoadMoreButton } from '../../components/load-more-button';
import { QueryState } from '../../components/query-state';
import { type AuditFilter, useAuditLog } from '../../features/audit/api/get-audit-log';
import { formatDateTime } from '../../lib/format';
import { show } from '../../features/audit/audit-values';
import { useUrlFilter } from '../../lib/use-url-filter';

function filterOf(params: URLSearchParams): AuditFilter {
  const action = AuditAction.safeParse(params.get('action'));
  return {
    actor: params.get('actor') || undefined,
    action: action.success ? action.data : undefined,
    from: params.get('from') || undefined,
    to: params.get('to') || undefined,
  };
}

/** The values an entry records, field by field: before → after, or what was added or removed. */
function Values({ entry }: { entry: AuditEntry }) {
  const before: AuditValues = entry.before ?? {};
  const after: AuditValues = entry.after ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  if (fields.length === 0) return <span className="text-secondary">—</span>;
  return (
    <ul className="list-unstyled mb-0 small audit-values">
      {fields.map((field) => (
        <li key={field}>
          <span className="fw-semibold">{field}</span>:{' '}
          {entry.before && entry.after ? (
            <>
              <del>{show(before[field], field, after[field])}</del> →{' '}
              <ins>{show(after[field], field, before[field])}</ins>
            </>
          ) : (
            show(entry.after ? after[field] : before[field], field)
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * /dashboard/auditLog (DESIGN §9): every admin action, newest first: who, when, what and the values
 * before and after; filtered by actor, action and days.
 */
export function AuditLogPage() {
  const [params, setFilter] = useUrlFilter();
  const filter = filterOf(params);
  const [actor, setActor] = useState(filter.actor ?? '');
  const log = useAuditLog(filter);

  return (
    <>
      <h2 className="h4 mb-3">Audit Log</h2>
      <Form
        className="d-flex flex-wrap align-items-end gap-2 mb-3"
        aria-label="Filter the audit log"
        onSubmit={(event) => {
          event.preventDefault();
          setFilter({ actor: actor.trim() });
        }}
      >
        <Form.Group controlId="audit-actor">
          <Form.Label className="small mb-1">Who (email)</Form.Label>
          <Form.Control
            size="sm"
            type="text"
            value={actor}
            placeholder="admin@example.com"
            onChange={(event) => setActor(event.target.value)}
            onBlur={() => setFilter({ actor: actor.trim() })}
          />
        </Form.Group>
        <Form.Group controlId="audit-action">
          <Form.Label className="small mb-1">Action</Form.Label>
          <Form.Select
            size="sm"
            value={filter.action ?? ''}
            onChange={(event) => setFilter({ action: event.target.value })}
          >
            <option value="">Every action</option>
            {AuditAction.options.map((action) => (
              <option key={action} value={action}>
                {AUDIT_ACTIONS[action]}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <DateRangeFields idPrefix="audit" from={filter.from} to={filter.to} onChange={setFilter} />
        <Button size="sm" type="submit" variant="dark">
          Filter
        </Button>
      </Form>
      <QueryState query={log} what="the audit log">
        {({ pages }) => {
          const entries = pages.flatMap((page) => page.entries);
          if (entries.length === 0) return <p className="text-secondary">No admin action matches.</p>;
          return (
            <>
              <Table responsive striped className="align-middle bg-white table-stack">
                <thead>
                  <tr>
                    <th>When (your time)</th>
                    <th>Who</th>
                    <th>Action</th>
                    <th>What</th>
                    <th>Values</th>
                  </tr>
                </thead>
                <tbody>
                  {entries.map((entry) => (
                    <tr key={entry.id}>
                      <td data-label="When" className="text-nowrap">
                        {formatDateTime(entry.at)}
                      </td>
                      <td data-label="Who" className="text-break">
                        {entry.actorEmail}
                      </td>
                      <td data-label="Action">{AUDIT_ACTIONS[entry.action]}</td>
                      <td data-label="What" className="text-break">
                        {entry.subject}
                      </td>
                      <td data-label="Values">
                        <Values entry={entry} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
              <LoadMoreButton query={log} />
            </>
          );
        }}
      </QueryState>
    </>
  );
}
