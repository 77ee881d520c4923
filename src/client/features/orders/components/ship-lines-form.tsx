import { type SubmitEvent, useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { Order } from '../../../../shared/api/orders.schemas';
import { messages } from '../../../../shared/messages';
import { formatUnits } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useShipLines } from '../api/admin-orders';
import { lineReadyToShip } from '../ready-to-ship';

/**
 * Ship some units (the admin's order page): how many of each line leave now, at most those ready to
 * ship (not shipped, not on backorder), with the carrier and tracking number. The server checks the
 * same rule; its refusal shows here.
 */
export function ShipLinesForm({ order }: { order: Order }) {
  const shipLines = useShipLines();
  const id = useId();
  const shippable = order.lines.filter((line) => line.sku !== null && lineReadyToShip(line) > 0);
  const [units, setUnits] = useState<Record<number, string>>(() =>
    Object.fromEntries(shippable.map((line) => [line.line, String(lineReadyToShip(line))])),
  );
  const [carrier, setCarrier] = useState('');
  const [trackingNumber, setTrackingNumber] = useState('');
  if (shippable.length === 0) return null;

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const lines = shippable.flatMap((line) => {
      const quantity = Number(units[line.line] ?? 0);
      return line.sku && quantity > 0 ? [{ sku: line.sku, quantity }] : [];
    });
    shipLines.mutate(
      { orderId: order._id, shipment: { lines, carrier, trackingNumber: trackingNumber || undefined } },
      {
        onSuccess: () => {
          notify.success(messages.shipmentRecorded(order.orderNumber));
          setCarrier('');
          setTrackingNumber('');
        },
      },
    );
  }

  return (
    <Form noValidate onSubmit={onSubmit} aria-labelledby={`${id}-title`}>
      <h3 className="h6 text-uppercase text-secondary" id={`${id}-title`}>
        Ship some units
      </h3>
      <div className="table-responsive">
        <table className="table table-sm align-middle mb-2">
          <caption className="visually-hidden">Units of each line that leave in this shipment</caption>
          <thead>
            <tr>
              <th scope="col">SKU</th>
              <th scope="col" className="text-end">
                Ready
              </th>
              <th scope="col" className="text-end">
                Ship now
              </th>
            </tr>
          </thead>
          <tbody>
            {shippable.map((line) => (
              <tr key={line.line}>
                <td>
                  <span className="font-monospace">{line.sku}</span>
                  <div className="small text-secondary">{line.name}</div>
                </td>
                <td className="text-end">{formatUnits(lineReadyToShip(line))}</td>
                <td className="text-end" style={{ width: '8rem' }}>
                  <Form.Control
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={lineReadyToShip(line)}
                    aria-label={`Units of ${line.sku ?? ''} to ship`}
                    value={units[line.line] ?? ''}
                    onChange={(event) => setUnits({ ...units, [line.line]: event.target.value })}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="row g-2">
        <Form.Group className="col-sm-6" controlId={`${id}-carrier`}>
          <Form.Label>Carrier</Form.Label>
          <Form.Control
            value={carrier}
            required
            autoComplete="off"
            onChange={(event) => setCarrier(event.target.value)}
          />
        </Form.Group>
        <Form.Group className="col-sm-6" controlId={`${id}-tracking`}>
          <Form.Label>Tracking number (optional)</Form.Label>
          <Form.Control
            value={trackingNumber}
            autoComplete="off"
            onChange={(event) => setTrackingNumber(event.target.value)}
          />
        </Form.Group>
      </div>
      {shipLines.error && (
        <Alert variant="danger" className="mt-3 mb-0">
          {shipLines.error.message}
        </Alert>
      )}
      <Button type="submit" variant="dark" className="mt-3" disabled={shipLines.isPending}>
        Ship these units
      </Button>
    </Form>
  );
}
