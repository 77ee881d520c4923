import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Company } from '../../../../shared/api/companies.schemas';
import type { DeliveryDetails } from '../../../../shared/api/orders.schemas';
import { ShipToPicker } from './ship-to-picker';

/** A machine busy with the browser journeys renders slowly: wait up to 10 s, not vitest's 1 s. */
const WAIT = { timeout: 10_000 };

const book: Company['addresses'] = [
  {
    _id: 'a-leeds',
    label: 'Leeds depot',
    name: 'Goods In',
    address: '7 Foundry Lane\nLeeds',
    shipTo: {
      line1: '7 Foundry Lane',
      line2: null,
      city: 'Leeds',
      region: null,
      postalCode: 'LS1 4AP',
      country: 'GB',
    },
    number: '1',
    isDefault: true,
    complete: true,
  },
  {
    _id: 'a-hull',
    label: 'Hull yard',
    name: 'Yard',
    address: '2 Dock Road\nHull',
    shipTo: {
      line1: '2 Dock Road',
      line2: null,
      city: 'Hull',
      region: null,
      postalCode: 'HU1 1AA',
      country: 'GB',
    },
    number: '2',
    isDefault: false,
    complete: true,
  },
];

function companyWith(freeAddresses: boolean): Company {
  return {
    _id: 'c1',
    name: 'Acme',
    taxId: null,
    vatVerifiedAt: null,
    billingAddress: '',
    billingTo: null,
    billingEmail: null,
    invoiceDelivery: 'pdf',
    peppolId: null,
    status: 'active',
    freeAddresses,
    addresses: book,
    rules: { approvalAbove: null, monthlyLimit: null, autoApprove: false, spentThisMonth: 0 },
    roles: ['buyer'],
    members: [],
    invitations: [],
    createdAt: '2026-11-01T00:00:00.000Z',
  };
}

function Delivery({
  address,
  company = '',
  children,
}: {
  address: string;
  company?: string;
  children: ReactNode;
}) {
  const form = useForm<DeliveryDetails>({
    defaultValues: { name: '', address, number: '', company, poNumber: '' },
  });
  return (
    <FormProvider {...form}>
      {children}
      <label>
        Address
        <textarea {...form.register('address')} />
      </label>
      <label>
        Company
        <input {...form.register('company')} />
      </label>
    </FormProvider>
  );
}

function renderPicker(address: string, freeAddresses = true, company = '') {
  vi.stubGlobal(
    'fetch',
    vi.fn().mockResolvedValue(
      new Response(JSON.stringify(companyWith(freeAddresses)), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    ),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <Delivery address={address} company={company}>
        <ShipToPicker idPrefix="t" />
      </Delivery>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const shipTo = async () => (await screen.findByLabelText<HTMLSelectElement>('Ship to')).value;
const addressField = () => screen.getByLabelText<HTMLTextAreaElement>('Address');

describe('ShipToPicker', () => {
  it('chooses the default address for an empty form', async () => {
    renderPicker('');
    await vi.waitFor(async () => expect(await shipTo()).toBe('a-leeds'), WAIT);
    expect(addressField().value).toBe('7 Foundry Lane\nLeeds');
  });

  it('keeps the address of an earlier order placed again: its entry in the book', async () => {
    renderPicker('2 Dock Road\nHull');
    await vi.waitFor(async () => expect(await shipTo()).toBe('a-hull'), WAIT);
    expect(addressField().value).toBe('2 Dock Road\nHull');
  });

  it('keeps an address outside the book as another address, when the company allows one', async () => {
    renderPicker('1 Elsewhere Street');
    expect(await shipTo()).toBe('');
    expect(addressField().value).toBe('1 Elsewhere Street');
  });

  it('takes the default instead when the company ships only to its book', async () => {
    renderPicker('1 Elsewhere Street', false);
    await vi.waitFor(async () => expect(await shipTo()).toBe('a-leeds'), WAIT);
    expect(addressField().value).toBe('7 Foundry Lane\nLeeds');
  });

  it('names the colleague’s company in an empty Company field, and keeps one typed already', async () => {
    renderPicker('');
    const field = () => screen.getByLabelText<HTMLInputElement>('Company');
    await vi.waitFor(() => expect(field().value).toBe(companyWith(true).name), WAIT);
    cleanup();
    renderPicker('', true, 'Acme Site Office');
    await vi.waitFor(async () => expect(await shipTo()).toBe('a-leeds'), WAIT);
    expect(field().value).toBe('Acme Site Office');
  });
});
