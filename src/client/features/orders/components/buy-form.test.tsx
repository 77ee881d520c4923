import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Tool } from '../../../../shared/api/catalog.schemas';
import { BuyForm } from './buy-form';

const saw: Tool = {
  _id: '5f0c4a3e-8a1b-4c2d-9e3f-0a1b2c3d4e5f',
  sku: 'FT-CSW-185',
  name: 'Circular Saw',
  img: '/images/tools/circular-saw.svg',
  dis: 'A saw',
  category: { slug: 'power-tools', name: 'Power Tools' },
  min_order: 150,
  available: 700,
  price: 58.9,
  priceTiers: [
    { minQuantity: 150, price: 58.9 },
    { minQuantity: 300, price: 56.5 },
    { minQuantity: 600, price: 53.9 },
  ],
  featured: false,
};
const user = { id: 'u1', name: 'Bea Buyer', email: 'bea@example.com' };
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn().mockResolvedValue(
    new Response(JSON.stringify({ acknowledged: true, insertedId: 'o1' }), {
      status: 201,
      headers: { 'content-type': 'application/json' },
    }),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function renderForm(tool: Tool = saw) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <BuyForm tool={tool} buyer={user} minUnits={100} />
    </QueryClientProvider>,
  );
}

async function order(quantity: number) {
  const quantityInput = screen.getByLabelText('Quantity');
  await userEvent.clear(quantityInput);
  await userEvent.type(quantityInput, String(quantity));
  await userEvent.click(screen.getByRole('button', { name: 'Buy Now' }));
}

describe('BuyForm', () => {
  it('starts at the lower bound with the name filled in and the email read-only', () => {
    renderForm();
    expect(screen.getByLabelText<HTMLInputElement>('Quantity').value).toBe('150');
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Bea Buyer');
    expect(screen.getByLabelText<HTMLInputElement>('Email').readOnly).toBe(true);
  });

  it.each([
    [149, 'sorry you cannot order less than 150'],
    [701, 'Sorry, you can not buy more than 700'],
  ])('refuses %i with "%s" and sends nothing', async (quantity, message) => {
    renderForm();
    await userEvent.type(screen.getByLabelText('Address'), '1 Dock Road');
    await userEvent.type(screen.getByLabelText('Phone number'), '5550100');
    await order(quantity);
    expect(await screen.findByText(message)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([150, 700])('sends %i units with the product id and the session email', async (quantity) => {
    renderForm();
    await userEvent.type(screen.getByLabelText('Address'), '1 Dock Road');
    await userEvent.type(screen.getByLabelText('Phone number'), '5550100');
    await order(quantity);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/purchase');
    expect(JSON.parse(init.body as string)).toEqual({
      toolId: saw._id,
      email: 'bea@example.com',
      name: 'Bea Buyer',
      address: '1 Dock Road',
      number: '5550100',
      quantity,
    });
  });

  it('checks against the stock of the latest render, not the first', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const form = (tool: Tool) => (
      <QueryClientProvider client={queryClient}>
        <BuyForm tool={tool} buyer={user} minUnits={100} />
      </QueryClientProvider>
    );
    const view = render(form(saw));
    view.rerender(form({ ...saw, available: 300 }));
    await userEvent.type(screen.getByLabelText('Address'), '1 Dock Road');
    await userEvent.type(screen.getByLabelText('Phone number'), '5550100');
    await order(400);
    expect(await screen.findByText('Sorry, you can not buy more than 300')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('requires the address and phone', async () => {
    renderForm();
    await order(200);
    expect(await screen.findByText('Please enter your address')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says a product with too little stock cannot be ordered, with Buy Now disabled', () => {
    renderForm({ ...saw, available: 120 });
    expect(screen.getByRole('heading', { name: 'Below minimum order: 120 left' })).toBeTruthy();
    expect(screen.getByText(/Not available for bulk orders right now/)).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Buy Now' }).disabled).toBe(true);
  });

  it('names the largest quantity that can be ordered', () => {
    renderForm();
    expect(screen.getByText('At least 150 units; at most 700 can be ordered now.')).toBeTruthy();
  });

  it.each([
    [150, '$58.90', '$8,835.00'],
    [299, '$58.90', '$17,611.10'],
    [300, '$56.50', '$16,950.00'],
    [600, '$53.90', '$32,340.00'],
    [700, '$53.90', '$37,730.00'],
  ])('prices %i units at the tier: %s each, %s in all', async (quantity, unit, total) => {
    renderForm();
    const input = screen.getByLabelText('Quantity');
    await userEvent.clear(input);
    await userEvent.type(input, String(quantity));
    expect(screen.getByTestId('unit-price').textContent).toBe(unit);
    expect(screen.getByTestId('order-total').textContent).toBe(total);
  });

  it('nudges towards a near break and adds the units on request', async () => {
    renderForm();
    const input = screen.getByLabelText<HTMLInputElement>('Quantity');
    await userEvent.clear(input);
    await userEvent.type(input, '250');
    expect(
      screen.getByText(/Add 50 more units to pay \$56\.50 per unit \(save \$720\.00 on this order\)/),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Add 50 units' }));
    expect(input.value).toBe('300');
    expect(screen.getByTestId('unit-price').textContent).toBe('$56.50');
    expect(screen.queryByText(/more units to pay/)).toBeNull();
  });
});
