import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Pagination from 'react-bootstrap/Pagination';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { OrderStatus } from '../../../shared/domain/order-status';
import { formatDollars } from '../../../shared/money';
import { DateRangeFields } from '../../components/date-range-fields';
import { OrderPaymentFlags, OrderStatusBadge } from '../../components/order-status-badge';
import { ShipOrderButton } from '../../features/orders/components/ship-order-button';
import { canShipNow } from '../../features/orders/ready-to-ship';
import { QueryState } from '../../components/query-state';
import { paths } from '../../config/paths';
import { type AdminOrdersFilter, ordersCsvUrl, useAllOrders } from '../../features/orders/api/admin-orders';
import { formatDateTime, formatOrderStatus, formatUnits } from '../../lib/format';
import { useUrlFilter } from '../../lib/use-url-filter';

/** The filter as the page's URL holds it: the dashboard links here with one set. */
function filterOf(params: URLSearchParams): AdminOrdersFilter {
  const value = (key: keyof AdminOrdersFilter) => params.get(key) || undefined;
  const status = OrderStatus.safeParse(value('status'));
  const hours = Number(value('holdEndsWithin'));
  return {
    q: value('q')?.slice(0, 100),
    status: status.success ? status.data : undefined,
    sku: value('sku'),
    from: value('from'),
    to: value('to'),
    by: value('by') === 'paid' ? 'paid' : undefined,
    holdEndsWithin: Number.isInteger(hours) && hours > 0 ? hours : undefined,
  };
}

/** What a filter beyond the state and the days picks, in words, to show above the list. */
function describeFilter(filter: AdminOrdersFilter): string[] {
  return [
    filter.q ? `orders matching “${filter.q}”` : '',
    filter.sku ? `SKU ${filter.sku}` : '',
    filter.holdEndsWithin ? `holds ending within ${String(filter.holdEndsWithin)} hours` : '',
  ].filter(Boolean);
}

/**
 * /dashboard/manageAllOrders (DESIGN §5.7, §9): the orders a filter picks (state, days placed or paid,
 * SKU, holds ending soon), newest first; paid orders can be shipped; the filter's orders export as CSV.
 */
