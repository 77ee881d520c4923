import { queryRoots } from './query-keys';
import type { QueryClientSlot } from './query-client-slot';
import { session } from './session-store';

/**
 * Reads the catalog again whenever who is signed in changes: a company's members see their
 * contract prices, which the server-rendered page (rendered as for a visitor) could not show. The page's
 * loaders run again and TanStack Query's catalog reads are refetched; a session that stays the same
 * costs nothing. `renderedFor` is whose prices the page arrived with: nobody's for a server-rendered
 * page, unknown (undefined) for the app's shell, whose reads carry the session cookie from the start.
 */
export function repriceOnSessionChange(
  router: { revalidate: () => Promise<void> },
  slot: QueryClientSlot,
  renderedFor: string | null | undefined,
) {
  let pricedFor = renderedFor;
  return session.subscribe(() => {
    const { user, isPending } = session.current();
    if (isPending) return;
    const id = user?.id ?? null;
    if (pricedFor === undefined) pricedFor = id;
    if (id === pricedFor) return;
    pricedFor = id;
    void router.revalidate();
    void slot.current?.invalidateQueries({ queryKey: queryRoots.tools });
  });
}
