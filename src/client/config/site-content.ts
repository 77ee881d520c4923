import homeJson from '../../../content/home.json';

/**
 * The home page's texts, which a shop owner edits in content/home.json (then `npm run build`); the
 * portfolio's are in portfolio-content.ts. The types make a typo in a file fail the typecheck instead
 * of breaking a page.
 */
export interface HomeContent {
  brand: string;
  carousel: { headline: string; blurb: string; image: string; imageAlt: string }[];
  capabilities: {
    title: string;
    tagline: string;
    points: string[];
    executive: { name: string; title: string; quote: string };
    knowMore: { label: string; href: string };
  };
  counters: { delaySeconds: number; items: { end: number; suffix: string; label: string }[] };
  promos: { image: string; alt: string }[];
  social: { name: string; url: string }[];
}

export const homeContent: HomeContent = homeJson;
