import { zodResolver } from '@hookform/resolvers/zod';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { notify } from '../../lib/notify';
import { messages } from '../../../shared/messages';
import { useAddProduct } from '../../features/catalog/api/manage-products';
import { ProductFields } from '../../features/catalog/components/product-fields';
import { useOrderFloor } from '../../features/catalog/use-quantity-bounds';
import {
  type ProductFormValues,
  emptyProductForm,
  priceTiersOf,
  productFormSchema,
  specsOf,
} from '../../features/catalog/product-form';

/** /dashboard/addProduct (spec §2, §5; DESIGN §5.3: the success toast waits for the server). */
export function AddProductPage() {
  const addProduct = useAddProduct();
  const floor = useOrderFloor();
  const form = useForm<ProductFormValues>({
    resolver: zodResolver(productFormSchema(floor)),
    defaultValues: emptyProductForm,
  });

  function onSubmit({ breaks, ...values }: ProductFormValues) {
    addProduct.mutate(
      { ...values, specs: specsOf(values), priceTiers: priceTiersOf({ ...values, breaks }, floor) },
      {
        onSuccess: () => {
          notify.success(messages.productAdded);
          form.reset(emptyProductForm);
        },
      },
    );
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
          <ProductFields
            control={form.control}
            register={form.register}
            errors={form.formState.errors}
            setValue={form.setValue}
            idPrefix="add-product"
          />
          <Button type="submit" variant="warning" className="fw-semibold" disabled={addProduct.isPending}>
            Add Product
          </Button>
        </Form>
      </Card.Body>
    </Card>
  );
}
