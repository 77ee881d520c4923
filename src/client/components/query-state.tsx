import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { messages } from '../../shared/messages';

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
  if (query.isPending) {
    return (
      <div className="d-flex justify-content-center py-5">
        <div className="spinner-border text-warning" role="status">
          <span className="visually-hidden">Loading {what}…</span>
        </div>
      </div>
    );
  }
  if (query.isError) {
    return (
      <div
        role="alert"
        className="alert alert-danger d-flex flex-wrap align-items-center gap-3 justify-content-between"
      >
        <span>
          {messages.loadFailed(what)} {query.error.message}
        </span>
        <button
          type="button"
          className="btn btn-outline-danger"
          onClick={() => void query.refetch()}
          disabled={query.isFetching}
        >
          {query.isFetching ? 'Trying again…' : 'Try again'}
        </button>
      </div>
    );
  }
  return <>{children(query.data)}</>;
}
