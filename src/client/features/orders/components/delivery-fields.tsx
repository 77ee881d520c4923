import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { useFormContext, useWatch } from 'react-hook-form';
import { AddressFields } from '../../../components/address-fields';
import type { DeliveryDetails } from '../../../../shared/api/orders.schemas';
export { deliveryDefaults } from '../../../lib/delivery-defaults';
import { FormField } from '../../../components/form-field';

/** The delivery fields' values as a form holds them (company and PO number may be left empty). */
export type DeliveryFormValues = DeliveryDetails;

/**
 * Name, the structured delivery address, phone, and the buyer's company and PO number: the buy form's and a quote's acceptance,
 * inside a react-hook-form FormProvider whose values include these fields. `idPrefix` keeps ids unique.
 */
export function DeliveryFields({ idPrefix }: { idPrefix: string }) {
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<DeliveryFormValues>();
  // A company address chosen in the book (ShipToPicker) is shown as it is kept; any other is typed.
  const addressId = useWatch({ control, name: 'addressId' });
  const address = useWatch({ control, name: 'address' });
  return (
    <>
      <FormField
        controlId={`${idPrefix}-name`}
        label="Name"
        error={errors.name?.message}
        autoComplete="name"
        {...register('name')}
      />
      {addressId ? (
        <div className="mb-3">
          <div className="form-label">Delivery address</div>
          <p className="mb-0 bg-body-tertiary rounded px-2 py-1" style={{ whiteSpace: 'pre-line' }}>
            {address}
          </p>
        </div>
      ) : (
        <AddressFields idPrefix={idPrefix} />
      )}
      <FormField
        controlId={`${idPrefix}-number`}
        label="Phone number"
        error={errors.number?.message}
        // A tel input (DESIGN §9, not spec §2's number input): international buyers type '+', spaces,
        // brackets and dashes; the shared rule checks it here and on the server.
        type="tel"
        autoComplete="tel"
        {...register('number')}
      />
      <Row className="g-3 mb-3">
        <Col sm={7}>
          <FormField
            groupClassName=""
            controlId={`${idPrefix}-company`}
            label={
              <>
                Company <span className="text-secondary small">(optional)</span>
              </>
            }
            error={errors.company?.message}
            autoComplete="organization"
            {...register('company')}
          />
        </Col>
        <Col sm={5}>
          <FormField
            groupClassName=""
            controlId={`${idPrefix}-po`}
            label={
              <>
                PO number <span className="text-secondary small">(optional)</span>
              </>
            }
            error={errors.poNumber?.message}
            maxLength={40}
            {...register('poNumber')}
          />
        </Col>
      </Row>
    </>
  );
}
