import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import { useParams } from 'react-router';
import { QueryState } from '../components/query-state';
import { useCurrentUser } from '../features/auth/api/use-current-user';
import { useTool } from '../features/catalog/api/get-tool';
import { PriceTierTable } from '../features/catalog/components/price-tier-table';
import { ToolFacts } from '../features/catalog/components/tool-facts';
import { BuyForm } from '../features/orders/components/buy-form';
import { ApiError } from '../lib/api-client';
import { usePublicConfig } from '../lib/public-config';
import { NotFoundPage } from './not-found-page';

/** /buyNow/{toolId} (spec §2): the product on the left, the order form on the right. */
export function BuyNowPage() {
  const { toolId = '' } = useParams();
  const tool = useTool(toolId);
  const { user } = useCurrentUser();
  const config = usePublicConfig();
  if (tool.error instanceof ApiError && (tool.error.status === 404 || tool.error.status === 400)) {
    return <NotFoundPage />;
  }
  return (
    <Container className="py-5">
      <QueryState query={tool} what="this product">
        {(product) => (
          <Row className="g-4 g-lg-5">
            <Col lg={6}>
              <img
                src={product.img}
                alt={product.name}
                className="img-fluid rounded-3 shadow-sm w-100"
                width={600}
                height={450}
              />
              <div className="small text-secondary mt-4">{product.category.name}</div>
              <h1 className="h2">{product.name}</h1>
              <p className="text-secondary">{product.dis}</p>
              <ToolFacts tool={product} large />
              <PriceTierTable tiers={product.priceTiers} />
            </Col>
            <Col lg={6}>
              {user && (
                <QueryState query={config} what="the shop's order settings">
                  {(settings) => <BuyForm tool={product} buyer={user} minUnits={settings.orderMinUnits} />}
                </QueryState>
              )}
            </Col>
          </Row>
        )}
      </QueryState>
    </Container>
  );
}
