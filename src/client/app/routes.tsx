import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { LoaderFunction, RouteObject } from 'react-router';
import { PageSpinner } from '../components/page-spinner';
import { paths } from '../config/paths';
import type { QueryClientSlot } from '../lib/query-client-slot';
import { HomePage, homeLoader } from '../pages/home-page';
import { RootLayout, rootLoader, rootShouldRevalidate } from './root-layout';
import { RouteError } from './route-error';

/** A page module: its component, and for a server-rendered page the loader that reads its data. */
interface PageModule {
  default: ComponentType;
  loader?: (queryClient: QueryClient) => LoaderFunction;
}

/**
 * A route whose component is its own chunk, loaded on first visit with TanStack Query's client, and
 * rendered inside the client's provider: every page but the home page reads through TanStack Query.
 */
function lazyIsland(slot: QueryClientSlot, load: () => Promise<PageModule>): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      const [queryClient, { QueryIsland }, { default: Page, loader }] = await Promise.all([
        slot.get(),
        import('../lib/query-island'),
        load(),
      ]);
      const Component = () => (
        <QueryIsland>
          <Page />
        </QueryIsland>
      );
      return { Component, ...(loader ? { loader: loader(queryClient) } : {}) };
    },
  };
}

/**
 * Every route of the app, for the browser's router (main.tsx) and the server's (entry-server.tsx) alike.
 * The public pages' loaders read their data (the home page's and the configuration directly, the others
 * into TanStack Query's client), so the server renders them whole. Every page but the home page is its
 * own chunk, loaded with TanStack Query, so the home page loads neither nor any sign-in, dashboard or
 * admin code.
 */
