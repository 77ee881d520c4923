import { useSearchParams } from 'react-router';

/**
 * A list page's filter kept in its URL (so a link, such as the overview's, can open it filtered, and
 * Back undoes a change): the current parameters, and a setter where an empty value removes one.
 */
export function useUrlFilter() {
  const [params, setParams] = useSearchParams();
  function setFilter(changes: Record<string, string | undefined>) {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { replace: true });
  }
  return [params, setFilter] as const;
}
