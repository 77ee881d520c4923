import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TaxFreightPage } from './tax-freight-page';

const WAIT = { timeout: 10_000 };

vi.mock('../../lib/notify', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

/** The admin API as the page meets it: no zones yet, and every new zone taken. */
function shopWithoutZones() {
  const sent = vi.fn(async (url: string, init?: RequestInit) => {
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (init?.method === 'POST') return json(201, { ...JSON.parse(init.body as string), _id: 'z1' });
    if (url.startsWith('/api/admin/tax-zones') || url.startsWith('/api/admin/shipping-zones'))
      return json(200, []);
    return json(404, { error: { code: 'NOT_FOUND', message: url } });
  });
  vi.stubGlobal('fetch', sent);
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('TaxFreightPage', () => {
  it('keeps a shipping zone half typed in when a tax zone is added', async () => {
    const sent = shopWithoutZones();
    render(
      <MemoryRouter>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <TaxFreightPage />
        </QueryClientProvider>
      </MemoryRouter>,
    );
    const shipping = await screen.findByRole('form', { name: 'New shipping zone' }, WAIT);
    await userEvent.selectOptions(within(shipping).getByLabelText('Country'), 'NO');
    await userEvent.clear(within(shipping).getByLabelText('Pallet from (kg)'));
    await userEvent.type(within(shipping).getByLabelText('Pallet from (kg)'), '250');

    const tax = screen.getByRole('form', { name: 'New tax zone' });
    await userEvent.type(within(tax).getByLabelText('Registration you collect under'), 'Permit 1');
    await userEvent.click(within(tax).getByRole('button', { name: 'Add the tax zone' }));
    await vi.waitFor(
      () => expect(sent.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true),
      WAIT,
    );
    // The tax form starts again; the shipping zone keeps what was typed (a shared key cleared it).
    await vi.waitFor(
      () =>
        expect(
          within(screen.getByRole('form', { name: 'New tax zone' })).getByLabelText<HTMLInputElement>(
            'Registration you collect under',
          ).value,
        ).toBe(''),
      WAIT,
    );
    const after = screen.getByRole('form', { name: 'New shipping zone' });
    expect(within(after).getByLabelText<HTMLSelectElement>('Country').value).toBe('NO');
    expect(within(after).getByLabelText<HTMLInputElement>('Pallet from (kg)').value).toBe('250');
  });

  it('sends the taxes a rate is made of, one a line, as name, rate and registration', async () => {
    const sent = shopWithoutZones();
    render(
      <MemoryRouter>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <TaxFreightPage />
        </QueryClientProvider>
      </MemoryRouter>,
    );
    const tax = await screen.findByRole('form', { name: 'New tax zone' }, WAIT);
    await userEvent.selectOptions(within(tax).getByLabelText('Country'), 'CA');
    await userEvent.type(within(tax).getByLabelText('State or province'), 'QC');
    await userEvent.type(within(tax).getByLabelText('standard %'), '14.975');
    await userEvent.type(within(tax).getByLabelText('reduced %'), '14.975');
    await userEvent.type(within(tax).getByLabelText('Registration you collect under'), '123456789 RT0001');
    await userEvent.type(
      within(tax).getByLabelText('Taxes the standard rate is made of (if more than one)'),
      'GST: 5, 123456789 RT0001{Enter}QST: 9.975, 1234567890 TQ0001',
    );
    await userEvent.click(within(tax).getByRole('button', { name: 'Add the tax zone' }));
    await vi.waitFor(
      () => expect(sent.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true),
      WAIT,
    );
    const [, init] = sent.mock.calls.find(([, call]) => call?.method === 'POST') ?? [];
    const body = JSON.parse(init?.body as string) as { components: unknown };
    expect(body.components).toEqual([
      { name: 'GST', rate: 5, registration: '123456789 RT0001' },
      { name: 'QST', rate: 9.975, registration: '1234567890 TQ0001' },
    ]);
  });
});
