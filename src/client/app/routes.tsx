import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { Outlet, type LoaderFunction, type RouteObject } from 'react-router';
import { PageSpinner } from '../components/page-spinner';
import { paths } from '../config/paths';
import { RequireAdmin } from '../features/auth/components/require-admin';
import { RequireAuth } from '../features/auth/components/require-auth';
import { SignedOutOnly } from '../features/auth/components/signed-out-only';
import { toolsQuery } from '../features/catalog/api/get-tools';
import { homeReviewsQuery } from '../features/reviews/api/get-reviews';
import { publicConfigQuery } from '../lib/public-config';
import { HomePage } from '../pages/home-page';
import { prefetching } from './prefetch';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

/** The pages for signed-out visitors only (sign-in, registration). */
function SignedOutOnlyOutlet() {
  return (
    <SignedOutOnly>
      <Outlet />
    </SignedOutOnly>
  );
}

/** A page module: its component, and for a server-rendered page the loader that reads its data. */
interface PageModule {
  default: ComponentType;
  loader?: LoaderFunction;
}

/** A route whose page is its own chunk, loaded on first visit. */
function page(path: string | undefined, load: () => Promise<PageModule>): RouteObject {
  return {
    ...(path ? { path } : { index: true }),
    lazy: async () => {
      const module = await load();
      return { Component: module.default, ...(module.loader ? { loader: module.loader } : {}) };
    },
  };
}

/**
 * Every route of the app, for the browser's router (main.tsx) and the server's (entry-server.tsx) alike.
 * The public pages' loaders read their data into `queryClient`, so the server renders them whole.
 * Every page but the home page is its own chunk, so the home page loads no sign-in, dashboard or admin code.
 */
export const createRoutes = (queryClient: QueryClient): RouteObject[] => [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: PageSpinner,
    // Every page's stock labels depend on the shop's smallest order.
    loader: prefetching(() => [queryClient.query(publicConfigQuery)]),
    children: [
      ...[paths.home, paths.homeAlias].map((path) => ({
        path,
        Component: HomePage,
        loader: prefetching(() => [queryClient.query(toolsQuery), queryClient.query(homeReviewsQuery)]),
      })),
      page(paths.shop, async () => {
        const { ShopPage, shopLoader } = await import('../pages/shop-page');
        return { default: ShopPage, loader: shopLoader(queryClient) };
      }),
      page(paths.toolPattern, async () => {
        const { ProductPage, productLoader } = await import('../pages/product-page');
        return { default: ProductPage, loader: productLoader(queryClient) };
      }),
      page(paths.blogs, async () => ({ default: (await import('../pages/blogs-page')).BlogsPage })),
      page(paths.portfolio, async () => ({
        default: (await import('../pages/portfolio-page')).PortfolioPage,
      })),
      {
        Component: SignedOutOnlyOutlet,
        children: [
          page(paths.login, async () => ({ default: (await import('../pages/login-page')).LoginPage })),
          page(paths.register, async () => ({
            default: (await import('../pages/register-page')).RegisterPage,
          })),
        ],
      },
      page(paths.resetPassword, async () => ({
        default: (await import('../pages/reset-password-page')).ResetPasswordPage,
      })),
      {
        Component: RequireAuth,
        children: [
          page(paths.buyNowPattern, async () => ({
            default: (await import('../pages/buy-now-page')).BuyNowPage,
          })),
          {
            path: paths.dashboard,
            lazy: async () => ({
              Component: (await import('../pages/dashboard/dashboard-layout')).DashboardLayout,
            }),
            children: [
              page(undefined, async () => ({
                default: (await import('../pages/dashboard/dashboard-home-page')).DashboardHomePage,
              })),
              page(paths.myProfile, async () => ({
                default: (await import('../pages/dashboard/my-profile-page')).MyProfilePage,
              })),
              page(paths.addReview, async () => ({
                default: (await import('../pages/dashboard/add-review-page')).AddReviewPage,
              })),
              page(paths.paymentPattern, async () => ({
                default: (await import('../pages/dashboard/payment-page')).PaymentPage,
              })),
              page(paths.myOrders, async () => ({
                default: (await import('../pages/dashboard/my-orders-page')).MyOrdersPage,
              })),
              page(paths.myQuotes, async () => ({
                default: (await import('../pages/dashboard/my-quotes-page')).MyQuotesPage,
              })),
              {
                Component: RequireAdmin,
                children: [
                  page(paths.makeAdmin, async () => ({
                    default: (await import('../pages/dashboard/make-admin-page')).MakeAdminPage,
                  })),
                  page(paths.addProduct, async () => ({
                    default: (await import('../pages/dashboard/add-product-page')).AddProductPage,
                  })),
                  page(paths.manageProducts, async () => ({
                    default: (await import('../pages/dashboard/manage-products-page')).ManageProductsPage,
                  })),
                  page(paths.manageAllOrders, async () => ({
                    default: (await import('../pages/dashboard/manage-all-orders-page')).ManageAllOrdersPage,
                  })),
                  page(paths.orderDetailPattern, async () => ({
                    default: (await import('../pages/dashboard/order-detail-page')).OrderDetailPage,
                  })),
                  page(paths.quotes, async () => ({
                    default: (await import('../pages/dashboard/quotes-page')).QuotesPage,
                  })),
                  page(paths.manageReviews, async () => ({
                    default: (await import('../pages/dashboard/manage-reviews-page')).ManageReviewsPage,
                  })),
                  page(paths.auditLog, async () => ({
                    default: (await import('../pages/dashboard/audit-log-page')).AuditLogPage,
                  })),
                ],
              },
            ],
          },
        ],
      },
      page('*', async () => {
        const { NotFoundPage, notFoundLoader } = await import('../pages/not-found-page');
        return { default: NotFoundPage, loader: notFoundLoader };
      }),
    ],
  },
];
