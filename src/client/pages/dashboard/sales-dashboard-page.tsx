import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import Table from 'react-bootstrap/Table';
import { AgingTable } from '../../features/credit/components/statement-view';
import { Link } from 'react-router';
import {
  DASHBOARD_DAYS,
  HOLDS_ENDING_HOURS,
  type SalesDashboard,
} from '../../../shared/api/dashboard.schemas';
import { canBeOrdered } from '../../../shared/domain/order-quantity';
import { formatDollars } from '../../../shared/money';
import { OrderStatusBadge } from '../../components/order-status-badge';
import { QueryState } from '../../components/query-state';
import { paths } from '../../config/paths';
import {
  type AdminOrdersFilter,
  adminOrdersQueryString,
  useSalesDashboard,
} from '../../features/orders/api/admin-orders';
import { RevenueChart } from '../../features/orders/components/revenue-chart';
import { formatDateTime, formatDay, formatOrderStatus, formatUnits } from '../../lib/format';

const ordersWhere = (filter: AdminOrdersFilter) =>
  `${paths.manageAllOrders}?${adminOrdersQueryString(filter)}`;
const productsWhere = (query: Record<string, string>) =>
  `${paths.manageProducts}?${new URLSearchParams(query).toString()}`;

function Figure({ label, value, note, to }: { label: string; value: string; note: ReactNode; to: string }) {
  return (
    <Col xs={6} lg={3}>
      <Card className="h-100 shadow-sm">
        <Card.Body>
          <h3 className="h6 text-secondary mb-1">{label}</h3>
          <p className="dashboard-figure fw-bold mb-1">{value}</p>
          <Link to={to} className="small">
            {note}
          </Link>
        </Card.Body>
      </Card>
    </Col>
  );
}

function Panel({ title, link, children }: { title: string; link?: ReactNode; children: ReactNode }) {
  return (
    <Card className="h-100 shadow-sm">
      <Card.Header className="d-flex flex-wrap justify-content-between align-items-baseline gap-2 bg-white">
        <h3 className="h6 mb-0">{title}</h3>
        {link}
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card>
  );
}

