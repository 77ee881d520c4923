import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Tool } from '../../../../shared/api/catalog.schemas';
import { ProductsSection } from './products-section';

const drill: Tool = {
  _id: '5f0c4a3e-8a1b-4c2d-9e3f-0a1b2c3d4e5f',
  name: 'Cordless Drill',
  img: '/images/tools/cordless-drill.svg',
  dis: 'A drill',
  min_order: 150,
  available: 2400,
  price: 64.5,
};

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function renderSection() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/', element: <ProductsSection /> },
      { path: '/buyNow/:toolId', element: <p>buy page</p> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ProductsSection', () => {
  it('shows each product with price per unit, minimum order and stock, and Buy Now opens its buy page', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json(200, [drill])));
    const router = renderSection();

    const card = await screen.findByRole('article', { name: 'Cordless Drill' });
    expect(within(card).getByText('$64.50')).toBeTruthy();
    expect(within(card).getByText('150 units')).toBeTruthy();
    expect(within(card).getByText('2,400 units')).toBeTruthy();

    await userEvent.click(within(card).getByRole('button', { name: 'Buy Now' }));
    expect(router.state.location.pathname).toBe(`/buyNow/${drill._id}`);
  });

  it('shows the failure with a retry button instead of an endless spinner, and retries', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(json(500, { error: { code: 'INTERNAL', message: 'Database is down.' } }))
      .mockResolvedValueOnce(json(200, [drill]));
    vi.stubGlobal('fetch', fetchMock);
    renderSection();

    expect(await screen.findByText(/We could not load our products\. Database is down\./)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('article', { name: 'Cordless Drill' })).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
