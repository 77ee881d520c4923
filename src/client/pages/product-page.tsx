import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import type { QueryClient } from '@tanstack/react-query';
import { Link, data, useLoaderData, useParams, type LoaderFunctionArgs } from 'react-router';
import { canBeOrdered } from '../../shared/domain/order-quantity';
import { QueryState } from '../components/query-state';
import { paths } from '../config/paths';
import { isUnknownTool, toolQuery, useTool } from '../features/catalog/api/get-tool';
import { PriceTierTable } from '../features/catalog/components/price-tier-table';
import { ToolFacts } from '../features/catalog/components/tool-facts';
import { SpecTable } from '../features/catalog/components/spec-table';
import { ProductDocuments } from '../features/catalog/components/product-documents';
import { CompareToggle } from '../features/catalog/components/compare-toggle';
import { VariantPicker } from '../features/catalog/components/variant-picker';
import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { formatUnits } from '../lib/format';
import { ToolPicture } from '../features/catalog/components/tool-picture';
import { useQuantityBounds } from '../features/catalog/use-quantity-bounds';
import { usePageMeta } from '../lib/use-page-meta';
import { NotFoundPage } from './not-found-page';
import type { Tool } from '../../shared/api/catalog.schemas';
import { AddToCartButton } from '../components/add-to-cart-button';

/**
 * Reads the product into the cache. On the server, where the read is awaited, an unknown product makes
 * the page answer HTTP 404 with the not-found page.
 */
export const productLoader =
  (queryClient: QueryClient) =>
  async ({ params }: LoaderFunctionArgs) => {
    const query = toolQuery(params.toolId ?? '');
    const read = queryClient.query(query).then(
      () => null,
      (error: unknown) => error,
    );
    if (!import.meta.env.SSR) return null;
    return isUnknownTool(await read) ? data({ missing: true }, { status: 404 }) : null;
  };

/** Adds whole packs of a product sold in packs: the buyer counts boxes, the cart units. */
function PackAdder({ tool, lower }: { tool: Tool; lower: number }) {
  const fewest = Math.ceil(lower / tool.orderMultiple);
  const [packs, setPacks] = useState(fewest);
  const valid = Number.isInteger(packs) && packs >= fewest;
  return (
    <div className="d-flex flex-wrap gap-2 align-items-end">
      <Form.Group controlId="pack-count" className="pack-count">
        <Form.Label className="mb-1">Packs of {formatUnits(tool.orderMultiple)}</Form.Label>
        <Form.Control
          type="number"
          min={fewest}
          step={1}
          inputMode="numeric"
          value={Number.isNaN(packs) ? '' : packs}
          isInvalid={!valid}
          onChange={(event) => setPacks(Number(event.target.value === '' ? Number.NaN : event.target.value))}
        />
      </Form.Group>
      <AddToCartButton
        toolId={tool._id}
        name={tool.name}
        quantity={valid ? packs * tool.orderMultiple : 0}
        className="btn btn-outline-dark btn-lg"
      />
      <span className="small text-secondary align-self-center">
        {valid ? `${formatUnits(packs * tool.orderMultiple)} units` : `At least ${formatUnits(fewest)} packs`}
      </span>
    </div>
  );
}

function Product({ tool }: { tool: Tool }) {
  const bounds = useQuantityBounds(tool);
  const orderable = canBeOrdered(bounds);
  return (
    <Row className="g-4 g-lg-5">
      <Col lg={6}>
        <ToolPicture tool={tool} priority />
      </Col>
      <Col lg={6}>
        <nav aria-label="Breadcrumb" className="small mb-2">
          <Link to={paths.shop}>Shop</Link> ›{' '}
          <Link to={`${paths.shop}?category=${encodeURIComponent(tool.category.slug)}`}>
            {tool.category.name}
          </Link>
        </nav>
        <h1 className="h2">{tool.name}</h1>
        <p>{tool.dis}</p>
        <VariantPicker tool={tool} />
        <ToolFacts tool={tool} large />
        <PriceTierTable tiers={tool.priceTiers} />
        <SpecTable tool={tool} />
        <ProductDocuments tool={tool} />
        <CompareToggle toolId={tool._id} name={tool.name} />
        {orderable ? (
          <div className="d-flex flex-wrap gap-2">
            <Link className="btn btn-warning btn-lg fw-semibold" to={paths.buyNow(tool._id)}>
              Buy Now
            </Link>
            {tool.orderMultiple > 1 ? (
              <PackAdder tool={tool} lower={bounds.lower} />
            ) : (
              <AddToCartButton
                toolId={tool._id}
                name={tool.name}
                quantity={tool.priceTiers[0]?.minQuantity ?? tool.min_order}
                className="btn btn-outline-dark btn-lg"
              />
            )}
          </div>
        ) : (
          <p className="text-secondary">
            Not enough in stock for the smallest order right now.{' '}
            <Link to={paths.buyNow(tool._id)}>Request a quote</Link>
          </p>
        )}
      </Col>
    </Row>
  );
}

/**
 * /tools/{id} (DESIGN §9): a product's public page, open to every visitor and search engine; the
 * server writes its title, description, canonical address, Open Graph tags and JSON-LD into the HTML.
 */
export function ProductPage() {
  const { toolId = '' } = useParams();
  const tool = useTool(toolId);
  // The server found no such product: the browser shows what the server did, without asking again.
  const loaded = useLoaderData<{ missing?: boolean } | null>();
  const missing = loaded?.missing === true || isUnknownTool(tool.error);
  // Before the not-found page's own: a parent's effect runs after its child's.
  usePageMeta(
    missing ? 'Page not found' : tool.data ? `${tool.data.name} (${tool.data.sku})` : 'Product',
    tool.data?.dis,
  );
  if (missing) return <NotFoundPage />;
  return (
    <Container className="py-5">
      <QueryState query={tool} what="this product">
        {(product) => <Product tool={product} />}
      </QueryState>
    </Container>
  );
}
