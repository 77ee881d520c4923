import { type ChangeEvent, type SyntheticEvent, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Row from 'react-bootstrap/Row';
import Table from 'react-bootstrap/Table';
import { MAX_FAMILY_OPTIONS, MAX_VARIANTS } from '../../../../shared/api/families.schemas';
import { notify } from '../../../lib/notify';
import { FormField } from '../../../components/form-field';
import { useCategories } from '../api/get-catalog';
import { useAddFamily } from '../api/manage-products';

/** An option as its row edits it: values as one comma-separated text. */
interface OptionRow {
  name: string;
  values: string;
}

/** A variant's own fields as typed: text until the call, where the server checks each. */
interface VariantFields {
  sku: string;
  price: string;
  minOrder: string;
  available: string;
  leftOut: boolean;
}

/** The variants' table's typed columns: a SKU, then numbers the server checks. */
const VARIANT_COLUMNS: {
  field: 'sku' | 'price' | 'minOrder' | 'available';
  heading: string;
  name: string;
  min?: number;
  step?: number;
}[] = [
  { field: 'sku', heading: 'SKU', name: 'SKU' },
  { field: 'price', heading: 'Price per unit ($)', name: 'price per unit', min: 0.01, step: 0.01 },
  { field: 'minOrder', heading: 'Minimum order', name: 'minimum order', min: 1, step: 1 },
  { field: 'available', heading: 'Available', name: 'available', min: 0, step: 1 },
];

const blankVariant: VariantFields = { sku: '', price: '', minOrder: '', available: '', leftOut: false };

const valuesOf = (row: OptionRow) =>
  row.values
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);

/** Every choice of one value per option (the options' product), in the options' order. */
function combinations(options: { name: string; values: string[] }[]): Record<string, string>[] {
  return options.reduce<Record<string, string>[]>(
    (partial, option) =>
      partial.flatMap((chosen) => option.values.map((value) => ({ ...chosen, [option.name]: value }))),
    [{}],
  );
}

/** A combination's key, so a variant's typed fields outlive a change to another option. */
const keyOf = (chosen: Record<string, string>) => JSON.stringify(Object.entries(chosen));

/**
 * Manage Products' "New family" dialog: a product in several variants (POST /api/admin/families). The
 * options and their values make the variants' table, one row per combination; each gets its SKU,
 * price, minimum order and stock, or is left out. Every variant is then a product of its own, edited
 * like any other (its breaks, packs, specifications).
 */
