import Alert from 'react-bootstrap/Alert';
import type { ChargesPreview } from '../../shared/api/cart.schemas';
import type { Order } from '../../shared/api/orders.schemas';
import { placeName } from '../../shared/domain/addresses';
import { certificateName } from '../../shared/domain/order-charges';
import { formatDollars } from '../../shared/money';

/** What the freight row says before the order is placed. */
function freightLabel(charges: ChargesPreview): string {
  switch (charges.freightStatus) {
    case 'free':
      return 'Free';
    case 'quoted':
      return charges.freight === null
        ? 'Quoted by us: a pallet (we mail you the price before you pay)'
        : `${formatDollars(charges.freight)} (a pallet, quoted by us)`;
    case 'unavailable':
      return 'Not delivered there';
    default:
      return formatDollars(charges.freight ?? 0);
  }
}

/**
 * An order's charges before it is placed: subtotal, freight, tax by rate and total for
 * the chosen destination, as the server finds them (the figures the order will carry), or why the
 * order cannot go there. `pending` while they are being found for a new address or quantity.
 */
export function ChargesSummary({
  charges,
  pending,
  testId = 'charges',
}: {
  charges: ChargesPreview | null | undefined;
  pending: boolean;
  testId?: string;
}) {
  if (!charges) {
    return (
      <p className="small text-secondary mb-3" aria-live="polite">
        {pending ? 'Working out freight and tax…' : 'Choose where it goes to see its freight and tax.'}
      </p>
    );
  }
  const { tax } = charges;
  return (
    <div className="mb-3" aria-live="polite" data-testid={testId} aria-busy={pending}>
      {charges.problem && (
        <Alert variant="danger" className="small">
          {charges.problem}
        </Alert>
      )}
      <table className="table table-sm mb-1">
        <caption className="caption-top small text-secondary py-1">Delivered to {charges.deliverTo}</caption>
        <tbody>
          <tr>
            <th scope="row" className="fw-normal text-nowrap">
              Subtotal
            </th>
            <td className="text-end">{formatDollars(charges.subtotal)}</td>
          </tr>
          <tr>
            <th scope="row" className="fw-normal text-nowrap">
              Freight
            </th>
            <td className="text-end">{freightLabel(charges)}</td>
          </tr>
          {tax.treatment === 'exempt' ? (
            <tr>
              <th scope="row" className="fw-normal text-nowrap">
                Tax
              </th>
              <td className="text-end">
                {formatDollars(0)} (your {certificateName(tax.certificateKind)})
              </td>
            </tr>
          ) : tax.treatment === 'reverse_charge' ? (
            <tr>
              <th scope="row" className="fw-normal text-nowrap">
                VAT
              </th>
              <td className="text-end">{formatDollars(0)} (reverse charge)</td>
            </tr>
          ) : tax.treatment === 'untaxed_place' ? (
            <tr>
              <th scope="row" className="fw-normal text-nowrap">
                Tax
              </th>
              <td className="text-end">None charged there</td>
            </tr>
          ) : (
            charges.taxes.flatMap((line) =>
              // A rate made of taxes of their own (Quebec's GST and QST): each, as the invoice prints it.
              (
                line.components ?? [{ name: 'Tax', rate: line.rate, registration: null, amount: line.amount }]
              ).map((part) => (
                <tr key={`${line.rate}-${part.name}`}>
                  <th scope="row" className="fw-normal">
                    {part.name} at {part.rate}%
                    {part.registration ? (
                      <span className="d-block small text-body-secondary">{part.registration}</span>
                    ) : null}
                  </th>
                  <td className="text-end">{formatDollars(part.amount)}</td>
                </tr>
              )),
            )
          )}
          <tr>
            <th scope="row" className="text-nowrap">
              Total
            </th>
            <td className="text-end fw-semibold" data-testid={`${testId}-total`}>
              {formatDollars(charges.total)}
              {charges.freightStatus === 'quoted' && charges.freight === null ? ' + freight' : ''}
            </td>
          </tr>
        </tbody>
      </table>
      {tax.notice && <p className="small text-secondary mb-0">{tax.notice}</p>}
    </div>
  );
}

/**
 * A placed order's charges, as stored when it was placed: the same table as before it was
 * placed. Nothing for an order given the spec's one-box address (it carries its total alone).
 */
export function OrderChargesSummary({ order }: { order: Order }) {
  if (!order.shipTo || order.freightStatus === 'none') return null;
  const { country, region } = order.shipTo;
  return (
    <ChargesSummary
      testId="order-charges"
      pending={false}
      charges={{
        deliverTo: placeName(country, region),
        subtotal: order.subtotal,
        freight: order.freight,
        freightStatus: order.freightStatus,
        taxes: order.taxes,
        total: order.total,
        tax: order.tax,
        problem: null,
      }}
    />
  );
}
