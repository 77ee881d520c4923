import { createBrowserRouter } from 'react-router';
import { paths } from '../config/paths';
import { PageSpinner } from '../components/page-spinner';
import { HomePage } from '../pages/home-page';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

// Every page but the home page is its own chunk, so the first visit downloads only what it shows.
export const router = createBrowserRouter([
  {
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: PageSpinner,
    children: [
      { path: paths.home, Component: HomePage },
      { path: paths.homeAlias, Component: HomePage },
      { path: paths.shop, lazy: async () => ({ Component: (await import('../pages/shop-page')).ShopPage }) },
      {
        path: paths.blogs,
        lazy: async () => ({ Component: (await import('../pages/blogs-page')).BlogsPage }),
      },
      {
        path: paths.portfolio,
        lazy: async () => ({ Component: (await import('../pages/portfolio-page')).PortfolioPage }),
      },
      {
        path: paths.buyNowPattern,
        lazy: async () => ({ Component: (await import('../pages/buy-now-page')).BuyNowPage }),
      },
      {
        path: '*',
        lazy: async () => ({ Component: (await import('../pages/not-found-page')).NotFoundPage }),
      },
    ],
  },
]);
