import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { HydrationPart } from '../components/hydration-part';
import { readTools } from '../features/catalog/api/get-tools';
import { readHomeReviews } from '../features/reviews/api/get-home-reviews';
import { ProductsSection } from '../features/catalog/components/products-section';
import { CapabilitiesSection } from '../features/home/components/capabilities-section';
import { CounterStrip } from '../features/home/components/counter-strip';
import { HeroCarousel } from '../features/home/components/hero-carousel';
import { PromoImages } from '../features/home/components/promo-images';
import { ReviewsSection } from '../features/reviews/components/reviews-section';
import { settle } from '../lib/settled';
import { usePageMeta } from '../lib/use-page-meta';

/** The home page's reads: the featured and newest products, and the newest reviews. */
export async function homeLoader({ request }: LoaderFunctionArgs) {
  const [tools, reviews] = await Promise.all([
    settle(readTools(request.signal)),
    settle(readHomeReviews(request.signal)),
  ]);
  return { tools, reviews };
}

/** The home page, its sections in the spec's order (spec §2). Also served at /home. */
export function HomePage() {
  usePageMeta(null);
  const { tools, reviews } = useLoaderData<typeof homeLoader>();
  return (
    <>
      <HydrationPart>
        <HeroCarousel />
      </HydrationPart>
      <HydrationPart>
        <CapabilitiesSection />
      </HydrationPart>
      <HydrationPart>
        <ProductsSection tools={tools} />
      </HydrationPart>
      <HydrationPart>
        <CounterStrip />
      </HydrationPart>
      <HydrationPart>
        <PromoImages />
      </HydrationPart>
      <HydrationPart>
        <ReviewsSection reviews={reviews} />
      </HydrationPart>
    </>
  );
}
