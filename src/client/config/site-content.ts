import homeJson from '../../../content/home.json';
import portfolioJson from '../../../content/portfolio.json';

/**
 * Texts a shop owner edits in content/*.json (then `npm run build`). The types make a typo in a file
 * fail the typecheck instead of breaking a page.
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

export interface PortfolioContent {
  name: string;
  role: string;
  photo: string;
  bio: string;
  projects: { title: string; description: string; url: string }[];
}

export const homeContent: HomeContent = homeJson;
export const portfolioContent: PortfolioContent = portfolioJson;
