import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  ShippingZone,
  ShippingZoneBody,
  TaxZone,
  TaxZoneBody,
} from '../../../../shared/api/tax.schemas';
import { api } from '../../../lib/api-client';
import { useInvalidate } from '../../../lib/query-client';
import { queryRoots } from '../../../lib/query-keys';

/** Tax and shipping zones (shop admins): read, saved (new or replaced) and deleted. */
const zonesKey = [...queryRoots.priceLists, 'zones'] as const;

export function useTaxZones() {
  return useQuery({
    queryKey: [...zonesKey, 'tax'],
    queryFn: ({ signal }) => api<TaxZone[]>('/admin/tax-zones', { signal }),
  });
}

export function useShippingZones() {
  return useQuery({
    queryKey: [...zonesKey, 'shipping'],
    queryFn: ({ signal }) => api<ShippingZone[]>('/admin/shipping-zones', { signal }),
  });
}

function useZoneChange<T>(change: (input: T) => Promise<unknown>) {
  const invalidate = useInvalidate(queryRoots.priceLists);
  return useMutation({ mutationFn: change, onSuccess: invalidate });
}

export function useSaveTaxZone() {
  return useZoneChange(({ id, body }: { id?: string; body: TaxZoneBody }) =>
    id
      ? api(`/admin/tax-zones/${encodeURIComponent(id)}`, { method: 'PUT', body })
      : api('/admin/tax-zones', { method: 'POST', body }),
  );
}

export function useDeleteTaxZone() {
  return useZoneChange((id: string) =>
    api(`/admin/tax-zones/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  );
}

export function useSaveShippingZone() {
  return useZoneChange(({ id, body }: { id?: string; body: ShippingZoneBody }) =>
    id
      ? api(`/admin/shipping-zones/${encodeURIComponent(id)}`, { method: 'PUT', body })
      : api('/admin/shipping-zones', { method: 'POST', body }),
  );
}

export function useDeleteShippingZone() {
  return useZoneChange((id: string) =>
    api(`/admin/shipping-zones/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  );
}
