import {
  type LoaderFunctionArgs,
  Outlet,
  ScrollRestoration,
  type ShouldRevalidateFunction,
  useLoaderData,
} from 'react-router';
import { HydrationPart } from '../components/hydration-part';
import { PublicConfigContext, readPublicConfig } from '../lib/public-config';
import { settle } from '../lib/settled';
import { Footer } from './footer';
import { Header } from './header';
import { PunchoutBanner } from '../features/punchout/components/punchout-banner';

/** Every page's stock labels depend on the shop's smallest order: the configuration is read once. */
export async function rootLoader({ request }: LoaderFunctionArgs) {
  return { config: await settle(readPublicConfig(request.signal)) };
}

/** The configuration changes only with a restart: read again only when a page asks (Try again). */
export const rootShouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) => currentUrl.href === nextUrl.href && defaultShouldRevalidate;

export function RootLayout() {
  const { config } = useLoaderData<typeof rootLoader>();
  return (
    <PublicConfigContext.Provider value={config}>
      <div className="d-flex flex-column min-vh-100">
        <a href="#main" className="visually-hidden-focusable skip-link">
          Skip to content
        </a>
        <HydrationPart>
          <Header />
          <PunchoutBanner />
        </HydrationPart>
        <main id="main" className="flex-grow-1">
          <Outlet />
        </main>
        <HydrationPart>
          <Footer />
        </HydrationPart>
        <ScrollRestoration />
      </div>
    </PublicConfigContext.Provider>
  );
}
