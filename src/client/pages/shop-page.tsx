import Container from 'react-bootstrap/Container';
import { ProductsSection } from '../features/catalog/components/products-section';

export function ShopPage() {
  return (
    <>
      <Container className="pt-5">
        <h1 className="text-center">welcome to shop</h1>
      </Container>
      <ProductsSection heading="All products" />
    </>
  );
}
