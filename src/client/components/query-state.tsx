import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { messages } from '../../shared/messages';
import { RetryAlert, Spinner } from './feedback';

interface QueryStateProps<T> {
  query: UseQueryResult<T>;
  /** What is loading, for the error sentence: "We could not load {what}." */
  what: string;
  children: (data: T) => ReactNode;
}

/**
 * A spinner until data arrives, then the data; a failure shows its reason and a Try again button
 * instead of an endless spinner (DESIGN §5.6).
 */
export function QueryState<T>({ query, what, children }: QueryStateProps<T>) {
  if (query.isPending) return <Spinner label={`Loading ${what}…`} />;
  if (query.isError) {
    return (
      <RetryAlert
        action={query.isFetching ? 'Trying again…' : 'Try again'}
        onAction={() => void query.refetch()}
        busy={query.isFetching}
      >
        {messages.loadFailed(what)} {query.error.message}
      </RetryAlert>
    );
  }
  return <>{children(query.data)}</>;
}
