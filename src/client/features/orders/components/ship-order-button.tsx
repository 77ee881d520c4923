import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ChangeOrderStatusBody } from '../../../../shared/api/admin-orders.schemas';
import type { Order } from '../../../../shared/api/orders.schemas';
import { messages } from '../../../../shared/messages';
import { FormField } from '../../../components/form-field';
import { notify } from '../../../lib/notify';
import { useShipOrder } from '../api/admin-orders';

const ShipmentForm = ChangeOrderStatusBody.omit({ status: true });
type ShipmentForm = z.input<typeof ShipmentForm>;

/**
 * Mark shipped (DESIGN §5.7), after a question naming the order and asking how it goes: the carrier
 * and its tracking number, which the customer's mail and order page show. Errors stay in the dialog.
 */
export function ShipOrderButton({
  order,
  size,
}: {
  order: Pick<Order, '_id' | 'orderNumber' | 'name'>;
  size?: 'sm';
}) {
  const [open, setOpen] = useState(false);
  const shipOrder = useShipOrder();
  const titleId = useId();
  const form = useForm<ShipmentForm>({
    resolver: zodResolver(ShipmentForm),
    defaultValues: { carrier: '', trackingNumber: '' },
  });
  const { errors } = form.formState;
  const close = () => {
    setOpen(false);
    shipOrder.reset();
  };

  function onSubmit(shipment: ShipmentForm) {
    shipOrder.mutate(
      { orderId: order._id, shipment },
      {
        onSuccess: () => {
          notify.success(messages.orderShipped);
          close();
          form.reset();
        },
      },
    );
  }

  return (
    <>
      <Button size={size} variant="dark" onClick={() => setOpen(true)}>
        Mark shipped
      </Button>
      <Modal show={open} onHide={close} centered aria-labelledby={titleId}>
        <Form noValidate onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}>
          <Modal.Header closeButton closeLabel="Dismiss">
            <Modal.Title as="h2" className="h5" id={titleId}>
              Ship order {order.orderNumber}?
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <p>
              {order.name} is mailed that the order has shipped, with the carrier and tracking number below.
              This cannot be undone.
            </p>
            <FormField
              controlId={`carrier-${order._id}`}
              label="Carrier"
              error={errors.carrier?.message}
              autoComplete="off"
              required
              {...form.register('carrier')}
            />
            <FormField
              controlId={`tracking-${order._id}`}
              label="Tracking number (optional)"
              error={errors.trackingNumber?.message}
              autoComplete="off"
              groupClassName="mb-0"
              {...form.register('trackingNumber')}
            />
            {shipOrder.error && (
              <Alert variant="danger" className="mt-3 mb-0">
                {shipOrder.error.message}
              </Alert>
            )}
          </Modal.Body>
          <Modal.Footer>
            <Button variant="secondary" onClick={close}>
              Close
            </Button>
            <Button type="submit" variant="dark" disabled={shipOrder.isPending}>
              Yes, mark shipped
            </Button>
          </Modal.Footer>
        </Form>
      </Modal>
    </>
  );
}
