import Carousel from 'react-bootstrap/Carousel';
import { homeContent } from '../../../config/site-content';

/**
 * Two slides headed 'World Leader in Tools' (spec §2, home item 1). react-bootstrap's defaults are the
 * spec's: 5000 ms interval, pause on hover, keyboard arrows, swipe over 40 px.
 */
export function HeroCarousel() {
  return (
    <Carousel className="hero-carousel" aria-label="Highlights">
      {homeContent.carousel.map((slide, index) => (
        <Carousel.Item key={slide.image}>
          <img
            className="hero-image"
            src={slide.image}
            alt={slide.imageAlt}
            fetchPriority={index === 0 ? 'high' : 'auto'}
          />
          <Carousel.Caption className="hero-caption">
            {index === 0 ? (
              <h1 className="display-5 fw-bold">{slide.headline}</h1>
            ) : (
              <h2 className="display-5 fw-bold">{slide.headline}</h2>
            )}
            <p className="lead">{slide.blurb}</p>
          </Carousel.Caption>
        </Carousel.Item>
      ))}
    </Carousel>
  );
}
