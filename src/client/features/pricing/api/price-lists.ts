import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  CompanyPriceListsBody,
  PriceList,
  PriceListBody,
  PriceListImportReport,
  PriceListSummaries,
} from '../../../../shared/api/price-lists.schemas';
import type { Inserted } from '../../../../shared/api/companies.schemas';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { useInvalidate } from '../../../lib/query-client';
import { queryRoots } from '../../../lib/query-keys';

/** Price lists (shop admins): contract prices and the companies holding them. */
export function usePriceLists() {
  return useQuery({
    queryKey: [...queryRoots.priceLists, 'all'],
    queryFn: ({ signal }) => api<z.infer<typeof PriceListSummaries>>('/admin/price-lists', { signal }),
    staleTime: 0,
  });
}

export function usePriceList(listId: string | null) {
  return useQuery({
    queryKey: [...queryRoots.priceLists, listId],
    queryFn: ({ signal }) => api<PriceList>(`/admin/price-lists/${listId ?? ''}`, { signal }),
    enabled: listId !== null,
    staleTime: 0,
  });
}

/** The list's entries as CSV (an API address: the browser downloads it). */
export const priceListCsvUrl = (listId: string) => `/api/admin/price-lists/${listId}/entries.csv`;

// A list change shows in every buyer's prices: the catalog is read again too.
const usePricesChange = <T, R>(change: (input: T) => Promise<R>) => {
  const invalidate = useInvalidate(queryRoots.priceLists, queryRoots.credit, queryRoots.tools);
  return useMutation({ mutationFn: change, onSuccess: invalidate });
};

export function useCreatePriceList() {
  return usePricesChange((body: PriceListBody) =>
    api<Inserted>('/admin/price-lists', { method: 'POST', body }),
  );
}

export function useSavePriceList(listId: string) {
  return usePricesChange((body: PriceListBody) =>
    api(`/admin/price-lists/${listId}`, { method: 'PUT', body }),
  );
}

export function useDeletePriceList() {
  return usePricesChange((listId: string) => api(`/admin/price-lists/${listId}`, { method: 'DELETE' }));
}

/** Checks a CSV (commit false) or saves it as the list's entries. */
export function useImportPriceList(listId: string) {
  return usePricesChange(({ file, commit }: { file: Blob; commit: boolean }) =>
    api<PriceListImportReport>(`/admin/price-lists/${listId}/import?commit=${commit}`, {
      method: 'POST',
      raw: { data: file, type: 'text/csv' },
    }),
  );
}

export function useSetCompanyPriceLists(companyId: string) {
  return usePricesChange((body: z.input<typeof CompanyPriceListsBody>) =>
    api(`/admin/companies/${companyId}/price-lists`, { method: 'PUT', body }),
  );
}
