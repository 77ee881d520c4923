import { useEffect } from 'react';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { type Control, type UseFormRegister, type UseFormSetValue, useWatch } from 'react-hook-form';
import { categorySlug } from '../../../../shared/api/catalog.schemas';
import type { CategoryAttribute, ProductSpecs } from '../../../../shared/domain/specifications';
import { FormField } from '../../../components/form-field';
import { useCategories, useCategory } from '../api/get-catalog';
import type { ProductFormValues } from '../product-form';

/** An empty field is no value: the product simply does not state that specification. */
const unset = (value: unknown) => value === '' || value === undefined || value === null;

/** How each type's field hands its value to the form: a number, true or false, or the text. */
function valueAs(attribute: CategoryAttribute) {
  return (value: unknown) => {
    if (unset(value)) return undefined;
    if (attribute.type === 'number') return Number(value);
    if (attribute.type === 'boolean') return value === true || value === 'true';
    // A field's value is its text; a stored value shown again is the spec itself.
    return typeof value === 'string' ? value : JSON.stringify(value);
  };
}

/**
 * A product's specifications, one field per attribute its category declares (number, a choice of the
 * enum's values, yes or no, or text), in the category's order. The fields follow the category as it
 * is typed or picked; values of attributes the new category does not declare are dropped, since the
 * server checks every value against the product's category.
 */
export function SpecsFields({
  control,
  register,
  setValue,
  idPrefix,
}: {
  control: Control<ProductFormValues>;
  register: UseFormRegister<ProductFormValues>;
  setValue: UseFormSetValue<ProductFormValues>;
  idPrefix: string;
}) {
  const categoryName = useWatch({ control, name: 'category' }).trim();
  // The category of that name, or the one a new name would make.
  const named = useCategories().data?.find((each) => each.name.toLowerCase() === categoryName.toLowerCase());
  const slug = named?.slug ?? (categoryName ? categorySlug(categoryName) : '');
  const category = useCategory(slug, { enabled: slug !== '' });
  const attributes = category.data?.attributes ?? [];
  const specs = useWatch({ control, name: 'specs' });

  const keys = attributes.map((attribute) => attribute.key).join(',');
  useEffect(() => {
    if (!category.isSuccess && !category.isError) return;
    const declared = new Set(keys.split(','));
    const kept: Partial<ProductSpecs> = {};
    let dropped = false;
    for (const [key, value] of Object.entries(specs)) {
      if (declared.has(key)) kept[key] = value;
      else dropped = true;
    }
    if (dropped) setValue('specs', kept);
  }, [keys, category.isSuccess, category.isError, specs, setValue]);

  if (attributes.length === 0) return null;
  return (
    <fieldset className="mb-3">
      <legend className="form-label fs-6 mb-1">Specifications</legend>
      <Form.Text className="d-block mb-2">
        What {category.data?.name} declares; buyers filter and compare by these. Leave one empty if it does
        not apply.
      </Form.Text>
      <Row className="g-2">
        {attributes.map((attribute) => {
          const id = `${idPrefix}-spec-${attribute.key}`;
          const field = register(`specs.${attribute.key}`, { setValueAs: valueAs(attribute) });
          const label = attribute.unit ? `${attribute.name} (${attribute.unit})` : attribute.name;
          return (
            <Col sm={6} md={4} key={attribute.key}>
              {attribute.type === 'enum' || attribute.type === 'boolean' ? (
                <Form.Group controlId={id}>
                  <Form.Label>{label}</Form.Label>
                  <Form.Select {...field}>
                    <option value="">Not stated</option>
                    {attribute.type === 'boolean' ? (
                      <>
                        <option value="true">Yes</option>
                        <option value="false">No</option>
                      </>
                    ) : (
                      (attribute.values ?? []).map((value) => (
                        <option key={value} value={value}>
                          {value}
                        </option>
                      ))
                    )}
                  </Form.Select>
                </Form.Group>
              ) : (
                <FormField
                  groupClassName=""
                  controlId={id}
                  label={label}
                  type={attribute.type === 'number' ? 'number' : 'text'}
                  step={attribute.type === 'number' ? 'any' : undefined}
                  {...field}
                />
              )}
            </Col>
          );
        })}
      </Row>
    </fieldset>
  );
}
