import { createContext, useContext, useEffect } from 'react';
import { homeContent } from '../config/site-content';

/** The shop's own description, for pages that have none of their own (as index.html has it). */
export const SHOP_DESCRIPTION = `${homeContent.brand}: professional power and hand tools sold in bulk units, straight from the manufacturer.`;

export interface PageMeta {
  title: string;
  description: string;
}

/** The page's <title>: 'Shop · Forgeline Tools', or the brand's own for the home page. */
export const documentTitle = (title: string | null) =>
  title ? `${title} · ${homeContent.brand}` : `${homeContent.brand}: bulk tools from the manufacturer`;

/**
 * On the server, where effects never run, the rendered page reports its title and description here so
 * the HTML's head carries them (entry-server.tsx). The browser has no provider.
 */
export const PageMetaCollector = createContext<((meta: PageMeta) => void) | null>(null);

/**
 * The page's own <title> and meta description, so each route reads as itself in a tab, in history and
 * to a search engine.
 */
export function usePageMeta(title: string | null, description: string = SHOP_DESCRIPTION) {
  const collect = useContext(PageMetaCollector);
  collect?.({ title: documentTitle(title), description });
  useEffect(() => {
    document.title = documentTitle(title);
    document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [title, description]);
}
