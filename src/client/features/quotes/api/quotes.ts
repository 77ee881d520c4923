import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { ChargesPreview } from '../../../../shared/api/cart.schemas';
import type { PlaceOrderResult } from '../../../../shared/api/orders.schemas';
import { placeQuery } from '../../../../shared/domain/addresses';
import type {
  AcceptQuoteBody,
  AnswerQuoteBody,
  Quote,
  QuoteRequested,
  RequestQuoteBody,
} from '../../../../shared/api/quotes.schemas';
import type { QuoteStatus } from '../../../../shared/domain/quote-status';
import { api } from '../../../lib/api-client';
import { useInvalidate } from '../../../lib/query-client';
import { queryRoots } from '../../../lib/query-keys';

/** The caller's quotes (every quote for an admin), optionally of one state. */
export const quotesQuery = (status: QuoteStatus | 'all' = 'all') =>
  queryOptions({
    queryKey: [...queryRoots.quotes, status],
    queryFn: ({ signal }) =>
      api<Quote[]>(status === 'all' ? '/quotes' : `/quotes?status=${status}`, { signal }),
  });

export function useQuotes(status: QuoteStatus | 'all' = 'all') {
  return useQuery(quotesQuery(status));
}

export function useRequestQuote() {
  const invalidate = useInvalidate(queryRoots.quotes);
  return useMutation({
    mutationFn: (body: RequestQuoteBody) =>
      api<QuoteRequested>('/quotes', { method: 'POST', body }).then((result) => result.quote),
    onSuccess: invalidate,
  });
}

export function useAnswerQuote() {
  const invalidate = useInvalidate(queryRoots.quotes);
  return useMutation({
    mutationFn: ({ quoteId, answer }: { quoteId: string; answer: AnswerQuoteBody }) =>
      api<Quote>(`/admin/quotes/${encodeURIComponent(quoteId)}`, { method: 'PATCH', body: answer }),
    onSuccess: invalidate,
  });
}

/** What accepting a quote would cost delivered to a place: freight and tax beside the quoted prices. */
export function useQuoteCharges(
  quoteId: string | undefined,
  place: { country: string; region: string | null } | null,
  notForResale = false,
) {
  return useQuery({
    queryKey: [...queryRoots.quotes, quoteId, 'charges', place?.country, place?.region, notForResale],
    queryFn: ({ signal }) =>
      api<ChargesPreview>(
        `/quotes/${encodeURIComponent(quoteId ?? '')}/charges?${place ? placeQuery(place, notForResale) : ''}`,
        { signal },
      ),
    enabled: Boolean(quoteId && place),
    placeholderData: (previous) => previous,
  });
}

/** Accepting makes an order and reserves stock: quotes, orders and the catalog are read again. */
export function useAcceptQuote() {
  const invalidate = useInvalidate(queryRoots.quotes, queryRoots.orders, queryRoots.tools);
  return useMutation({
    mutationFn: ({ quoteId, details }: { quoteId: string; details: AcceptQuoteBody }) =>
      api<PlaceOrderResult>(`/quotes/${encodeURIComponent(quoteId)}/accept`, {
        method: 'POST',
        body: details,
      }),
    // The dialog shows the refusal beside the fields it is about.
    meta: { errorToast: false },
    onSettled: invalidate,
  });
}
