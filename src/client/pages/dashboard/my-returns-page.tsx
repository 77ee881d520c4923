import { Link } from 'react-router';
import { QueryState } from '../../components/query-state';
import { paths } from '../../config/paths';
import { useMyReturns } from '../../features/returns/api/returns';
import { ReturnStatusBadge, ReturnSummary } from '../../features/returns/components/return-summary';
import { usePageMeta } from '../../lib/use-page-meta';

/** /dashboard/myReturns: the buyer's returns (and their company's), newest first, each with its state. */
export function MyReturnsPage() {
  usePageMeta('My Returns');
  const returns = useMyReturns();
  return (
    <QueryState query={returns} what="your returns">
      {(list) => (
        <>
          <h2 className="h4 mb-3">My Returns: {list.length}</h2>
          {list.length === 0 ? (
            <p>
              No returns. To send units back, open a shipped order from{' '}
              <Link to={paths.myOrders}>My Orders</Link> and choose “Return items”.
            </p>
          ) : (
            <ol className="list-unstyled" aria-label="Your returns">
              {list.map((item) => (
                <li key={item._id} className="card mb-3">
                  <div className="card-body">
                    <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
                      <h3 className="h6 mb-0">
                        {item.number} · <Link to={paths.myOrder(item.orderId)}>order {item.orderNumber}</Link>
                      </h3>
                      <ReturnStatusBadge status={item.status} />
                    </div>
                    <ReturnSummary item={item} />
                  </div>
                </li>
              ))}
            </ol>
          )}
        </>
      )}
    </QueryState>
  );
}
