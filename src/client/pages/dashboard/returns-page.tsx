import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { Link, useSearchParams } from 'react-router';
import { RETURN_STATUSES, type ReturnStatus } from '../../../shared/domain/returns';
import { QueryState } from '../../components/query-state';
import { paths } from '../../config/paths';
import { useAdminReturns } from '../../features/returns/api/returns';
import { ReturnStatusBadge } from '../../features/returns/components/return-summary';
import { formatDateTime, formatUnits } from '../../lib/format';
import { usePageMeta } from '../../lib/use-page-meta';

const isStatus = (value: string | null): value is ReturnStatus =>
  (RETURN_STATUSES as readonly string[]).includes(value ?? '');

/** /dashboard/returns (admin): every return, newest first, filtered by state (kept in the URL). */
export function ReturnsPage() {
  usePageMeta('Returns');
  const [search, setSearch] = useSearchParams();
  const asked = search.get('status');
  const status = isStatus(asked) ? asked : undefined;
  const returns = useAdminReturns(status);
  return (
    <>
      <div className="d-flex flex-wrap align-items-end justify-content-between gap-2 mb-3">
        <h2 className="h4 mb-0">Returns</h2>
        <Form.Group controlId="returns-status">
          <Form.Label className="small mb-0">Show returns that are</Form.Label>
          <Form.Select
            size="sm"
            value={status ?? ''}
            onChange={(event) => setSearch(event.target.value ? { status: event.target.value } : {})}
          >
            <option value="">any state</option>
            {RETURN_STATUSES.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      </div>
      <QueryState query={returns} what="the returns">
        {(list) =>
          list.length === 0 ? (
            <p>No returns{status ? ` ${status}` : ''}.</p>
          ) : (
            <Table responsive size="sm" className="align-middle">
              <caption className="visually-hidden">Returns, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Return</th>
                  <th scope="col">Order</th>
                  <th scope="col">Units</th>
                  <th scope="col">Asked</th>
                  <th scope="col">State</th>
                </tr>
              </thead>
              <tbody>
                {list.map((item) => (
                  <tr key={item._id}>
                    <td>
                      <Link to={paths.returnDetail(item._id)}>{item.number}</Link>
                    </td>
                    <td>
                      <Link to={paths.orderDetail(item.orderId)}>{item.orderNumber}</Link>
                    </td>
                    <td>{formatUnits(item.lines.reduce((sum, line) => sum + line.quantity, 0))}</td>
                    <td>
                      <time dateTime={item.requestedAt}>{formatDateTime(item.requestedAt)}</time>
                    </td>
                    <td>
                      <ReturnStatusBadge status={item.status} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )
        }
      </QueryState>
    </>
  );
}