export const createRoutes = (slot: QueryClientSlot): RouteObject[] => {
  const page = (path: string | undefined, load: () => Promise<PageModule>): RouteObject => ({
    ...(path ? { path } : { index: true }),
    ...lazyIsland(slot, load),
  });
  return [
    {
      id: 'root',
      Component: RootLayout,
      ErrorBoundary: RouteError,
      HydrateFallback: PageSpinner,
      loader: rootLoader,
      shouldRevalidate: rootShouldRevalidate,
      children: [
        ...[paths.home, paths.homeAlias].map((path) => ({ path, Component: HomePage, loader: homeLoader })),
        page(paths.shop, async () => {
          const { ShopPage, shopLoader } = await import('../pages/shop-page');
          return { default: ShopPage, loader: shopLoader };
        }),
        page(paths.toolPattern, async () => {
          const { ProductPage, productLoader } = await import('../pages/product-page');
          return { default: ProductPage, loader: productLoader };
        }),
        page(paths.comparePattern, async () => ({
          default: (await import('../pages/compare-page')).ComparePage,
        })),
        page(paths.blogs, async () => ({ default: (await import('../pages/blogs-page')).BlogsPage })),
        page(paths.portfolio, async () => ({
          default: (await import('../pages/portfolio-page')).PortfolioPage,
        })),
        {
          ...lazyIsland(slot, async () => ({
            default: (await import('../features/auth/components/signed-out-only')).SignedOutOnlyOutlet,
          })),
          children: [
            page(paths.login, async () => ({ default: (await import('../pages/login-page')).LoginPage })),
            page(paths.register, async () => ({
              default: (await import('../pages/register-page')).RegisterPage,
            })),
          ],
        },
        page(paths.cart, async () => ({ default: (await import('../pages/cart-page')).CartPage })),
        page(paths.resetPassword, async () => ({
          default: (await import('../pages/reset-password-page')).ResetPasswordPage,
        })),
        {
          ...lazyIsland(slot, async () => ({
            default: (await import('../features/auth/components/require-auth')).RequireAuth,
          })),
          children: [
            page(paths.buyNowPattern, async () => ({
              default: (await import('../pages/buy-now-page')).BuyNowPage,
            })),
            page(paths.invitationPattern, async () => ({
              default: (await import('../pages/invitation-page')).InvitationPage,
            })),
            {
              path: paths.dashboard,
              ...lazyIsland(slot, async () => ({
                default: (await import('../pages/dashboard/dashboard-layout')).DashboardLayout,
              })),
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
                page(paths.myOrderPattern, async () => ({
                  default: (await import('../pages/dashboard/my-order-page')).MyOrderPage,
                })),
                page(paths.changeOrderPattern, async () => ({
                  default: (await import('../pages/dashboard/change-order-page')).ChangeOrderPage,
                })),
                page(paths.quickOrder, async () => ({
                  default: (await import('../pages/dashboard/quick-order-page')).QuickOrderPage,
                })),
                page(paths.myQuotes, async () => ({
                  default: (await import('../pages/dashboard/my-quotes-page')).MyQuotesPage,
                })),
                page(paths.myReturns, async () => ({
                  default: (await import('../pages/dashboard/my-returns-page')).MyReturnsPage,
                })),
                page(paths.company, async () => ({
                  default: (await import('../pages/dashboard/company-page')).CompanyPage,
                })),
                page(paths.lists, async () => ({
                  default: (await import('../pages/dashboard/lists-page')).ListsPage,
                })),
                page(paths.listPattern, async () => ({
                  default: (await import('../pages/dashboard/list-page')).ListPage,
                })),
                page(paths.approvals, async () => ({
                  default: (await import('../pages/dashboard/approvals-page')).ApprovalsPage,
                })),
                page(paths.statement, async () => ({
                  default: (await import('../pages/dashboard/statement-page')).StatementPage,
                })),
                {
                  ...lazyIsland(slot, async () => ({
                    default: (await import('../features/auth/components/require-admin')).RequireAdmin,
                  })),
                  children: [
                    page(paths.companies, async () => ({
                      default: (await import('../pages/dashboard/companies-page')).CompaniesPage,
                    })),
                    page(paths.priceLists, async () => ({
                      default: (await import('../pages/dashboard/price-lists-page')).PriceListsPage,
                    })),
                    page(paths.taxes, async () => ({
                      default: (await import('../pages/dashboard/tax-freight-page')).TaxFreightPage,
                    })),
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
                      default: (await import('../pages/dashboard/manage-all-orders-page'))
                        .ManageAllOrdersPage,
                    })),
                    page(paths.orderDetailPattern, async () => ({
                      default: (await import('../pages/dashboard/order-detail-page')).OrderDetailPage,
                    })),
                    page(paths.quotes, async () => ({
                      default: (await import('../pages/dashboard/quotes-page')).QuotesPage,
                    })),
                    page(paths.returns, async () => ({
                      default: (await import('../pages/dashboard/returns-page')).ReturnsPage,
                    })),
                    page(paths.creditNotes, async () => ({
                      default: (await import('../pages/dashboard/credit-notes-page')).CreditNotesPage,
                    })),
                    page(paths.returnDetailPattern, async () => ({
                      default: (await import('../pages/dashboard/return-page')).ReturnPage,
                    })),
                    page(paths.manageReviews, async () => ({
                      default: (await import('../pages/dashboard/manage-reviews-page')).ManageReviewsPage,
                    })),
                    page(paths.auditLog, async () => ({
                      default: (await import('../pages/dashboard/audit-log-page')).AuditLogPage,
                    })),
                    page(paths.integrations, async () => ({
                      default: (await import('../pages/dashboard/integrations-page')).IntegrationsPage,
                    })),
                    page(paths.punchout, async () => ({
                      default: (await import('../pages/dashboard/punchout-page')).PunchoutPage,
                    })),
                  ],
                },
              ],
            },
          ],
        },
        page('*', async () => {
          const { NotFoundPage, notFoundLoader } = await import('../pages/not-found-page');
          return { default: NotFoundPage, loader: () => notFoundLoader };
        }),
      ],
    },
  ];
};
