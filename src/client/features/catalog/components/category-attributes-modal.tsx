import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Table from 'react-bootstrap/Table';
import { ATTRIBUTE_TYPES, type CategoryAttribute } from '../../../../shared/domain/specifications';
import { notify } from '../../../lib/notify';
import { useCategories, useCategory } from '../api/get-catalog';
import { usePutCategoryAttributes } from '../api/manage-products';

/** One attribute as its row edits it: enum values as one comma-separated text. */
interface AttributeRow {
  key: string;
  name: string;
  type: CategoryAttribute['type'];
  unit: string;
  values: string;
}

const rowOf = (attribute: CategoryAttribute): AttributeRow => ({
  key: attribute.key,
  name: attribute.name,
  type: attribute.type,
  unit: attribute.unit ?? '',
  values: (attribute.values ?? []).join(', '),
});

/** A key from a name, as the API takes keys: lower-case letters, digits and underscores. */
const keyOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^[^a-z]+|_+$/g, '')
    .slice(0, 40);

/** The attribute the API takes from a row: a unit only for numbers, values only for an enum. */
function attributeOf(row: AttributeRow): CategoryAttribute {
  const values = row.values
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);
  return {
    key: row.key.trim() || keyOf(row.name),
    name: row.name.trim(),
    type: row.type,
    ...(row.type === 'number' && row.unit.trim() ? { unit: row.unit.trim() } : {}),
    ...(row.type === 'enum' ? { values } : {}),
  };
}

const TYPE_NAMES: Record<CategoryAttribute['type'], string> = {
  number: 'Number',
  enum: 'One of a list',
  boolean: 'Yes or no',
  text: 'Text',
};

interface EditorProps {
  slug: string;
  name: string;
  onClose: () => void;
}

/** One category's attributes, read, then edited. */
function AttributesEditor(props: EditorProps) {
  const category = useCategory(props.slug);
  if (category.isError) return <Alert variant="danger">{category.error.message}</Alert>;
  if (!category.data) return <p className="text-secondary">Loading {props.name}’s specifications…</p>;
  return <AttributeRows {...props} saved={category.data.attributes} />;
}

/** The attributes as rows, saved as the whole list (PUT). */
function AttributeRows({
  slug,
  name,
  onClose,
  saved: savedAttributes,
}: EditorProps & { saved: CategoryAttribute[] }) {
  const save = usePutCategoryAttributes(slug);
  const [rows, setRows] = useState<AttributeRow[]>(() => savedAttributes.map(rowOf));
  const change = (index: number, field: keyof AttributeRow, value: string) =>
    setRows(rows.map((row, i) => (i === index ? { ...row, [field]: value } : row)));
  const saved = savedAttributes.map((attribute) => attribute.key);

  function onSave() {
    save.mutate(rows.map(attributeOf), {
      onSuccess: (result) => {
        notify.success(
          result.cleared > 0
            ? `${name}’s specifications saved; ${result.cleared} ${result.cleared === 1 ? 'product' : 'products'} lost the values of those taken away`
            : `${name}’s specifications saved`,
        );
        onClose();
      },
    });
  }

  return (
    <>
      <Table responsive size="sm" className="align-middle table-stack mb-2">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Key</th>
            <th scope="col">Type</th>
            <th scope="col">Unit, or values</th>
            <th scope="col">
              <span className="visually-hidden">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => {
            const label = row.name || `Attribute ${index + 1}`;
            return (
              <tr key={index} data-testid="attribute-row">
                <td data-label="Name">
                  <Form.Control
                    aria-label={`Attribute ${index + 1} name`}
                    value={row.name}
                    maxLength={60}
                    onChange={(event) => change(index, 'name', event.target.value)}
                  />
                </td>
                <td data-label="Key">
                  {/* A saved key stays: products' values are kept under it. */}
                  <Form.Control
                    aria-label={`${label} key`}
                    className="font-monospace"
                    value={row.key}
                    placeholder={keyOf(row.name)}
                    readOnly={saved.includes(row.key)}
                    maxLength={40}
                    onChange={(event) => change(index, 'key', event.target.value)}
                  />
                </td>
                <td data-label="Type">
                  <Form.Select
                    aria-label={`${label} type`}
                    value={row.type}
                    onChange={(event) => change(index, 'type', event.target.value)}
                  >
                    {ATTRIBUTE_TYPES.map((type) => (
                      <option key={type} value={type}>
                        {TYPE_NAMES[type]}
                      </option>
                    ))}
                  </Form.Select>
                </td>
                <td data-label="Unit, or values">
                  {row.type === 'number' && (
                    <Form.Control
                      aria-label={`${label} unit`}
                      placeholder="Unit, e.g. V or mm"
                      value={row.unit}
                      maxLength={12}
                      onChange={(event) => change(index, 'unit', event.target.value)}
                    />
                  )}
                  {row.type === 'enum' && (
                    <Form.Control
                      aria-label={`${label} values, separated by commas`}
                      placeholder="Values, separated by commas"
                      value={row.values}
                      onChange={(event) => change(index, 'values', event.target.value)}
                    />
                  )}
                </td>
                <td>
                  <Button
                    size="sm"
                    variant="outline-danger"
                    aria-label={`Remove ${label}`}
                    onClick={() => setRows(rows.filter((_, i) => i !== index))}
                  >
                    Remove
                  </Button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </Table>
      <Button
        size="sm"
        variant="outline-dark"
        className="mb-3"
        onClick={() => setRows([...rows, { key: '', name: '', type: 'number', unit: '', values: '' }])}
      >
        Add an attribute
      </Button>
      <Form.Text className="d-block mb-3">
        Buyers filter by numbers, lists and yes-or-no attributes and compare every one. Taking one away clears
        its values from the category’s products.
      </Form.Text>
      {save.error && (
        <Alert variant="danger" className="mb-3">
          {save.error.message}
        </Alert>
      )}
      <div className="d-flex gap-2 justify-content-end">
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
        <Button variant="warning" onClick={onSave} disabled={save.isPending}>
          Save specifications
        </Button>
      </div>
    </>
  );
}

/**
 * Manage Products' "Specifications" dialog: a category is picked, and the typed attributes its
 * products take (PUT /api/admin/categories/{slug}/attributes) are edited as rows.
 */
export function CategoryAttributesModal({ onClose }: { onClose: () => void }) {
  const categories = useCategories();
  const [slug, setSlug] = useState('');
  const chosen = categories.data?.find((category) => category.slug === slug);
  return (
    <Modal show onHide={onClose} centered size="xl" aria-labelledby="category-attributes-title">
      <Modal.Header closeButton closeLabel="Dismiss">
        <Modal.Title as="h2" className="h5" id="category-attributes-title">
          Specifications by category
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <Form.Group className="mb-3" controlId="category-attributes-category">
          <Form.Label>Category</Form.Label>
          <Form.Select value={slug} onChange={(event) => setSlug(event.target.value)}>
            <option value="">Choose a category</option>
            {categories.data?.map((category) => (
              <option key={category.slug} value={category.slug}>
                {category.name} ({category.count} {category.count === 1 ? 'product' : 'products'})
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        {chosen && (
          <AttributesEditor key={chosen.slug} slug={chosen.slug} name={chosen.name} onClose={onClose} />
        )}
      </Modal.Body>
    </Modal>
  );
}
