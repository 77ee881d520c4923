import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';

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
      <Form.Group className="mb-3" controlId={`${idPrefix}-name`}>
        <Form.Label>Product name</Form.Label>
        <Form.Control isInvalid={Boolean(errors.name)} {...register('name')} />
        <Form.Control.Feedback type="invalid">{errors.name?.message}</Form.Control.Feedback>
      </Form.Group>
      <Form.Group className="mb-3" controlId={`${idPrefix}-img`}>
        <Form.Label>Image URL</Form.Label>
        <Form.Control
          type="url"
          placeholder="https://…"
          isInvalid={Boolean(errors.img)}
          {...register('img')}
        />
        <Form.Control.Feedback type="invalid">{errors.img?.message}</Form.Control.Feedback>
      </Form.Group>
      <Row className="g-3 mb-3">
        <Col sm={4}>
          <Form.Group controlId={`${idPrefix}-min-order`}>
            <Form.Label>Minimum order quantity</Form.Label>
            <Form.Control
              type="number"
              min={1}
              step={1}
              isInvalid={Boolean(errors.min_order)}
              {...register('min_order', number)}
            />
            <Form.Control.Feedback type="invalid">{errors.min_order?.message}</Form.Control.Feedback>
          </Form.Group>
        </Col>
        <Col sm={4}>
          <Form.Group controlId={`${idPrefix}-available`}>
            <Form.Label>Available quantity</Form.Label>
            <Form.Control
              type="number"
              min={0}
              step={1}
              isInvalid={Boolean(errors.available)}
              {...register('available', number)}
            />
            <Form.Control.Feedback type="invalid">{errors.available?.message}</Form.Control.Feedback>
          </Form.Group>
        </Col>
        <Col sm={4}>
          <Form.Group controlId={`${idPrefix}-price`}>
            <Form.Label>Price per unit ($)</Form.Label>
            <Form.Control
              type="number"
              min={0.01}
              step={0.01}
              isInvalid={Boolean(errors.price)}
              {...register('price', number)}
            />
            <Form.Control.Feedback type="invalid">{errors.price?.message}</Form.Control.Feedback>
          </Form.Group>
        </Col>
      </Row>
      <Form.Group className="mb-4" controlId={`${idPrefix}-dis`}>
        <Form.Label>Description</Form.Label>
        <Form.Control as="textarea" rows={3} isInvalid={Boolean(errors.dis)} {...register('dis')} />
        <Form.Control.Feedback type="invalid">{errors.dis?.message}</Form.Control.Feedback>
      </Form.Group>
    </>
  );
}
