import { Carousel } from '../../../components/carousel';
import { homeContent } from '../../../config/site-content';

/**
 * Two slides headed 'World Leader in Tools' (spec §2, home item 1). The page's h1 stands outside the
 * slides, so that it stays in the page while the second slide shows and the first is hidden.
 */
export function HeroCarousel() {
  const [first] = homeContent.carousel;
  return (
    <>
      {first && <h1 className="visually-hidden">{first.headline}</h1>}
      <Carousel
        className="hero-carousel"
        label="Highlights"
        items={homeContent.carousel.map((slide, index) => ({
          key: slide.image,
          content: (
            <>
              <img
                className="hero-image"
                src={slide.image}
                alt={slide.imageAlt}
                fetchPriority={index === 0 ? 'high' : 'auto'}
              />
              <div className="hero-caption carousel-caption">
                <h2 className="display-5 fw-bold">{slide.headline}</h2>
                <p className="lead">{slide.blurb}</p>
              </div>
            </>
          ),
        }))}
      />
    </>
  );
}
