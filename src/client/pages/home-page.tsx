import { HydrationPart } from '../components/hydration-part';
import { ProductsSection } from '../features/catalog/components/products-section';
import { CapabilitiesSection } from '../features/home/components/capabilities-section';
import { CounterStrip } from '../features/home/components/counter-strip';
import { HeroCarousel } from '../features/home/components/hero-carousel';
import { PromoImages } from '../features/home/components/promo-images';
import { ReviewsSection } from '../features/reviews/components/reviews-section';
import { usePageMeta } from '../lib/use-page-meta';

/** The home page, its sections in the spec's order (spec §2). Also served at /home. */
export function HomePage() {
  usePageMeta(null);
  return (
    <>
      <HydrationPart>
        <HeroCarousel />
      </HydrationPart>
      <HydrationPart>
        <CapabilitiesSection />
      </HydrationPart>
      <HydrationPart>
        <ProductsSection />
      </HydrationPart>
      <HydrationPart>
        <CounterStrip />
      </HydrationPart>
      <HydrationPart>
        <PromoImages />
      </HydrationPart>
      <HydrationPart>
        <ReviewsSection />
      </HydrationPart>
    </>
  );
}
