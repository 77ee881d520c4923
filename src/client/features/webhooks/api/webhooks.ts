import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  CreateWebhookBody,
  CreatedWebhook,
  Webhook,
  WebhookDelivery,
} from '../../../../shared/api/webhooks.schemas';
import { api } from '../../../lib/api-client';
import { useInvalidate } from '../../../lib/query-client';
import { queryRoots } from '../../../lib/query-keys';

/** Whose webhooks: the shop's admin's (every order), or a company admin's (the company's orders). */
export type WebhookSide = 'admin' | 'company';

const base = (side: WebhookSide) => `/${side}/webhooks`;

export function useWebhooks(side: WebhookSide) {
  return useQuery({
    queryKey: [...queryRoots.webhooks, side],
    queryFn: ({ signal }) => api<Webhook[]>(base(side), { signal }),
  });
}

/** A webhook's latest deliveries, read while its log is open (and every few seconds while some wait). */
export function useDeliveries(side: WebhookSide, webhookId: string) {
  return useQuery({
    queryKey: [...queryRoots.webhooks, side, webhookId, 'deliveries'],
    queryFn: ({ signal }) =>
      api<WebhookDelivery[]>(`${base(side)}/${encodeURIComponent(webhookId)}/deliveries`, { signal }),
    refetchInterval: (query) =>
      query.state.data?.some((delivery) => delivery.status === 'pending') ? 3000 : false,
  });
}

/** Registers a webhook: the answer holds its signing secret, shown this once. */
export function useCreateWebhook(side: WebhookSide) {
  const invalidate = useInvalidate(queryRoots.webhooks);
  return useMutation({
    mutationFn: (body: CreateWebhookBody) => api<CreatedWebhook>(base(side), { method: 'POST', body }),
    meta: { errorToast: false },
    onSuccess: invalidate,
  });
}

export function useDeleteWebhook(side: WebhookSide) {
  const invalidate = useInvalidate(queryRoots.webhooks);
  return useMutation({
    mutationFn: (webhookId: string) =>
      api(`${base(side)}/${encodeURIComponent(webhookId)}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

export function useSendAgain(side: WebhookSide, webhookId: string) {
  const invalidate = useInvalidate(queryRoots.webhooks);
  return useMutation({
    mutationFn: (deliveryId: string) =>
      api<WebhookDelivery>(
        `${base(side)}/${encodeURIComponent(webhookId)}/deliveries/${encodeURIComponent(deliveryId)}/resend`,
        { method: 'POST' },
      ),
    onSuccess: invalidate,
  });
}
