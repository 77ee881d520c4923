import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { useFormContext } from 'react-hook-form';
import type { DeliveryDetails } from '../../../../shared/api/orders.schemas';
import { FormField } from '../../../components/form-field';

/** The delivery fields' values as a form holds them (company and PO number may be left empty). */
export type DeliveryFormValues = DeliveryDetails;

/**
 * Name, address, phone, and the buyer's company and PO number: the buy form's and a quote's acceptance,
 * inside a react-hook-form FormProvider whose values include these fields. `idPrefix` keeps ids unique.
 */
export function DeliveryFields({ idPrefix }: { idPrefix: string }) {
  const {
    register,
    formState: { errors },
  } = useFormContext<DeliveryFormValues>();
  return (
    <>
      <FormField
        controlId={`${idPrefix}-name`}
        label="Name"
        error={errors.name?.message}
        autoComplete="name"
        {...register('name')}
      />
      <FormField
        controlId={`${idPrefix}-address`}
        label="Address"
        error={errors.address?.message}
        as="textarea"
        rows={2}
        autoComplete="street-address"
        {...register('address')}
      />
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
