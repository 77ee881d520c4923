import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { FormField } from '../../../components/form-field';

export interface ProductFormValues {
  name: string;
  img: string;
  dis: string;
  min_order: number;
  available: number;
  price: number;
}

/** The product fields, shared by Add A Product and the edit dialog of Manage Products. */
export function ProductFields({
  register,
  errors,
  idPrefix,
}: {
  register: UseFormRegister<ProductFormValues>;
  errors: FieldErrors<ProductFormValues>;
  idPrefix: string;
}) {
  const number = { valueAsNumber: true } as const;
  return (
    <>
      <FormField
        controlId={`${idPrefix}-name`}
        label="Product name"
        error={errors.name?.message}
        {...register('name')}
      />
      <FormField
        controlId={`${idPrefix}-img`}
        label="Image URL"
        error={errors.img?.message}
        type="url"
        placeholder="https://…"
        {...register('img')}
      />
      <Row className="g-3 mb-3">
        <Col sm={4}>
          <FormField
            groupClassName=""
            controlId={`${idPrefix}-min-order`}
            label="Minimum order quantity"
            error={errors.min_order?.message}
            type="number"
            min={1}
            step={1}
            {...register('min_order', number)}
          />
        </Col>
        <Col sm={4}>
          <FormField
            groupClassName=""
            controlId={`${idPrefix}-available`}
            label="Available quantity"
            error={errors.available?.message}
            type="number"
            min={0}
            step={1}
            {...register('available', number)}
          />
        </Col>
        <Col sm={4}>
          <FormField
            groupClassName=""
            controlId={`${idPrefix}-price`}
            label="Price per unit ($)"
            error={errors.price?.message}
            type="number"
            min={0.01}
            step={0.01}
            {...register('price', number)}
          />
        </Col>
      </Row>
      <FormField
        groupClassName="mb-4"
        controlId={`${idPrefix}-dis`}
        label="Description"
        error={errors.dis?.message}
        as="textarea"
        rows={3}
        {...register('dis')}
      />
    </>
  );
}
