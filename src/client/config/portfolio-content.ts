import portfolioJson from '../../../content/portfolio.json';

/** The portfolio page's text, from content/portfolio.json; apart from the home page's, which every page loads. */
export interface PortfolioContent {
  name: string;
  role: string;
  photo: string;
  bio: string;
  projects: { title: string; description: string; url: string }[];
}

export const portfolioContent: PortfolioContent = portfolioJson;
