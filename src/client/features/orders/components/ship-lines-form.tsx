import { type SubmitEvent, useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { UnitsPerLine, askedUnits } from './units-per-line';
import type { Order } from '../../../../shared/api/orders.schemas';
import { messages } from '../../../../shared/messages';
import { notify } from '../../../lib/notify';
import { useShipLines } from '../api/admin-orders';
import { lineReadyToShip } from '../ready-to-ship';

/**
 * Ship some units (the admin's order page): how many of each line leave now (typed, or every unit
 * ready filled in), at most those ready to ship (not shipped, not on backorder), with the carrier and
 * tracking number. The server checks the
 * same rule; its refusal shows here.
 */
export function ShipLinesForm({ order }: { order: Order }) {
  const shipLines = useShipLines();
  const id = useId();
  const shippable = order.lines.filter((line) => line.sku !== null && lineReadyToShip(line) > 0);
  // Empty at first: the clerk types what is packed, or fills in every unit ready with one click; a
  // form pre-filled with the whole order shipped it whole with one careless press.
  const [units, setUnits] = useState<Record<number, string>>({});
  const fillReady = () =>
    setUnits(Object.fromEntries(shippable.map((line) => [line.line, String(lineReadyToShip(line))])));
  const [carrier, setCarrier] = useState('');
  const [trackingNumber, setTrackingNumber] = useState('');
  if (shippable.length === 0) return null;

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const lines = askedUnits(shippable, units);
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
      <UnitsPerLine
        caption="Units of each line that leave in this shipment"
        lines={shippable}
        available={lineReadyToShip}
        availableTitle="Ready"
        takeTitle="Ship now"
        verb="ship"
        units={units}
        onChange={setUnits}
      />
      <Button variant="link" size="sm" className="px-0 mb-2" onClick={fillReady}>
        Fill in every unit ready
      </Button>
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
