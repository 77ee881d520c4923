import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type {
  Company,
  CompanyAddressBody,
  CompanyRulesBody,
  CreateCompanyBody,
  InvitationPreview,
  Joined,
  UpdateCompanyBody,
} from '../../../../shared/api/companies.schemas';
import type { Order } from '../../../../shared/api/orders.schemas';
import type {
  ApiKey,
  CompanyApiKey,
  CreateApiKeyBody,
  CreatedApiKey,
  RemoveMemberResult,
} from '../../../../shared/api/api-keys.schemas';
import type { PartNumberList, PutPartNumbersBody } from '../../../../shared/api/part-numbers.schemas';
import type { CertificateBody, TaxCertificate } from '../../../../shared/api/tax.schemas';
import type { CompanyRole } from '../../../../shared/domain/company-roles';
import { ApiError, api } from '../../../lib/api-client';
import { useInvalidate } from '../../../lib/query-client';
import { queryRoots } from '../../../lib/query-keys';

/** The caller's company, or null when they belong to none (the API's 404). */
export const companyQuery = () =>
  queryOptions({
    queryKey: queryRoots.company,
    queryFn: async ({ signal }) => {
      try {
        return await api<Company>('/company', { signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });

export function useCompany() {
  return useQuery(companyQuery());
}

/** Company changes: the company is read again, and orders and quotes, which it shares. */
function useCompanyChange<T, R>(change: (input: T) => Promise<R>) {
  const invalidate = useInvalidate(queryRoots.company, queryRoots.orders, queryRoots.quotes);
  return useMutation({ mutationFn: change, onSuccess: invalidate });
}

export function useCreateCompany() {
  return useCompanyChange((body: CreateCompanyBody) => api('/companies', { method: 'POST', body }));
}

export function useInviteColleague() {
  return useCompanyChange((body: { email: string; roles: CompanyRole[] }) =>
    api('/company/invitations', { method: 'POST', body }),
  );
}

/** A colleague's roles, or their own monthly spending limit (dollars; null: none). */
export function useUpdateColleague() {
  return useCompanyChange(
    ({ userId, ...body }: { userId: string; roles?: CompanyRole[]; monthlyLimit?: number | null }) =>
      api(`/company/members/${encodeURIComponent(userId)}`, { method: 'PATCH', body }),
  );
}

/** The approval threshold, the company's monthly limit, and automatic approval of its only approver. */
export function useSetCompanyRules() {
  return useCompanyChange((body: CompanyRulesBody) => api('/company/rules', { method: 'PUT', body }));
}

/** The company's orders waiting for approval (its approvers'). */
export const approvalsQuery = () =>
  queryOptions({
    queryKey: [...queryRoots.company, 'approvals'],
    queryFn: ({ signal }) => api<Order[]>('/company/approvals', { signal }),
  });

export function useApprovals(enabled = true) {
  return useQuery({ ...approvalsQuery(), enabled });
}

/**
 * An approver approves an order at the total they were shown (refused when it changed since), or
 * rejects it with a reason for its buyer.
 */
export function useDecideOrder() {
  return useCompanyChange((decision: { orderId: string } & ({ total: number } | { reason: string })) =>
    'total' in decision
      ? api<Order>(`/purchase/${encodeURIComponent(decision.orderId)}/approve`, {
          method: 'POST',
          body: { total: decision.total },
        })
      : api<Order>(`/purchase/${encodeURIComponent(decision.orderId)}/reject`, {
          method: 'POST',
          body: { reason: decision.reason },
        }),
  );
}

export function useRevokeInvitation() {
  return useCompanyChange((invitationId: string) =>
    api(`/company/invitations/${encodeURIComponent(invitationId)}`, { method: 'DELETE' }),
  );
}

/** What an invitation link offers (the company, the roles, who sent it), read before accepting. */
export function useInvitation(token: string) {
  return useQuery({
    queryKey: ['invitation', token],
    queryFn: ({ signal }) => api<InvitationPreview>(`/invitations/${encodeURIComponent(token)}`, { signal }),
  });
}

export function useRemoveColleague() {
  return useCompanyChange((userId: string) =>
    api<RemoveMemberResult>(`/company/members/${encodeURIComponent(userId)}`, { method: 'DELETE' }),
  );
}

export function useSaveAddress() {
  return useCompanyChange(({ id, body }: { id?: string; body: CompanyAddressBody }) =>
    id
      ? api(`/company/addresses/${encodeURIComponent(id)}`, { method: 'PUT', body })
      : api('/company/addresses', { method: 'POST', body }),
  );
}

export function useRemoveAddress() {
  return useCompanyChange((id: string) =>
    api(`/company/addresses/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  );
}

/** The company's details (name, tax number, billing address) or its address rule, by its admins. */
export function useUpdateCompany() {
  return useCompanyChange((body: UpdateCompanyBody) => api('/company', { method: 'PATCH', body }));
}

/** Accepting a colleague's invitation: the account joins their company. */
export function useAcceptInvitation() {
  const invalidate = useInvalidate(queryRoots.company, queryRoots.orders, queryRoots.quotes);
  return useMutation({
    mutationFn: (token: string) =>
      api<Joined>(`/invitations/${encodeURIComponent(token)}/accept`, { method: 'POST' }),
    // The page shows the refusal in place (another address, an expired or used link).
    meta: { errorToast: false },
    onSuccess: invalidate,
  });
}

/** The company's tax exemption and resale certificates. */
export function useCertificates({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    enabled,
    // Not under the company's root: a company change would otherwise wait for this list too, and the
    // forms' own success callbacks (their component re-keyed by the new company) would be lost.
    queryKey: ['company-certificates'],
    queryFn: ({ signal }) => api<TaxCertificate[]>('/company/tax-certificates', { signal }),
  });
}

export function useUploadCertificate() {
  return useCompanyChange((body: CertificateBody) =>
    api('/company/tax-certificates', { method: 'POST', body }),
  );
}

/** The company's API keys (its admins). */
export function useApiKeys() {
  return useQuery({
    queryKey: queryRoots.apiKeys,
    queryFn: ({ signal }) => api<ApiKey[]>('/company/api-keys', { signal }),
  });
}

/** A new key: the answer holds the key itself, shown this once. */
export function useCreateApiKey() {
  const invalidate = useInvalidate(queryRoots.apiKeys);
  return useMutation({
    mutationFn: (body: CreateApiKeyBody) => api<CreatedApiKey>('/company/api-keys', { method: 'POST', body }),
    meta: { errorToast: false },
    onSuccess: invalidate,
  });
}

export function useRevokeApiKey() {
  const invalidate = useInvalidate(queryRoots.apiKeys);
  return useMutation({
    mutationFn: (keyId: string) =>
      api(`/company/api-keys/${encodeURIComponent(keyId)}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

/** Every company's API keys (the shop's admin). */
export function useAllApiKeys() {
  return useQuery({
    queryKey: [...queryRoots.apiKeys, 'all'],
    queryFn: ({ signal }) => api<CompanyApiKey[]>('/admin/api-keys', { signal }),
  });
}

/** The shop's admin revokes a company's key. */
export function useRevokeAnyApiKey() {
  const invalidate = useInvalidate(queryRoots.apiKeys);
  return useMutation({
    mutationFn: (keyId: string) => api(`/admin/api-keys/${encodeURIComponent(keyId)}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

/** The company's own part numbers for the shop's SKUs. */
export function usePartNumbers() {
  return useQuery({
    queryKey: queryRoots.partNumbers,
    queryFn: ({ signal }) => api<PartNumberList>('/company/part-numbers', { signal }),
  });
}

/** Replaces the company's part numbers with a file's (its cart and lists show the new ones). */
export function useSavePartNumbers() {
  const invalidate = useInvalidate(queryRoots.partNumbers, queryRoots.cart, queryRoots.lists);
  return useMutation({
    mutationFn: (body: PutPartNumbersBody) =>
      api<PartNumberList>('/company/part-numbers', { method: 'PUT', body }),
    meta: { errorToast: false },
    onSuccess: invalidate,
  });
}