function Revenue({ dashboard, total }: { dashboard: SalesDashboard; total: number }) {
  const busiest = dashboard.revenueByDay.reduce((best, day) => (day.revenue > best.revenue ? day : best));
  const label =
    total > 0
      ? `Revenue per day from ${dashboard.from} to ${dashboard.to}: ${formatDollars(total)} in all, the most on ${busiest.day} (${formatDollars(busiest.revenue)}).`
      : `No revenue from ${dashboard.from} to ${dashboard.to}.`;
  return (
    <Panel
      title="Revenue per day (UTC)"
      link={
        <Link className="small" to={ordersWhere({ by: 'paid', from: dashboard.from, to: dashboard.to })}>
          Orders paid in these days
        </Link>
      }
    >
      <RevenueChart days={dashboard.revenueByDay} label={label} />
      <details className="mt-2">
        <summary className="small">The figures, day by day</summary>
        <Table size="sm" className="small mb-0 mt-2">
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Orders paid</th>
              <th scope="col">Revenue</th>
              <th scope="col">Credited</th>
              <th scope="col">Net</th>
            </tr>
          </thead>
          <tbody>
            {dashboard.revenueByDay.map((day) => (
              <tr key={day.day}>
                <td>
                  {day.orders > 0 ? (
                    <Link to={ordersWhere({ by: 'paid', from: day.day, to: day.day })}>{day.day}</Link>
                  ) : (
                    day.day
                  )}
                </td>
                <td>{day.orders}</td>
                <td>{formatDollars(day.revenue)}</td>
                <td>{formatDollars(day.credited)}</td>
                <td>{formatDollars(day.net)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </details>
    </Panel>
  );
}

/** Refunds and returns in the dashboard's days: how many, what they gave back, why units came back. */
function AfterSale({ dashboard }: { dashboard: SalesDashboard }) {
  const { refunds, returns } = dashboard.afterSale;
  return (
    <Panel
      title={`Refunds and returns, ${DASHBOARD_DAYS} days`}
      link={
        <Link className="small" to={paths.returns}>
          Returns
        </Link>
      }
    >
      <dl className="row mb-2">
        <dt className="col-7 fw-normal text-secondary">Refunds</dt>
        <dd className="col-5 mb-1">
          {formatUnits(refunds.count)} · {formatDollars(refunds.value)}
        </dd>
        <dt className="col-7 fw-normal text-secondary">Returns asked for (refunded)</dt>
        <dd className="col-5 mb-1">
          {formatUnits(returns.count)} ({formatUnits(returns.refunded)}) · {formatDollars(returns.value)}
        </dd>
      </dl>
      {returns.topReasons.length > 0 && (
        <>
          <h4 className="h6 small text-secondary text-uppercase">Why units came back</h4>
          <ol className="mb-0 small">
            {returns.topReasons.map((reason) => (
              <li key={reason.reason}>
                {reason.reason}: {formatUnits(reason.units)} units
              </li>
            ))}
          </ol>
        </>
      )}
    </Panel>
  );
}

function Overview({ dashboard }: { dashboard: SalesDashboard }) {
  const revenue = dashboard.revenueByDay.reduce((sum, day) => sum + day.revenue, 0);
  const gross = dashboard.revenueByDay.reduce((sum, day) => sum + day.gross, 0);
  const credited = dashboard.revenueByDay.reduce((sum, day) => sum + day.credited, 0);
  const paidOrders = dashboard.revenueByDay.reduce((sum, day) => sum + day.orders, 0);
  const { lowStock, holdsEnding } = dashboard;
  return (
    <>
      <Row className="g-3 mb-3">
        <Figure
          label={`Revenue, ${DASHBOARD_DAYS} days`}
          value={formatDollars(revenue - credited)}
          note={`Net of tax, freight and ${formatDollars(credited)} credited; ${formatDollars(gross)} paid in all`}
          to={ordersWhere({ by: 'paid', from: dashboard.from, to: dashboard.to })}
        />
        <Figure
          label={`Orders paid, ${DASHBOARD_DAYS} days`}
          value={formatUnits(paidOrders)}
          note="See them"
          to={ordersWhere({ by: 'paid', from: dashboard.from, to: dashboard.to })}
        />
        <Figure
          label={`Holds ending in ${HOLDS_ENDING_HOURS} h`}
          value={formatUnits(holdsEnding.total)}
          note="Unpaid orders"
          to={ordersWhere({ status: 'unpaid', holdEndsWithin: HOLDS_ENDING_HOURS })}
        />
        <Figure
          label="Low stock"
          value={formatUnits(lowStock.total)}
          note={`${formatUnits(lowStock.belowMinimum)} cannot be ordered`}
          to={productsWhere({ lowStock: 'true' })}
        />
      </Row>
      <div className="mb-3">
        <Revenue dashboard={dashboard} total={revenue} />
      </div>
      <Row className="g-3">
        <Col lg={5}>
          <Panel title="Orders by state">
            <ul className="list-unstyled mb-0">
              {dashboard.ordersByStatus.map(({ status, count }) => (
                <li key={status} className="d-flex justify-content-between align-items-center py-1">
                  <Link to={ordersWhere({ status })}>
                    <OrderStatusBadge status={status}>{formatOrderStatus(status)}</OrderStatusBadge>
                  </Link>
                  <span className="fw-semibold">{formatUnits(count)}</span>
                </li>
              ))}
            </ul>
          </Panel>
        </Col>
        <Col lg={7}>
          <AfterSale dashboard={dashboard} />
        </Col>
        <Col xs={12}>
          <Panel title={`Top products by units, ${DASHBOARD_DAYS} days`}>
            {dashboard.topProducts.length === 0 ? (
              <p className="text-secondary mb-0">No paid orders in these days.</p>
            ) : (
              <Table size="sm" className="mb-0 table-stack">
                <thead>
                  <tr>
                    <th scope="col">Product</th>
                    <th scope="col">Units</th>
                    <th scope="col">Revenue</th>
                  </tr>
                </thead>
                <tbody>
                  {dashboard.topProducts.map((product) => (
                    <tr key={product.sku ?? product.name}>
                      <td data-label="Product">
                        {product.sku ? (
                          <Link to={ordersWhere({ sku: product.sku, by: 'paid', from: dashboard.from })}>
                            {product.name}
                          </Link>
                        ) : (
                          product.name
                        )}
                      </td>
                      <td data-label="Units">{formatUnits(product.units)}</td>
                      <td data-label="Revenue">{formatDollars(product.revenue)}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            )}
          </Panel>
        </Col>
        <Col lg={6}>
          <Panel
            title="Low stock"
            link={
              <Link className="small" to={productsWhere({ lowStock: 'true' })}>
                All {formatUnits(lowStock.total)}
              </Link>
            }
          >
            {lowStock.products.length === 0 ? (
              <p className="text-secondary mb-0">
                Every product has at least twice its minimum order in stock.
              </p>
            ) : (
              <ul className="list-unstyled mb-0">
                {lowStock.products.map((product) => (
                  <li
                    key={product._id}
                    className="d-flex flex-wrap justify-content-between column-gap-2 py-1"
                  >
                    <Link to={productsWhere({ q: product.sku })}>
                      {product.name}{' '}
                      <span className="small text-secondary font-monospace">{product.sku}</span>
                    </Link>
                    <span className="text-nowrap ms-auto">
                      {formatUnits(product.available)} / {formatUnits(product.lowerBound)}
                      {!canBeOrdered({ lower: product.lowerBound, upper: product.available }) && (
                        <span className="badge text-bg-danger ms-1">cannot be ordered</span>
                      )}
                    </span>
                  </li>
                ))}
              </ul>
            )}
            <p className="small text-secondary mt-2 mb-0">Available units / the smallest order.</p>
          </Panel>
        </Col>
        <Col lg={6}>
          <Panel
            title={`Unpaid holds ending within ${HOLDS_ENDING_HOURS} hours`}
            link={
              <Link
                className="small"
                to={ordersWhere({ status: 'unpaid', holdEndsWithin: HOLDS_ENDING_HOURS })}
              >
                All {formatUnits(holdsEnding.total)}
              </Link>
            }
          >
            {holdsEnding.orders.length === 0 ? (
              <p className="text-secondary mb-0">No unpaid order&rsquo;s hold ends in the next day.</p>
            ) : (
              <ul className="list-unstyled mb-0">
                {holdsEnding.orders.map((order) => (
                  <li key={order._id} className="py-1">
                    <Link to={paths.orderDetail(order._id)}>Order {order.orderNumber}</Link>{' '}
                    <span className="small">
                      {formatDollars(order.amount)}, {order.email}, ends {formatDateTime(order.holdExpiresAt)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </Panel>
        </Col>
        <Col xs={12}>
          <Receivables receivables={dashboard.receivables} />
        </Col>
        <Col xs={12}>
          <Certificates dashboard={dashboard} />
        </Col>
      </Row>
    </>
  );
}

/** What companies owe on account: the aging of it all, and who owes most. */
function Receivables({ receivables }: { receivables: SalesDashboard['receivables'] }) {
  return (
    <Panel
      title={`Owed on account: ${formatDollars(receivables.balance)}`}
      link={
        <Link className="small" to={paths.companies}>
          Companies
        </Link>
      }
    >
      <AgingTable aging={receivables.aging} label="Aging of what companies owe" />
      {receivables.companies.length === 0 ? (
        <p className="text-secondary mb-0">No company owes anything on account.</p>
      ) : (
        <ul className="list-unstyled mb-0">
          {receivables.companies.map((company) => (
            <li key={company._id} className="d-flex flex-wrap justify-content-between column-gap-2 py-1">
              <span>{company.name}</span>
              <span className="text-nowrap ms-auto">
                {formatDollars(company.balance)}
                {company.overdue > 0 && (
                  <span className="badge text-bg-danger ms-1">{formatDollars(company.overdue)} overdue</span>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

/**
 * Tax certificates: those waiting for a decision, and approved ones expiring within 30
 * days (their companies are mailed too), soonest first.
 */
function Certificates({ dashboard }: { dashboard: SalesDashboard }) {
  const expiring = dashboard.certificatesExpiring;
  return (
    <Panel
      title={`Tax certificates: ${dashboard.certificatesPending} to check`}
      link={
        <Link className="small" to={paths.companies}>
          Check them
        </Link>
      }
    >
      {expiring.length === 0 ? (
        <p className="text-secondary mb-0">No approved certificate expires within 30 days.</p>
      ) : (
        <ul className="list-unstyled mb-0" aria-label="Certificates expiring within 30 days">
          {expiring.map((certificate) => (
            <li key={certificate._id} className="d-flex flex-wrap justify-content-between column-gap-2 py-1">
              <span>
                {certificate.company}: {certificate.number} ({certificate.regions.join(', ')})
              </span>
              <span className="text-nowrap ms-auto badge text-bg-warning">
                expires {formatDay(certificate.expiresOn)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

/** The admin's dashboard landing (DESIGN §9): how the shop is doing, on one screen, with links to act. */
export function SalesDashboardPage() {
  const dashboard = useSalesDashboard();
  return (
    <>
      <h2 className="h4 mb-3">Overview</h2>
      <QueryState query={dashboard} what="the overview">
        {(data) => <Overview dashboard={data} />}
      </QueryState>
    </>
  );
}

export default SalesDashboardPage;
