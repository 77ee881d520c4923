import type { ReactNode } from 'react';
import { useRevalidator } from 'react-router';
import { messages } from '../../shared/messages';
import type { Settled } from '../lib/settled';
import { RetryAlert } from './feedback';

interface SettledStateProps<T> {
  /** A read the route's loader made. */
  read: Settled<T>;
  /** What was read, for the error sentence: "We could not load {what}." */
  what: string;
  children: (data: T) => ReactNode;
}

/**
 * A loader's read on a public page: the data, or its failure with a Try again button that runs the
 * page's loaders again (QueryState's counterpart for pages that read through their route).
 */
export function SettledState<T>({ read, what, children }: SettledStateProps<T>) {
  const revalidator = useRevalidator();
  if ('error' in read) {
    const busy = revalidator.state === 'loading';
    return (
      <RetryAlert
        action={busy ? 'Trying again…' : 'Try again'}
        onAction={() => void revalidator.revalidate()}
        busy={busy}
      >
        {messages.loadFailed(what)} {read.error}
      </RetryAlert>
    );
  }
  return <>{children(read.data)}</>;
}
