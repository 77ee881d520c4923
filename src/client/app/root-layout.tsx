import { Outlet, ScrollRestoration } from 'react-router';
import { HydrationPart } from '../components/hydration-part';
import { Footer } from './footer';
import { Header } from './header';

export function RootLayout() {
  return (
    <div className="d-flex flex-column min-vh-100">
      <a href="#main" className="visually-hidden-focusable skip-link">
        Skip to content
      </a>
      <HydrationPart>
        <Header />
      </HydrationPart>
      <main id="main" className="flex-grow-1">
        <Outlet />
      </main>
      <HydrationPart>
        <Footer />
      </HydrationPart>
      <ScrollRestoration />
    </div>
  );
}
