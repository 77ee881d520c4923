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
});