export function ManageAllOrdersPage() {
  const [params, setUrlFilter] = useUrlFilter();
  const filter = filterOf(params);
  const [page, setPage] = useState(1);
  const orders = useAllOrders(filter, page);

  function setFilter(changes: Partial<Record<keyof AdminOrdersFilter, string | undefined>>) {
    setUrlFilter(changes);
    setPage(1);
  }

  const extra = describeFilter(filter);
  return (
    <>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-3 mb-3">
        <h2 className="h4 mb-0">Manage All Orders</h2>
        <Form.Select
          aria-label="Show orders that are"
          className="w-auto"
          value={filter.status ?? 'all'}
          onChange={(event) =>
            setFilter({ status: event.target.value === 'all' ? undefined : event.target.value })
          }
        >
          <option value="all">All states</option>
          {OrderStatus.options.map((state) => (
            <option key={state} value={state}>
              {formatOrderStatus(state)}
            </option>
          ))}
        </Form.Select>
      </div>
      <Form
        role="search"
        aria-label="Find an order"
        className="mb-3"
        onSubmit={(event) => {
          event.preventDefault();
          const q = new FormData(event.currentTarget).get('q');
          setFilter({ q: typeof q === 'string' && q.trim() ? q.trim() : undefined });
        }}
      >
        <Form.Label htmlFor="orders-q" className="small mb-1">
          Find an order
        </Form.Label>
        <InputGroup size="sm" style={{ maxWidth: '32rem' }}>
          <Form.Control
            id="orders-q"
            key={filter.q ?? ''}
            name="q"
            type="search"
            maxLength={100}
            defaultValue={filter.q ?? ''}
            placeholder="Order, INV- or CN- number, PO, buyer, email, company or SKU"
          />
          <Button type="submit" variant="dark">
            Find
          </Button>
        </InputGroup>
      </Form>
      <Form
        className="d-flex flex-wrap align-items-end gap-2 mb-3"
        aria-label="Orders of a range of days"
        onSubmit={(event) => event.preventDefault()}
      >
        <Form.Group controlId="orders-by">
          <Form.Label className="small mb-1">Days the orders were</Form.Label>
          <Form.Select
            size="sm"
            value={filter.by ?? 'placed'}
            onChange={(event) => setFilter({ by: event.target.value === 'paid' ? 'paid' : undefined })}
          >
            <option value="placed">placed</option>
            <option value="paid">paid</option>
          </Form.Select>
        </Form.Group>
        <DateRangeFields idPrefix="orders" from={filter.from} to={filter.to} onChange={setFilter} />
        <a className="btn btn-sm btn-outline-dark" href={ordersCsvUrl(filter)} download>
          Export CSV
        </a>
      </Form>
      {extra.length > 0 && (
        <p className="small">
          Showing {extra.join(', ')}.{' '}
          <Button
            variant="link"
            size="sm"
            className="p-0 align-baseline"
            onClick={() => setFilter({ q: undefined, sku: undefined, holdEndsWithin: undefined })}
          >
            Show all
          </Button>
        </p>
      )}
      <QueryState query={orders} what="the orders">
        {(result) => {
          const pages = Math.max(1, Math.ceil(result.total / result.pageSize));
          return (
            <>
              <p className="text-secondary small">
                {result.total} order{result.total === 1 ? '' : 's'}, newest first
              </p>
              <Table responsive striped hover className="align-middle bg-white table-stack">
                <thead>
                  <tr>
                    <th>Date</th>
                    <th>Customer</th>
                    <th>Item</th>
                    <th>Quantity</th>
                    <th>Amount</th>
                    <th>State</th>
                    <th>Action</th>
                  </tr>
                </thead>
                <tbody>
                  {result.orders.map((order) => (
                    <tr key={order._id}>
                      <td data-label="Date" className="text-nowrap">
                        {formatDateTime(order.createdAt)}
                      </td>
                      <td data-label="Customer" className="text-break">
                        <div>
                          {order.company && <div className="fw-semibold">{order.company}</div>}
                          <div>
                            {order.company ? 'Placed by ' : ''}
                            {order.placedBy.name}
                          </div>
                          <div className="small text-secondary">{order.placedBy.email}</div>
                        </div>
                      </td>
                      <td data-label="Item">
                        <div>
                          <Link to={paths.orderDetail(order._id)}>
                            Order {order.orderNumber}: {order.itemName}
                          </Link>
                          {order.sku && (
                            <div className="small text-secondary font-monospace">{order.sku}</div>
                          )}
                          {order.poNumber && <div className="small text-secondary">PO {order.poNumber}</div>}
                        </div>
                      </td>
                      <td data-label="Quantity">{formatUnits(order.quantity)}</td>
                      <td data-label="Amount">{formatDollars(order.amount)}</td>
                      <td data-label="State">
                        <div>
                          <OrderStatusBadge status={order.status}>
                            {formatOrderStatus(order.status)}
                          </OrderStatusBadge>
                          <OrderPaymentFlags order={order} />
                        </div>
                      </td>
                      <td data-label={canShipNow(order) ? 'Action' : ''}>
                        {canShipNow(order) && <ShipOrderButton order={order} size="sm" />}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
              {pages > 1 && (
                <Pagination aria-label="Order pages">
                  <Pagination.Prev disabled={page <= 1} onClick={() => setPage(page - 1)} />
                  <Pagination.Item active>{`Page ${page} of ${pages}`}</Pagination.Item>
                  <Pagination.Next disabled={page >= pages} onClick={() => setPage(page + 1)} />
                </Pagination>
              )}
            </>
          );
        }}
      </QueryState>
    </>
  );
}
