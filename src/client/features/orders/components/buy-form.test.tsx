import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Tool } from '../../../../shared/api/catalog.schemas';
import { MemoryRouter } from 'react-router';
import type { ChargesPreview } from '../../../../shared/api/cart.schemas';
import type { Order } from '../../../../shared/api/orders.schemas';
import { quantityAgain } from '../../../../shared/domain/order-quantity';
import { BuyForm } from './buy-form';

/** A machine busy with the browser journeys renders slowly: wait up to 10 s, not vitest's 1 s. */
const WAIT = { timeout: 10_000 };

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
const user = { id: 'u1', name: 'Bea Buyer', email: 'bea@example.com' };
let fetchMock: ReturnType<typeof vi.fn<(url: string) => Promise<Response>>>;

const placed: Order = {
  _id: 'o1',
  orderNumber: 10042,
  toolId: saw._id,
  name: 'Bea Buyer',
  email: 'bea@example.com',
  placedBy: { name: 'Bea Buyer', email: 'bea@example.com' },
  address: '1 Dock Road',
  number: '5550100',
  company: 'Acme',
  poNumber: 'PO-77',
  quantity: 300,
  unitPrice: 56.5,
  amount: 16_950,
  itemName: 'Circular Saw',
  sku: 'FT-CSW-185',
  lines: [
    {
      line: 1,
      toolId: saw._id,
      sku: 'FT-CSW-185',
      partNumber: null,
      name: 'Circular Saw',
      quantity: 300,
      unit: 'EA',
      unitPrice: 56.5,
      amount: 16_950,
      priceSource: 'tier',
      priceList: null,
      backordered: 0,
      shippedQuantity: 0,
      cancelledQuantity: 0,
      returnedQuantity: 0,
      taxClass: 'standard',
      taxRate: 0,
      tax: 0,
    },
  ],
  shipTo: null,
  subtotal: 16_950,
  freight: 0,
  freightStatus: 'none',
  taxes: [],
  total: 16_950,
  tax: {
    treatment: 'taxed',
    zone: 'Pennsylvania, United States',
    registration: 'Pennsylvania sales tax license 12345678',
    certificateId: null,
    certificateKind: null,
    vatId: null,
    notForResale: false,
    atShopAddress: false,
    notice: null,
  },
  paymentMethod: 'card',
  dueDate: null,
  paid: false,
  status: 'unpaid',
  approval: null,
  testPayment: false,
  refundedAt: null,
  refunds: [],
  creditNotes: [],
  cancellationRequest: null,
  createdAt: '2026-11-22T10:00:00.000Z',
  holdExpiresAt: '2026-11-24T10:00:00.000Z',
  invoiceNumber: null,
  creditNoteNumber: null,
  quoteId: null,
  backordered: 0,
  shipDate: null,
  shipment: null,
  shipments: [],
};

const dock = {
  line1: '1 Dock Road',
  line2: null,
  city: 'Pittsburgh',
  region: 'PA',
  postalCode: '15201',
  country: 'US',
};

/** What the server answers for the preview of freight and tax (GET /api/purchase/preview). */
const preview: ChargesPreview = {
  deliverTo: 'Pennsylvania, United States',
  subtotal: 8475,
  freight: 60,
  freightStatus: 'priced',
  taxes: [{ rate: 6, amount: 508.5 }],
  total: 9043.5,
  tax: { ...placed.tax, treatment: 'taxed', zone: 'Pennsylvania, United States' },
  problem: null,
};

/** The structured delivery address, typed as a buyer does (the country is the United States already). */
async function fillAddress() {
  await userEvent.type(screen.getByLabelText('Street and number'), dock.line1);
  await userEvent.type(screen.getByLabelText('City'), dock.city);
  await userEvent.selectOptions(screen.getByLabelText('State'), 'PA');
  await userEvent.type(screen.getByLabelText('Postal code'), dock.postalCode);
}

/** The orders the form sent (POST /api/purchase), leaving out the previews of freight and tax. */
const orderCalls = () => fetchMock.mock.calls.filter(([url]) => url === '/api/purchase');

