import type { LoaderFunctionArgs } from 'react-router';

/**
 * A route loader that starts its page's reads into the query cache. The server renderer waits for them,
 * so the HTML carries the page with its data (entry-server.tsx); the browser does not, so a page opened
 * by a link shows at once, with its own loading state, while the data and the page's chunk load together.
 */
export function prefetching(start: (args: LoaderFunctionArgs) => Promise<unknown>[]) {
  return async (args: LoaderFunctionArgs) => {
    // A failed read is the page's to show (QueryState), not the loader's.
    const reads = Promise.allSettled(start(args));
    if (import.meta.env.SSR) await reads;
    return null;
  };
}
