import { zodResolver } from '@hookform/resolvers/zod';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify/unstyled';
import { AddProductBody } from '../../../shared/api/products.schemas';
import { messages } from '../../../shared/messages';
import { useAddProduct } from '../../features/catalog/api/manage-products';
import { ProductFields, type ProductFormValues } from '../../features/catalog/components/product-fields';

const empty = { name: '', img: '', dis: '', min_order: Number.NaN, available: Number.NaN, price: Number.NaN };

/** /dashboard/addProduct (spec §2, §5; DESIGN §5.3: the success toast waits for the server). */
export function AddProductPage() {
  const addProduct = useAddProduct();
  const form = useForm<ProductFormValues>({ resolver: zodResolver(AddProductBody), defaultValues: empty });

  function onSubmit(values: ProductFormValues) {
    addProduct.mutate(values, {
      onSuccess: () => {
        toast.success(messages.productAdded);
        form.reset(empty);
      },
    });
  }

  return (
    <Card className="shadow-sm">
      <Card.Body className="p-4">
        <h2 className="h4 mb-3">Add A Product</h2>
        <Form
          noValidate
          onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}
          aria-label="Add A Product"
        >
          <ProductFields register={form.register} errors={form.formState.errors} idPrefix="add-product" />
          <Button type="submit" variant="warning" className="fw-semibold" disabled={addProduct.isPending}>
            Add Product
          </Button>
        </Form>
      </Card.Body>
    </Card>
  );
}