export function NewFamilyModal({ onClose }: { onClose: () => void }) {
  const categories = useCategories();
  const addFamily = useAddFamily();
  const [name, setName] = useState('');
  const [dis, setDis] = useState('');
  const [category, setCategory] = useState('');
  const [img, setImg] = useState('');
  const [options, setOptions] = useState<OptionRow[]>([{ name: '', values: '' }]);
  const [variants, setVariants] = useState<Record<string, VariantFields>>({});

  const named = options
    .map((row) => ({ name: row.name.trim(), values: valuesOf(row) }))
    .filter((option) => option.name && option.values.length > 0);
  const rows = named.length > 0 ? combinations(named) : [];
  const tooMany = rows.length > MAX_VARIANTS;
  const fieldsOf = (chosen: Record<string, string>) => variants[keyOf(chosen)] ?? blankVariant;
  const setField = (chosen: Record<string, string>, field: keyof VariantFields, value: string | boolean) =>
    setVariants({ ...variants, [keyOf(chosen)]: { ...fieldsOf(chosen), [field]: value } });
  const changeOption = (index: number, field: keyof OptionRow, value: string) =>
    setOptions(options.map((row, i) => (i === index ? { ...row, [field]: value } : row)));

  function onSubmit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    const made = rows.filter((chosen) => !fieldsOf(chosen).leftOut);
    addFamily.mutate(
      {
        name,
        dis,
        category,
        ...(img.trim() ? { img: img.trim() } : {}),
        options: named,
        variants: made.map((chosen) => {
          const fields = fieldsOf(chosen);
          return {
            sku: fields.sku,
            options: chosen,
            price: Number(fields.price),
            min_order: Number(fields.minOrder),
            available: Number(fields.available),
          };
        }),
      },
      {
        onSuccess: (family) => {
          notify.success(`${name} added with ${family.variants.length} variants`);
          onClose();
        },
      },
    );
  }

  return (
    <Modal show onHide={onClose} centered size="xl" aria-labelledby="new-family-title">
      <Form noValidate onSubmit={onSubmit} aria-label="New product family">
        <Modal.Header closeButton closeLabel="Dismiss">
          <Modal.Title as="h2" className="h5" id="new-family-title">
            New product family
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Row className="g-3 mb-3">
            <Col md={6}>
              <FormField
                groupClassName=""
                controlId="new-family-name"
                label="Family name"
                value={name}
                maxLength={100}
                onChange={(event: ChangeEvent<HTMLInputElement>) => setName(event.target.value)}
              />
            </Col>
            <Col md={6}>
              <FormField
                groupClassName=""
                controlId="new-family-category"
                label="Category"
                value={category}
                list="new-family-categories"
                maxLength={60}
                onChange={(event: ChangeEvent<HTMLInputElement>) => setCategory(event.target.value)}
              />
              <datalist id="new-family-categories">
                {categories.data?.map((each) => (
                  <option key={each.slug} value={each.name} />
                ))}
              </datalist>
            </Col>
            <Col md={12}>
              <FormField
                groupClassName=""
                controlId="new-family-description"
                label="Description"
                as="textarea"
                rows={2}
                value={dis}
                onChange={(event: ChangeEvent<HTMLTextAreaElement>) => setDis(event.target.value)}
              />
            </Col>
            <Col md={12}>
              <FormField
                groupClassName=""
                controlId="new-family-image"
                label="Image"
                value={img}
                placeholder="https://… or /images/…"
                onChange={(event: ChangeEvent<HTMLInputElement>) => setImg(event.target.value)}
              />
            </Col>
          </Row>

          <fieldset className="mb-3">
            <legend className="form-label fs-6 mb-1">Options</legend>
            <Form.Text className="d-block mb-2">
              What a buyer chooses between, such as Voltage: 12 V, 18 V. Each choice of values is a variant.
            </Form.Text>
            {options.map((row, index) => (
              <Row key={index} className="g-2 mb-2 align-items-center">
                <Col xs={12} sm={4}>
                  <Form.Control
                    aria-label={`Option ${index + 1} name`}
                    placeholder="Name, e.g. Voltage"
                    value={row.name}
                    maxLength={40}
                    onChange={(event) => changeOption(index, 'name', event.target.value)}
                  />
                </Col>
                <Col xs={9} sm={6}>
                  <Form.Control
                    aria-label={`Option ${index + 1} values, separated by commas`}
                    placeholder="Values, separated by commas"
                    value={row.values}
                    onChange={(event) => changeOption(index, 'values', event.target.value)}
                  />
                </Col>
                <Col xs={3} sm={2}>
                  <Button
                    size="sm"
                    variant="outline-danger"
                    aria-label={`Remove option ${index + 1}`}
                    disabled={options.length === 1}
                    onClick={() => setOptions(options.filter((_, i) => i !== index))}
                  >
                    Remove
                  </Button>
                </Col>
              </Row>
            ))}
            <Button
              size="sm"
              variant="outline-dark"
              disabled={options.length >= MAX_FAMILY_OPTIONS}
              onClick={() => setOptions([...options, { name: '', values: '' }])}
            >
              Add an option
            </Button>
          </fieldset>

          {tooMany && (
            <Alert variant="warning">
              These options make {rows.length} variants; a family is added with at most {MAX_VARIANTS}.
            </Alert>
          )}
          {rows.length > 0 && !tooMany && (
            <Table responsive size="sm" className="align-middle table-stack mb-3">
              <caption className="caption-top">Variants: {rows.length}</caption>
              <thead>
                <tr>
                  <th scope="col">Variant</th>
                  {VARIANT_COLUMNS.map((column) => (
                    <th scope="col" key={column.field}>
                      {column.heading}
                    </th>
                  ))}
                  <th scope="col">Left out</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((chosen) => {
                  const label = Object.values(chosen).join(' · ');
                  const fields = fieldsOf(chosen);
                  return (
                    <tr
                      key={keyOf(chosen)}
                      data-testid="variant-row"
                      className={fields.leftOut ? 'text-secondary' : ''}
                    >
                      <th scope="row" data-label="Variant" className="fw-normal">
                        {label}
                      </th>
                      {VARIANT_COLUMNS.map((column) => (
                        <td key={column.field} data-label={column.heading}>
                          <Form.Control
                            size="sm"
                            aria-label={`${label} ${column.name}`}
                            className={column.field === 'sku' ? 'font-monospace' : undefined}
                            type={column.field === 'sku' ? 'text' : 'number'}
                            min={column.min}
                            step={column.step}
                            value={fields[column.field]}
                            disabled={fields.leftOut}
                            onChange={(event) =>
                              setField(
                                chosen,
                                column.field,
                                column.field === 'sku'
                                  ? event.target.value.toUpperCase()
                                  : event.target.value,
                              )
                            }
                          />
                        </td>
                      ))}
                      <td data-label="Left out">
                        <Form.Check
                          aria-label={`Leave out ${label}`}
                          checked={fields.leftOut}
                          onChange={(event) => setField(chosen, 'leftOut', event.target.checked)}
                        />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </Table>
          )}
          <Form.Text className="d-block mb-2">
            Each variant is then a product of its own: edit it in this list for its price breaks, packs and
            specifications.
          </Form.Text>
          {addFamily.error && (
            <Alert variant="danger" className="mb-0" role="alert">
              {addFamily.error.message}
            </Alert>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button
            type="submit"
            variant="warning"
            disabled={addFamily.isPending || tooMany || rows.length === 0}
          >
            Add family
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
