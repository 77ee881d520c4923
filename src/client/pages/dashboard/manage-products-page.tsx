import { zodResolver } from '@hookform/resolvers/zod';
import { useDeferredValue, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Table from 'react-bootstrap/Table';
import { useForm } from 'react-hook-form';
import { notify } from '../../lib/notify';
import type { Tool } from '../../../shared/api/catalog.schemas';
import { messages } from '../../../shared/messages';
import { ConfirmModal, useConfirm } from '../../components/confirm-modal';
import { LoadMoreButton } from '../../components/load-more-button';
import { QueryState } from '../../components/query-state';
import { useCatalog } from '../../features/catalog/api/get-catalog';
import { productsCsvUrl } from '../../features/catalog/api/import-products';
import { useDeleteProduct, useUpdateProduct } from '../../features/catalog/api/manage-products';
import { CategoryAttributesModal } from '../../features/catalog/components/category-attributes-modal';
import { ImportProductsModal } from '../../features/catalog/components/import-products-modal';
import { NewFamilyModal } from '../../features/catalog/components/new-family-modal';
import { ProductFields } from '../../features/catalog/components/product-fields';
import { useOrderFloor } from '../../features/catalog/use-quantity-bounds';
import {
  type ProductFormValues,
  priceTiersOf,
  productFormSchema,
  productFormValues,
  specsOf,
} from '../../features/catalog/product-form';
import { formatUnits } from '../../lib/format';
import { useUrlFilter } from '../../lib/use-url-filter';

function EditProductModal({ tool, onClose }: { tool: Tool; onClose: () => void }) {
  const updateProduct = useUpdateProduct();
  const floor = useOrderFloor();
  const form = useForm<ProductFormValues>({
    resolver: zodResolver(productFormSchema(floor, { editing: true })),
    defaultValues: productFormValues(tool),
  });

  function onSubmit({ available, breaks, ...fields }: ProductFormValues) {
    // Stock is sent as a difference, so units customers reserve while this dialog is open stay reserved.
    updateProduct.mutate(
      {
        id: tool._id,
        body: {
          ...fields,
          specs: specsOf(fields),
          priceTiers: priceTiersOf({ ...fields, breaks }, floor),
          availableChange: available - tool.available,
        },
      },
      {
        onSuccess: () => {
          notify.success(messages.productUpdated(fields.name));
          onClose();
        },
      },
    );
  }

  return (
    <Modal show onHide={onClose} centered size="lg" aria-labelledby="edit-product-title">
      <Form
        noValidate
        onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}
        aria-label="Edit product"
      >
        <Modal.Header closeButton closeLabel="Dismiss">
          <Modal.Title as="h2" className="h5" id="edit-product-title">
            Edit {tool.name}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <ProductFields
            control={form.control}
            register={form.register}
            errors={form.formState.errors}
            setValue={form.setValue}
            idPrefix="edit-product"
          />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button type="submit" variant="warning" disabled={updateProduct.isPending}>
            Save changes
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}

/**
 * /dashboard/manageProducts (spec §2; DESIGN §5.4: the modal asks about deleting the product). The
 * catalog may hold thousands of products: it is searched and read a page at a time, loaded and saved
 * as CSV. `?q=` and `?lowStock=true` (the dashboard's links) filter it.
 */
export function ManageProductsPage() {
  const [params, setUrlFilter] = useUrlFilter();
  const [search, setSearch] = useState(params.get('q') ?? '');
  const lowStock = params.get('lowStock') === 'true';
  const q = useDeferredValue(search.trim());
  // Every variant of a family is a product to manage.
  const catalog = useCatalog({
    q,
    sort: q ? 'relevance' : 'newest',
    lowStock: lowStock || undefined,
    variants: true,
  });
  const [editing, setEditing] = useState<Tool | null>(null);
  const [importing, setImporting] = useState(false);
  const [editingAttributes, setEditingAttributes] = useState(false);
  const [addingFamily, setAddingFamily] = useState(false);
  const remove = useConfirm(useDeleteProduct(), {
    variables: (tool: Tool) => tool._id,
    done: (tool) => messages.productDeleted(tool.name),
  });

  const setFilter = (name: string, value: string | undefined) => setUrlFilter({ [name]: value });

  return (
    <>
      <div className="d-flex flex-wrap align-items-end gap-2 mb-3">
        <Form.Group className="flex-grow-1" controlId="manage-products-search">
          <Form.Label className="visually-hidden">Search products</Form.Label>
          <Form.Control
            type="search"
            placeholder="Search by name or SKU"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setFilter('q', event.target.value.trim());
            }}
          />
        </Form.Group>
        <Form.Check
          type="switch"
          id="manage-products-low-stock"
          className="mb-2"
          label="Low stock only"
          checked={lowStock}
          onChange={(event) => setFilter('lowStock', event.target.checked ? 'true' : undefined)}
        />
        <a className="btn btn-outline-dark" href={productsCsvUrl} download>
          Export CSV
        </a>
        <Button variant="dark" onClick={() => setImporting(true)}>
          Import CSV
        </Button>
        <Button variant="outline-dark" onClick={() => setEditingAttributes(true)}>
          Specifications
        </Button>
        <Button variant="outline-dark" onClick={() => setAddingFamily(true)}>
          New family
        </Button>
      </div>
      <QueryState query={catalog} what="the products">
        {({ pages }) => {
          const list = pages.flatMap((page) => page.items);
          return (
            <>
              <h2 className="h4 mb-3">
                Manage Products: {pages[0]?.total ?? 0}
                {lowStock && <span className="fs-6 text-secondary"> with low stock</span>}
              </h2>
              <Table responsive striped hover className="align-middle bg-white table-stack">
                <thead>
                  <tr>
                    <th>#</th>
                    <th>SKU</th>
                    <th>Product Name</th>
                    <th>Available</th>
                    <th>Action</th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((tool, index) => (
                    <tr key={tool._id}>
                      <td data-label="#">{index + 1}</td>
                      <td data-label="SKU">
                        <span className="font-monospace small">{tool.sku}</span>
                      </td>
                      <td data-label="Product Name">
                        <div>
                          {tool.name}
                          <div className="small text-secondary">{tool.category.name}</div>
                        </div>
                      </td>
                      <td data-label="Available">{formatUnits(tool.available)}</td>
                      <td data-label="Action">
                        <div className="d-flex flex-wrap gap-2">
                          <Button size="sm" variant="outline-dark" onClick={() => setEditing(tool)}>
                            Edit
                          </Button>
                          <Button size="sm" variant="outline-danger" onClick={() => remove.ask(tool)}>
                            Delete
                          </Button>
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
              <LoadMoreButton query={catalog} />
            </>
          );
        }}
      </QueryState>
      {importing && <ImportProductsModal onClose={() => setImporting(false)} />}
      {editingAttributes && <CategoryAttributesModal onClose={() => setEditingAttributes(false)} />}
      {addingFamily && <NewFamilyModal onClose={() => setAddingFamily(false)} />}
      {editing && <EditProductModal key={editing._id} tool={editing} onClose={() => setEditing(null)} />}
      <ConfirmModal
        {...remove.modal}
        title="Are you sure, you want to delete this product?"
        confirmLabel="Yes Delete"
      >
        {remove.item && (
          <p className="mb-0">
            <strong>{remove.item.name}</strong> leaves the shop. Orders already placed for it keep their item,
            quantity and amount, and can still be paid or cancelled.
          </p>
        )}
      </ConfirmModal>
    </>
  );
}
