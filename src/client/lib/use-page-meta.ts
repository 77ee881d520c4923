import { useEffect } from 'react';
import { homeContent } from '../config/site-content';

/** The shop's own description, for pages that have none of their own (as index.html has it). */
export const SHOP_DESCRIPTION = `${homeContent.brand}: professional power and hand tools sold in bulk units, straight from the manufacturer.`;

/**
 * The page's own <title> ('Shop · Forgeline Tools'; the home page is the brand's) and meta description,
 * so each route reads as itself in a tab, in history and to a search engine.
 */
export function usePageMeta(title: string | null, description: string = SHOP_DESCRIPTION) {
  useEffect(() => {
    document.title = title
      ? `${title} · ${homeContent.brand}`
      : `${homeContent.brand}: bulk tools from the manufacturer`;
    document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [title, description]);
}