beforeEach(() => {
  fetchMock = vi.fn((url: string) =>
    Promise.resolve(
      url.startsWith('/api/purchase/preview')
        ? new Response(JSON.stringify(preview), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          })
        : new Response(JSON.stringify({ acknowledged: true, insertedId: 'o1', order: placed }), {
            status: 201,
            headers: { 'content-type': 'application/json' },
          }),
    ),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function renderForm(tool: Tool = saw, previous?: Order) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter>
      <QueryClientProvider client={queryClient}>
        <BuyForm tool={tool} buyer={user} minUnits={100} previous={previous} />
      </QueryClientProvider>
    </MemoryRouter>,
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
    await fillAddress();
    await userEvent.type(screen.getByLabelText('Phone number'), '5550100');
    await order(quantity);
    expect(await screen.findByText(message)).toBeTruthy();
    expect(orderCalls()).toHaveLength(0);
  });

  it.each([150, 700])('sends %i units with the product id and the session email', async (quantity) => {
    renderForm();
    await fillAddress();
    await userEvent.type(screen.getByLabelText('Phone number'), '5550100');
    await order(quantity);
    await vi.waitFor(() => expect(orderCalls()).toHaveLength(1), WAIT);
    const [url, init] = orderCalls()[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/purchase');
    expect(JSON.parse(init.body as string)).toEqual({
      toolId: saw._id,
      email: 'bea@example.com',
      name: 'Bea Buyer',
      address: '',
      shipTo: dock,
      number: '5550100',
      company: null,
      poNumber: null,
      quantity,
    });
  });

  it('sends the company and PO number, then shows the order number, total, hold end and Pay now', async () => {
    renderForm();
    await fillAddress();
    await userEvent.type(screen.getByLabelText('Phone number'), '5550100');
    await userEvent.type(screen.getByLabelText(/Company/), 'Acme');
    await userEvent.type(screen.getByLabelText(/PO number/), 'PO-77');
    await order(300);
    const panel = await screen.findByTestId('order-placed');
    const [, init] = orderCalls()[0] as unknown as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toMatchObject({
      company: 'Acme',
      poNumber: 'PO-77',
      quantity: 300,
    });
    expect(panel.querySelector('h2')?.textContent).toBe('Order 10042 placed');
    expect(screen.getByTestId('placed-total').textContent).toBe('$16,950.00');
    expect(panel.textContent).toContain('PO-77');
    expect(panel.textContent).toMatch(/Reserved until.*2026/);
    expect(screen.getByRole('link', { name: 'Pay now' }).getAttribute('href')).toBe('/dashboard/payment/o1');
    await userEvent.click(screen.getByRole('button', { name: 'Place another order' }));
    expect(screen.getByRole('button', { name: 'Buy Now' })).toBeTruthy();
  });

  it('shows the freight and tax the server finds once the state is chosen, before Buy Now', async () => {
    renderForm();
    expect(screen.getByText('Choose where it goes to see its freight and tax.')).toBeTruthy();
    await fillAddress();
    const charges = await screen.findByTestId('buy-charges');
    expect(charges.textContent).toContain('Delivered to Pennsylvania, United States');
    expect(charges.textContent).toContain('Freight$60.00');
    expect(charges.textContent).toContain('Tax at 6%$508.50');
    expect(screen.getByTestId('buy-charges-total').textContent).toBe('$9,043.50');
    const [url] = fetchMock.mock.calls.find(([called]) => called.startsWith('/api/purchase/preview')) ?? [];
    expect(url).toBe(`/api/purchase/preview?toolId=${saw._id}&quantity=150&country=US&region=PA`);
  });

  it('takes an international phone number as typed, and refuses one that is not a number', async () => {
    renderForm();
    await fillAddress();
    const phone = screen.getByLabelText('Phone number');
    expect(phone.getAttribute('type')).toBe('tel');
    await userEvent.type(phone, 'call me');
    await order(200);
    expect(await screen.findByText('Please enter a valid phone number')).toBeTruthy();
    expect(orderCalls()).toHaveLength(0);
    await userEvent.clear(phone);
    await userEvent.type(phone, '+1 (555) 123-4567');
    await userEvent.click(screen.getByRole('button', { name: 'Buy Now' }));
    await vi.waitFor(() => expect(orderCalls()).toHaveLength(1), WAIT);
    const [, init] = orderCalls()[0] as unknown as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toMatchObject({ number: '+1 (555) 123-4567' });
  });

  it('refuses a PO number over 40 characters', async () => {
    renderForm();
    await fillAddress();
    await userEvent.type(screen.getByLabelText('Phone number'), '5550100');
    const po = screen.getByLabelText<HTMLInputElement>(/PO number/);
    // maxLength stops typing at 40; a pasted or scripted value is still checked.
    po.removeAttribute('maxlength');
    await userEvent.type(po, 'P'.repeat(41));
    await order(200);
    expect(await screen.findByText('Please keep this under 40 characters')).toBeTruthy();
    expect(orderCalls()).toHaveLength(0);
  });

  it("orders again: the earlier address, phone and company, and its quantity within today's bounds", () => {
    renderForm({ ...saw, available: 250 }, { ...placed, quantity: 400, shipTo: dock });
    expect(screen.getByLabelText<HTMLInputElement>('Quantity').value).toBe('250');
    expect(screen.getByLabelText<HTMLInputElement>('Street and number').value).toBe('1 Dock Road');
    expect(screen.getByLabelText<HTMLSelectElement>('State').value).toBe('PA');
    expect(screen.getByLabelText<HTMLInputElement>(/Company/).value).toBe('Acme');
    expect(screen.getByLabelText<HTMLInputElement>(/PO number/).value).toBe('');
    expect(screen.getByTestId('order-again-note').textContent).toBe(
      'Last time you ordered 400 units; only 250 can be ordered now, so the quantity is 250.',
    );
  });

  it('checks against the stock of the latest render, not the first', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const form = (tool: Tool) => (
      <MemoryRouter>
        <QueryClientProvider client={queryClient}>
          <BuyForm tool={tool} buyer={user} minUnits={100} />
        </QueryClientProvider>
      </MemoryRouter>
    );
    const view = render(form(saw));
    view.rerender(form({ ...saw, available: 300 }));
    await fillAddress();
    await userEvent.type(screen.getByLabelText('Phone number'), '5550100');
    await order(400);
    expect(await screen.findByText('Sorry, you can not buy more than 300')).toBeTruthy();
    expect(orderCalls()).toHaveLength(0);
  });

  it('requires the address and phone', async () => {
    renderForm();
    await order(200);
    expect(await screen.findByText('Please enter the street and number')).toBeTruthy();
    expect(screen.getByText('Please choose a state')).toBeTruthy();
    expect(orderCalls()).toHaveLength(0);
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
      // 250 at $58.90 is $14,725.00; 300 at $56.50 is $16,950.00: more in all, and said so.
      screen.getByText(
        /Add 50 more units to pay \$56\.50 per unit: \$16,950\.00 in all, \$2,225\.00 more \(\$44\.50 a unit for the 50 added\)\./,
      ),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Add 50 units' }));
    expect(input.value).toBe('300');
    expect(screen.getByTestId('unit-price').textContent).toBe('$56.50');
    expect(screen.queryByText(/more units to pay/)).toBeNull();
  });
});

describe('quantityAgain', () => {
  const bounds = { lower: 150, upper: 700, multiple: 1 };
  it('keeps a quantity within the bounds, with no note', () => {
    expect(quantityAgain(500, bounds)).toEqual({ quantity: 500, note: null });
  });
  it('raises one below the smallest order and lowers one above the stock, saying why', () => {
    expect(quantityAgain(100, bounds)).toEqual({
      quantity: 150,
      note: 'Last time you ordered 100 units; the smallest order is now 150, so the quantity is 150.',
    });
    expect(quantityAgain(900, bounds).note).toBe(
      'Last time you ordered 900 units; only 700 can be ordered now, so the quantity is 700.',
    );
  });
});
