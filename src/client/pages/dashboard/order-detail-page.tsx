import { Fragment, type ReactNode } from 'react';
import { PunchoutOrigin } from '../../features/punchout/components/punchout-origin';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { useParams } from 'react-router';
import { canTransition } from '../../../shared/domain/order-status';
import { formatDollars } from '../../../shared/money';
import { paths } from '../../config/paths';
import { ShipOrderButton } from '../../features/orders/components/ship-order-button';
import { formatUnits } from '../../lib/format';
import { OrderLinesWithCharges } from '../../features/orders/components/order-lines';
import { QuoteFreightForm } from '../../features/orders/components/quote-freight-form';
import { OrderTimeline } from '../../features/orders/components/order-timeline';
import { OrderShipments } from '../../features/orders/components/order-shipments';
import { ShipLinesForm } from '../../features/orders/components/ship-lines-form';
import { canCancelUnits, canShipNow } from '../../features/orders/ready-to-ship';
import { CancelUnitsForm } from '../../features/orders/components/cancel-units-form';
import { AnswerCancellationRequest } from '../../features/orders/components/cancellation-request';
import { OrderCredits } from '../../features/orders/components/order-credits';
import { OrderPageFrame } from '../../features/orders/components/order-page-frame';
import { SendAgainButton } from '../../features/orders/components/send-again-button';

/** Label and value rows of a definition list. */
function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="row mb-0">
      {rows.map(([label, value]) => (
        <Fragment key={label}>
          <dt className="col-sm-4 text-secondary fw-normal">{label}</dt>
          <dd className="col-sm-8">{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

/** /dashboard/manageAllOrders/{id} (admin): everything needed to ship, cancel and refund an order, and its history. */
export function OrderDetailPage() {
  const { orderId = '' } = useParams();
  return (
    <OrderPageFrame
      orderId={orderId}
      back={{ to: paths.manageAllOrders, label: 'All orders' }}
      actions={(o) => canShipNow(o) && <ShipOrderButton order={o} />}
    >
      {(o) => (
        <Row className="g-3">
          <Col lg={6}>
            <Card className="h-100">
              <Card.Body>
                <h3 className="h6 text-uppercase text-secondary">Ship to</h3>
                <Facts
                  rows={[
                    ['Name', o.name],
                    ['Company', o.company ?? '—'],
                    ['Address', <span className="text-pre-line">{o.address}</span>],
                    ['Phone', o.number],
                    ['Buyer', <a href={`mailto:${o.email}`}>{o.email}</a>],
                    ['PO number', o.poNumber ?? '—'],
                  ]}
                />
                <PunchoutOrigin orderId={o._id} />
              </Card.Body>
            </Card>
          </Col>
          <Col lg={6}>
            <Card className="h-100">
              <Card.Body>
                <OrderLinesWithCharges order={o} />
                {o.freightStatus === 'quoted' && o.freight === null && <QuoteFreightForm order={o} />}
                <Facts
                  rows={[
                    ['Quantity', `${formatUnits(o.quantity)} units`],
                    ...(o.backordered > 0
                      ? ([
                          [
                            'Backordered',
                            `${formatUnits(o.backordered)} units awaited${o.shipDate ? `, promised by ${o.shipDate}` : ''}`,
                          ],
                        ] as [string, string][])
                      : []),
                    ...(o.unitPrice !== null
                      ? ([['Unit price', formatDollars(o.unitPrice)]] as [string, string][])
                      : []),
                    ['Amount', <strong>{formatDollars(o.amount)}</strong>],
                    ...(o.quoteId ? ([['Priced by', 'an accepted quote']] as [string, string][]) : []),
                    ...(o.payment
                      ? ([['Transaction', <code>{o.payment.transactionId}</code>]] as [string, ReactNode][])
                      : []),
                  ]}
                />
              </Card.Body>
            </Card>
          </Col>
          {(o.shipments.length > 0 || canTransition(o.status, 'shipped')) && (
            <Col xs={12}>
              <Card>
                <Card.Body>
                  {o.shipments.length > 0 && (
                    <>
                      <h3 className="h6 text-uppercase text-secondary">Shipments</h3>
                      <OrderShipments order={o} />
                    </>
                  )}
                  {canTransition(o.status, 'shipped') && (
                    <div className={o.shipments.length > 0 ? 'mt-4' : undefined}>
                      {/* Remade after each shipment and cancellation, so that its units start from what is ready then. */}
                      <ShipLinesForm
                        key={`${o.shipments.length}-${o.lines.reduce((sum, line) => sum + line.cancelledQuantity, 0)}`}
                        order={o}
                      />
                    </div>
                  )}
                </Card.Body>
              </Card>
            </Col>
          )}
          {(canCancelUnits(o) || o.cancellationRequest) && (
            <Col xs={12}>
              <Card>
                <Card.Body className="d-grid gap-3">
                  <AnswerCancellationRequest order={o} />
                  {canCancelUnits(o) && (
                    // Remade after each cancellation, so that its units start from what is left then.
                    <CancelUnitsForm key={`${o.status}-${o.creditNotes.length}`} order={o} />
                  )}
                </Card.Body>
              </Card>
            </Col>
          )}
          {(o.creditNotes.length > 0 || o.refunds.length > 0) && (
            <Col xs={12}>
              <Card>
                <Card.Body>
                  <h3 className="h6 text-uppercase text-secondary">Credit notes and refunds</h3>
                  <OrderCredits order={o} />
                </Card.Body>
              </Card>
            </Col>
          )}
          {o.invoiceNumber && (
            <Col xs={12}>
              <Card>
                <Card.Body>
                  <h3 className="h6 text-uppercase text-secondary">Documents</h3>
                  <p className="small text-secondary mb-2">
                    Sent again as they were issued, to the buyer and the company’s billing address.
                  </p>
                  <div className="d-flex flex-wrap gap-2">
                    <SendAgainButton number={o.invoiceNumber} />
                    {o.creditNotes.map((note) => (
                      <SendAgainButton key={note.number} number={note.number} />
                    ))}
                  </div>
                </Card.Body>
              </Card>
            </Col>
          )}
          <Col xs={12}>
            <Card>
              <Card.Body>
                <h3 className="h6 text-uppercase text-secondary">History</h3>
                <OrderTimeline order={o} />
              </Card.Body>
            </Card>
          </Col>
        </Row>
      )}
    </OrderPageFrame>
  );
}
