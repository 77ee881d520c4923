import { Carousel } from '../../../components/carousel';
import { homeContent } from '../../../config/site-content';

/** Two slides headed 'World Leader in Tools' (spec §2, home item 1); the heading of the first is the page's h1. */
export function HeroCarousel() {
  return (
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
              {index === 0 ? (
                <h1 className="display-5 fw-bold">{slide.headline}</h1>
              ) : (
                <h2 className="display-5 fw-bold">{slide.headline}</h2>
              )}
              <p className="lead">{slide.blurb}</p>
            </div>
          </>
        ),
      }))}
    />
  );
}
