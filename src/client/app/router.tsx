import type { ComponentType } from 'react';
import { Outlet, createBrowserRouter, type RouteObject } from 'react-router';
import { PageSpinner } from '../components/page-spinner';
import { paths } from '../config/paths';
import { RequireAdmin } from '../features/auth/components/require-admin';
import { RequireAuth } from '../features/auth/components/require-auth';
import { SignedOutOnly } from '../features/auth/components/signed-out-only';
import { HomePage } from '../pages/home-page';
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

/** A route whose page is its own chunk, loaded on first visit. */
function page(path: string | undefined, load: () => Promise<{ default: ComponentType }>): RouteObject {
  return {
    ...(path ? { path } : { index: true }),
    lazy: async () => ({ Component: (await load()).default }),
  };
}

// Every page but the home page is its own chunk, so the home page loads no sign-in, dashboard or admin code.
export const router = createBrowserRouter([
  {
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: PageSpinner,
    children: [
      { path: paths.home, Component: HomePage },
      { path: paths.homeAlias, Component: HomePage },
      page(paths.shop, async () => ({ default: (await import('../pages/shop-page')).ShopPage })),
      page(paths.toolPattern, async () => ({ default: (await import('../pages/product-page')).ProductPage })),
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
      page('*', async () => ({ default: (await import('../pages/not-found-page')).NotFoundPage })),
    ],
  },
]);
