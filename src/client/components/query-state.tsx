import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
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
        <Spinner animation="border" role="status" variant="warning">
          <span className="visually-hidden">Loading {what}…</span>
        </Spinner>
      </div>
    );
  }
  if (query.isError) {
    return (
      <Alert variant="danger" className="d-flex flex-wrap align-items-center gap-3 justify-content-between">
        <span>
          {messages.loadFailed(what)} {query.error.message}
        </span>
        <Button variant="outline-danger" onClick={() => void query.refetch()} disabled={query.isFetching}>
          {query.isFetching ? 'Trying again…' : 'Try again'}
        </Button>
      </Alert>
    );
  }
  return <>{children(query.data)}</>;
}
