import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLoaderData } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Tool } from '../../../../shared/api/catalog.schemas';
import type { PublicConfig } from '../../../../shared/api/config.schemas';
import { PublicConfigContext } from '../../../lib/public-config';
import { settle } from '../../../lib/settled';
import { readTools } from '../api/get-tools';
import { ProductsSection } from './products-section';

const drill: Tool = {
  _id: '5f0c4a3e-8a1b-4c2d-9e3f-0a1b2c3d4e5f',
  sku: 'FT-DRL-20V',
  name: 'Cordless Drill',
  img: '/images/tools/cordless-drill.svg',
  dis: 'A drill',
  category: { slug: 'power-tools', name: 'Power Tools' },
  min_order: 150,
  available: 2400,
  price: 64.5,
  priceTiers: [
    { minQuantity: 150, price: 64.5 },
    { minQuantity: 500, price: 58.5 },
  ],
  featured: false,
  taxClass: 'standard',
  weightKg: 1.2,
  unitsPerCarton: 10,
  specs: {},
  unit: 'EA',
  orderMultiple: 1,
  leadTimeDays: 0,
  family: null,
  options: {},
  documents: [],
};

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const config: PublicConfig = {
  payment: { provider: 'test', publishableKey: null },
  googleSignIn: false,
  orderMinUnits: 100,
};

/** The product list from `tools` in turn; the shop's config (its order floor) always. */
function serve(...tools: Response[]) {
  const mock = vi.fn(async (url: string) =>
    url === '/api/config' ? json(200, config) : (tools.shift() ?? json(500, {})),
  );
  vi.stubGlobal('fetch', mock);
  return { toolCalls: () => mock.mock.calls.filter(([url]) => url === '/api/tool').length };
}

/** The section as the home page shows it: its products read by the route's loader. */
async function toolsLoader({ request }: { request: Request }) {
  return { tools: await settle(readTools(request.signal)) };
}

function Section() {
  const { tools } = useLoaderData<typeof toolsLoader>();
  return <ProductsSection tools={tools} />;
}

function renderSection() {
  const router = createMemoryRouter(
    [
      { path: '/', loader: toolsLoader, Component: Section },
      { path: '/buyNow/:toolId', element: <p>buy page</p> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <PublicConfigContext.Provider value={{ data: config }}>
      <RouterProvider router={router} />
    </PublicConfigContext.Provider>,
  );
  return router;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ProductsSection', () => {
  it('shows each product with SKU, price per unit, volume price, minimum order and stock, and Buy Now opens its buy page', async () => {
    serve(json(200, [drill]));
    const router = renderSection();

    const card = await screen.findByRole('article', { name: 'Cordless Drill' });
    expect(within(card).getByText('FT-DRL-20V')).toBeTruthy();
    expect(within(card).getByText('$64.50')).toBeTruthy();
    expect(within(card).getByText('$58.50')).toBeTruthy();
    expect(card.textContent).toContain('from $58.50 at 500+ units');
    expect(within(card).getByText('150 units')).toBeTruthy();
    expect(within(card).getByText('In stock')).toBeTruthy();

    await userEvent.click(within(card).getByRole('button', { name: 'Buy Now' }));
    expect(router.state.location.pathname).toBe(`/buyNow/${drill._id}`);
  });

  it('shows the failure with a retry button instead of an endless spinner, and retries', async () => {
    const calls = serve(
      json(500, { error: { code: 'INTERNAL', message: 'Database is down.' } }),
      json(200, [drill]),
    );
    renderSection();

    expect(await screen.findByText(/We could not load our products\. Database is down\./)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('article', { name: 'Cordless Drill' })).toBeTruthy();
    expect(calls.toolCalls()).toBe(2);
  });

  it.each([
    [299, 'Low stock'],
    [149, 'Below minimum order: 149 left'],
  ])('labels %i units of a 150-unit minimum as "%s"', async (available, label) => {
    serve(json(200, [{ ...drill, available }]));
    renderSection();
    const card = await screen.findByRole('article', { name: 'Cordless Drill' });
    expect(within(card).getByText(label)).toBeTruthy();
    expect(within(card).getByRole<HTMLButtonElement>('button', { name: 'Buy Now' }).disabled).toBe(
      available < 150,
    );
  });

  it('leads to the whole catalog', async () => {
    serve(json(200, [drill]));
    renderSection();
    expect((await screen.findByRole('link', { name: 'View all products' })).getAttribute('href')).toBe(
      '/shop',
    );
  });
});
