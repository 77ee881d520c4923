import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { AdminCompany, CompanyTermsBody } from '../../../../shared/api/companies.schemas';
import type { CompanyStatement, RecordPaymentBody } from '../../../../shared/api/credit.schemas';
import type { TaxCertificate } from '../../../../shared/api/tax.schemas';
import { api } from '../../../lib/api-client';
import { useInvalidate } from '../../../lib/query-client';
import { queryRoots } from '../../../lib/query-keys';

/** The caller's company's statement of account. */
export const statementQuery = () =>
  queryOptions({
    queryKey: [...queryRoots.credit, 'statement'],
    queryFn: ({ signal }) => api<CompanyStatement>('/company/statement', { signal }),
    staleTime: 0,
  });

export function useStatement({ enabled = true } = {}) {
  return useQuery({ ...statementQuery(), enabled });
}

/** The statement as a PDF (an API address: the browser opens it). */
export const statementPdfUrl = '/api/company/statement.pdf';

/** Every company with its terms, balance and aging (shop admins). */
export function useAdminCompanies() {
  return useQuery({
    queryKey: [...queryRoots.credit, 'companies'],
    queryFn: ({ signal }) => api<AdminCompany[]>('/admin/companies', { signal }),
    staleTime: 0,
  });
}

export function useAdminStatement(companyId: string | null) {
  return useQuery({
    queryKey: [...queryRoots.credit, 'statement', companyId],
    queryFn: ({ signal }) =>
      api<CompanyStatement>(`/admin/companies/${companyId ?? ''}/statement`, { signal }),
    enabled: companyId !== null,
    staleTime: 0,
  });
}

const useCreditChange = <T, R>(change: (input: T) => Promise<R>) => {
  const invalidate = useInvalidate(queryRoots.credit);
  return useMutation({ mutationFn: change, onSuccess: invalidate });
};

export function useSetTerms(companyId: string) {
  return useCreditChange((body: CompanyTermsBody) =>
    api(`/admin/companies/${companyId}/terms`, { method: 'PUT', body }),
  );
}

/**
 * A shop admin records that the company's EU VAT ID, as the page showed it, is registered (checked in
 * VIES), or withdraws it.
 */
export function useVerifyVat(companyId: string) {
  return useCreditChange((body: { verified: boolean; vatId: string }) =>
    api(`/admin/companies/${companyId}/vat-verification`, { method: 'PUT', body }),
  );
}

export function useRecordPayment(companyId: string) {
  return useCreditChange((body: RecordPaymentBody) =>
    api<CompanyStatement>(`/admin/companies/${companyId}/payments`, { method: 'POST', body }),
  );
}

/** Tax certificates waiting for a shop admin's decision. */
export function useCertificatesToDecide() {
  return useQuery({
    queryKey: [...queryRoots.credit, 'certificates'],
    queryFn: ({ signal }) => api<TaxCertificate[]>('/admin/tax-certificates?status=pending', { signal }),
  });
}

export function useDecideCertificate() {
  const invalidate = useInvalidate(queryRoots.credit);
  return useMutation({
    mutationFn: ({ id, approve, reason }: { id: string; approve: boolean; reason?: string }) =>
      api<TaxCertificate>(`/admin/tax-certificates/${encodeURIComponent(id)}/decision`, {
        method: 'POST',
        body: { approve, ...(reason ? { reason } : {}) },
      }),
    onSuccess: invalidate,
  });
}
