import { type ReactNode, Suspense } from 'react';
import { ProductsSection } from '../features/catalog/components/products-section';
import { CapabilitiesSection } from '../features/home/components/capabilities-section';
import { CounterStrip } from '../features/home/components/counter-strip';
import { HeroCarousel } from '../features/home/components/hero-carousel';
import { PromoImages } from '../features/home/components/promo-images';
import { ReviewsSection } from '../features/reviews/components/reviews-section';
import { usePageMeta } from '../lib/use-page-meta';

/**
 * A part of a server-rendered page that React takes over on its own: the browser hydrates each part
 * as a separate task between which it answers input, instead of one long task for the whole page.
 */
function Part({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}

/** The home page, its sections in the spec's order (spec §2). Also served at /home. */
export function HomePage() {
  usePageMeta(null);
  return (
    <>
      <HeroCarousel />
      <Part>
        <CapabilitiesSection />
      </Part>
      <Part>
        <ProductsSection />
      </Part>
      <Part>
        <CounterStrip />
      </Part>
      <Part>
        <PromoImages />
      </Part>
      <Part>
        <ReviewsSection />
      </Part>
    </>
  );
}
