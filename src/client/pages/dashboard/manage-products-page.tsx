import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Table from 'react-bootstrap/Table';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify/unstyled';
import { z } from 'zod';
import type { Tool } from '../../../shared/api/catalog.schemas';
import { AddProductBody } from '../../../shared/api/products.schemas';
import { messages } from '../../../shared/messages';
import { ConfirmModal, useConfirm } from '../../components/confirm-modal';
import { QueryState } from '../../components/query-state';
import { useDeleteProduct, useUpdateProduct } from '../../features/catalog/api/manage-products';
import { ProductFields, type ProductFormValues } from '../../features/catalog/components/product-fields';
import { useTools } from '../../features/catalog/api/get-tools';

// Editing may take the unreserved stock down to zero; adding a product needs some.
const EditProductForm = AddProductBody.extend({
  available: z
    .number({ error: messages.fillAllFields })
    .int({ error: 'The available quantity must be a whole number of units' })
    .min(0, { error: 'The available quantity cannot be negative' }),
});

function EditProductModal({ tool, onClose }: { tool: Tool; onClose: () => void }) {
  const updateProduct = useUpdateProduct();
  const { name, img, dis, min_order, available, price } = tool;
  const form = useForm<ProductFormValues>({
    resolver: zodResolver(EditProductForm),
    defaultValues: { name, img, dis, min_order, available, price },
  });

  function onSubmit({ available, ...fields }: ProductFormValues) {
    // Sent as a difference, so units customers reserve while this dialog is open stay reserved.
    updateProduct.mutate(
      { id: tool._id, body: { ...fields, availableChange: available - tool.available } },
      {
        onSuccess: () => {
          toast.success(messages.productUpdated(fields.name));
          onClose();
        },
      },
    );
  }

  return (
    <Modal show onHide={onClose} centered size="lg">
      <Form
        noValidate
        onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}
        aria-label="Edit product"
      >
        <Modal.Header closeButton closeLabel="Dismiss">
          <Modal.Title as="h2" className="h5">
            Edit {tool.name}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <ProductFields register={form.register} errors={form.formState.errors} idPrefix="edit-product" />
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

/** /dashboard/manageProducts (spec §2; DESIGN §5.4: the modal asks about deleting the product). */
export function ManageProductsPage() {
  const tools = useTools();
  const [editing, setEditing] = useState<Tool | null>(null);
  const remove = useConfirm(useDeleteProduct(), {
    variables: (tool: Tool) => tool._id,
    done: (tool) => messages.productDeleted(tool.name),
  });

  return (
    <QueryState query={tools} what="the products">
      {(list) => (
        <>
          <h2 className="h4 mb-3">Manage Products: {list.length}</h2>
          <Table responsive striped hover className="align-middle bg-white">
            <thead>
              <tr>
                <th>#</th>
                <th>Product Name</th>
                <th>Product Id</th>
                <th>Action</th>
              </tr>
            </thead>
            <tbody>
              {list.map((tool, index) => (
                <tr key={tool._id}>
                  <td>{index + 1}</td>
                  <td>{tool.name}</td>
                  <td>
                    <code className="small">{tool._id}</code>
                  </td>
                  <td>
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
          {editing && <EditProductModal key={editing._id} tool={editing} onClose={() => setEditing(null)} />}
          <ConfirmModal
            {...remove.modal}
            title="Are you sure, you want to delete this product?"
            confirmLabel="Yes Delete"
          >
            {remove.item && (
              <p className="mb-0">
                <strong>{remove.item.name}</strong> leaves the shop. Orders already placed for it keep their
                item, quantity and amount, and can still be paid or cancelled.
              </p>
            )}
          </ConfirmModal>
        </>
      )}
    </QueryState>
  );
}
