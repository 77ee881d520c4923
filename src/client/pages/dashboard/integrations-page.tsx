import { ShopApiKeys } from '../../features/companies/components/shop-api-keys';
import { Webhooks } from '../../features/webhooks/components/webhooks';

/**
 * /dashboard/integrations (DESIGN §11): the shop's own webhooks, which hear of every order, with each
 * delivery's tries; and every company's API keys.
 */
export function IntegrationsPage() {
  return (
    <>
      <h2 className="h4 mb-3">Webhooks &amp; API Keys</h2>
      <Webhooks side="admin" />
      <ShopApiKeys />
    </>
  );
}
