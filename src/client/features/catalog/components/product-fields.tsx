import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import {
  type Control,
  type FieldErrors,
  type UseFormRegister,
  type UseFormSetValue,
  useFieldArray,
} from 'react-hook-form';
import { FormField } from '../../../components/form-field';
import { useCategories } from '../api/get-catalog';
import type { ProductFormValues } from '../product-form';
import { DocumentsField } from './documents-field';
import { PictureField } from './picture-field';
import { SpecsFields } from './specs-fields';
import { UNIT_CODES, UNITS } from '../../../../shared/domain/units';

/** What the product fields take from the form that holds them. */
interface ProductFieldsProps {
  control: Control<ProductFormValues>;
  register: UseFormRegister<ProductFormValues>;
  errors: FieldErrors<ProductFormValues>;
  /** Prefixes the fields' ids, so that two forms on one page never share one. */
  idPrefix: string;
}

/** The whole set of fields also sets values: the specifications follow the category. */
interface AllProductFieldsProps extends ProductFieldsProps {
  setValue: UseFormSetValue<ProductFormValues>;
}

/** The volume price breaks after the first, added and removed row by row. */
function PriceBreaks({ control, register, errors, idPrefix }: ProductFieldsProps) {
  const { fields, append, remove } = useFieldArray({ control, name: 'breaks' });
  const number = { valueAsNumber: true } as const;
  const problem = errors.breaks?.message ?? errors.breaks?.root?.message;
  return (
    <fieldset className="mb-3" aria-describedby={`${idPrefix}-breaks-help`}>
      <legend className="form-label fs-6 mb-1">Volume price breaks</legend>
      <Form.Text id={`${idPrefix}-breaks-help`} className="d-block mb-2">
        The price per unit above applies from the minimum order; each break lowers it from a larger quantity.
      </Form.Text>
      {fields.map((field, index) => (
        <Row key={field.id} className="g-2 align-items-start mb-2">
          <Col xs={5}>
            <FormField
              groupClassName=""
              controlId={`${idPrefix}-break-${index}-quantity`}
              label={`Break ${index + 2}: from units`}
              error={errors.breaks?.[index]?.minQuantity?.message}
              type="number"
              min={1}
              step={1}
              {...register(`breaks.${index}.minQuantity`, number)}
            />
          </Col>
          <Col xs={5}>
            <FormField
              groupClassName=""
              controlId={`${idPrefix}-break-${index}-price`}
              label={`Break ${index + 2}: price per unit ($)`}
              error={errors.breaks?.[index]?.price?.message}
              type="number"
              min={0.01}
              step={0.01}
              {...register(`breaks.${index}.price`, number)}
            />
          </Col>
          <Col xs={2} className="pt-4 mt-2">
            <Button size="sm" variant="outline-danger" onClick={() => remove(index)}>
              Remove
            </Button>
          </Col>
        </Row>
      ))}
      {problem && <div className="text-danger small mb-2">{problem}</div>}
      <Button
        size="sm"
        variant="outline-dark"
        onClick={() => append({ minQuantity: Number.NaN, price: Number.NaN })}
      >
        Add a price break
      </Button>
    </fieldset>
  );
}

/** The product fields, shared by Add A Product and the edit dialog of Manage Products. */
export function ProductFields({ control, register, errors, idPrefix, setValue }: AllProductFieldsProps) {
  const number = { valueAsNumber: true } as const;
  const categories = useCategories();
  return (
    <>
      <Row className="g-3 mb-3">
        <Col sm={4}>
          <FormField
            groupClassName=""
            controlId={`${idPrefix}-sku`}
            label="SKU"
            error={errors.sku?.message}
            autoCapitalize="characters"
            placeholder="FT-DRL-20V"
            {...register('sku')}
          />
        </Col>
        <Col sm={8}>
          <FormField
            groupClassName=""
            controlId={`${idPrefix}-name`}
            label="Product name"
            error={errors.name?.message}
            {...register('name')}
          />
        </Col>
      </Row>
      <PictureField control={control} idPrefix={idPrefix} />
      <FormField
        controlId={`${idPrefix}-category`}
        label="Category"
        error={errors.category?.message}
        list={`${idPrefix}-categories`}
        hint="Pick one, or type a new name to create a category."
        {...register('category')}
      />
      <datalist id={`${idPrefix}-categories`}>
        {categories.data?.map((category) => (
          <option key={category.slug} value={category.name} />
        ))}
      </datalist>
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
      <PriceBreaks control={control} register={register} errors={errors} idPrefix={idPrefix} />
      <FormField
        controlId={`${idPrefix}-dis`}
        label="Description"
        error={errors.dis?.message}
        as="textarea"
        rows={3}
        {...register('dis')}
      />
      <Row className="g-3 mb-3">
        <Col sm={4}>
          <Form.Group controlId={`${idPrefix}-tax-class`}>
            <Form.Label>Tax class</Form.Label>
            <Form.Select {...register('taxClass')}>
              <option value="standard">Standard rate</option>
              <option value="reduced">Reduced rate</option>
              <option value="zero">Zero rate</option>
              <option value="exempt">Exempt</option>
            </Form.Select>
          </Form.Group>
        </Col>
        <Col sm={4}>
          <FormField
            groupClassName=""
            controlId={`${idPrefix}-weight`}
            label="Weight per unit (kg)"
            error={errors.weightKg?.message}
            type="number"
            min={0}
            step={0.001}
            {...register('weightKg', number)}
          />
        </Col>
        <Col sm={4}>
          <FormField
            groupClassName=""
            controlId={`${idPrefix}-carton`}
            label="Units per carton"
            error={errors.unitsPerCarton?.message}
            type="number"
            min={1}
            step={1}
            {...register('unitsPerCarton', number)}
          />
        </Col>
      </Row>
      <Row className="g-3 mb-3">
        <Col sm={4}>
          <Form.Group controlId={`${idPrefix}-unit`}>
            <Form.Label>Unit of measure</Form.Label>
            <Form.Select {...register('unit')}>
              {UNIT_CODES.map((code) => (
                <option key={code} value={code}>
                  {UNITS[code]} ({code})
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Col>
        <Col sm={4}>
          <FormField
            groupClassName=""
            controlId={`${idPrefix}-order-multiple`}
            label="Sold in packs of (units)"
            error={errors.orderMultiple?.message}
            type="number"
            min={1}
            step={1}
            {...register('orderMultiple', number)}
          />
        </Col>
        <Col sm={4}>
          <FormField
            groupClassName=""
            controlId={`${idPrefix}-lead-time`}
            label="Lead time when short (days)"
            error={errors.leadTimeDays?.message}
            type="number"
            min={0}
            step={1}
            {...register('leadTimeDays', number)}
          />
        </Col>
      </Row>
      <SpecsFields control={control} register={register} setValue={setValue} idPrefix={idPrefix} />
      <DocumentsField control={control} register={register} errors={errors} idPrefix={idPrefix} />
      <Form.Check
        className="mb-4"
        type="switch"
        id={`${idPrefix}-featured`}
        label="Feature on the home page"
        {...register('featured')}
      />
    </>
  );
}
