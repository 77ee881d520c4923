import { ShipToPicker } from '../features/companies/components/ship-to-picker';
import { ResaleCheck } from '../features/companies/components/resale-check';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import { useParams, useSearchParams } from 'react-router';
import { quantityBounds } from '../../shared/domain/order-quantity';
import { PageSpinner } from '../components/page-spinner';
import { useOrder } from '../features/orders/api/orders';
import { RequestQuoteForm } from '../features/quotes/components/request-quote-form';
import { QueryState } from '../components/query-state';
import { useCurrentUser } from '../features/auth/api/use-current-user';
import { isUnknownTool, useTool } from '../features/catalog/api/get-tool';
import { PriceTierTable } from '../features/catalog/components/price-tier-table';
import { ToolFacts } from '../features/catalog/components/tool-facts';
import { ToolPicture } from '../features/catalog/components/tool-picture';
import { BuyForm } from '../features/orders/components/buy-form';
import { SaveToList } from '../features/lists/components/save-to-list';
import { usePublicConfig } from '../lib/public-config';
import { SettledState } from '../components/settled-state';
import { NotFoundPage } from './not-found-page';
import { usePageMeta } from '../lib/use-page-meta';

/**
 * /buyNow/{toolId} (spec §2): the product on the left, the order form and 'Request a quote' on the
 * right. `?again={orderId}` fills the form from an earlier order (My Orders' 'Order again').
 */
export function BuyNowPage() {
  const { toolId = '' } = useParams();
  const [search] = useSearchParams();
  const againId = search.get('again') ?? '';
  // A missing or foreign order leaves the form as for a new order.
  const previous = useOrder(againId, { enabled: againId !== '' });
  const tool = useTool(toolId);
  const { user } = useCurrentUser();
  const config = usePublicConfig();
  usePageMeta(
    tool.data ? `${tool.data.name} (${tool.data.sku})` : 'Buy Now',
    tool.data ? tool.data.dis : undefined,
  );
  if (isUnknownTool(tool.error)) {
    return <NotFoundPage />;
  }
  return (
    <Container className="py-5">
      <QueryState query={tool} what="this product">
        {(product) => (
          <Row className="g-4 g-lg-5">
            <Col lg={6}>
              <ToolPicture tool={product} />
              <div className="small text-secondary mt-4">{product.category.name}</div>
              <h1 className="h2">{product.name}</h1>
              <p className="text-secondary">{product.dis}</p>
              <ToolFacts tool={product} large />
              <PriceTierTable tiers={product.priceTiers} />
            </Col>
            <Col lg={6}>
              {user && (
                <SettledState read={config} what="the shop's order settings">
                  {(settings) => (
                    <>
                      {/* An earlier order being placed again fills the form once it has loaded. */}
                      {againId && previous.isPending ? (
                        <PageSpinner />
                      ) : (
                        <BuyForm
                          // A new form when the earlier order arrives, so its values become the defaults.
                          key={previous.data?._id ?? 'new'}
                          tool={product}
                          buyer={user}
                          minUnits={settings.orderMinUnits}
                          previous={previous.data?.toolId === product._id ? previous.data : undefined}
                          shipTo={
                            <>
                              <ShipToPicker idPrefix="buy" />
                              <ResaleCheck idPrefix="buy" />
                            </>
                          }
                        />
                      )}
                      <RequestQuoteForm
                        tool={product}
                        bounds={quantityBounds(product, settings.orderMinUnits)}
                      />
                      <div className="mt-3">
                        <SaveToList
                          what={product.name}
                          body={(quantity) => ({ toolId: product._id, quantity })}
                          quantity={quantityBounds(product, settings.orderMinUnits).lower}
                        />
                      </div>
                    </>
                  )}
                </SettledState>
              )}
            </Col>
          </Row>
        )}
      </QueryState>
    </Container>
  );
}
