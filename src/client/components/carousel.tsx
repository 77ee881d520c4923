import {
  type KeyboardEvent,
  type ReactNode,
  type TouchEvent,
  useEffect,
  useEffectEvent,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useReducedMotion } from '../lib/use-reduced-motion';

/** Spec §9: the carousel moves on every 5000 ms, and a swipe of more than 40 px moves it by hand. */
export const CAROUSEL_INTERVAL_MS = 5000;
export const SWIPE_THRESHOLD_PX = 40;
/** Bootstrap's `.carousel-item` transition is 0.6 s; a slide whose `transitionend` never comes ends after this. */
const SLIDE_END_MS = 700;

type Direction = 'next' | 'prev';

/** A slide under way: `to` sits beside `from` (step 1), then both move (step 2, `moving`). */
interface Slide {
  from: number;
  to: number;
  direction: Direction;
  moving: boolean;
}

interface CarouselProps {
  /** Names the carousel for assistive technology ('Highlights'). */
  label: string;
  className?: string;
  items: { key: string; content: ReactNode }[];
}

/**
 * Bootstrap's carousel (its markup, classes and slide animation from bootstrap.css) with the behaviour
 * spec §4 asks for: it moves on by itself every 5000 ms, pauses while the pointer or the keyboard focus
 * is on it (WCAG 2.2.2), and moves with its arrows, its indicators, the keyboard's arrow keys and a swipe
 * of more than 40 px. Visitors who ask for reduced motion get the change without the slide.
 *
 * Written here rather than taken from react-bootstrap, whose Carousel brings a transition library and
 * about 6 KiB of compressed script to the home page's first load (issue 15's budget).
 */
export function Carousel({ label, className = '', items }: CarouselProps) {
  const count = items.length;
  const [active, setActive] = useState(0);
  const [slide, setSlide] = useState<Slide | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [touchStartX, setTouchStartX] = useState<number | null>(null);
  const reducedMotion = useReducedMotion();
  const incoming = useRef<HTMLDivElement>(null);
  const shown = slide ? slide.to : active;

  function show(to: number, direction: Direction) {
    if (slide || to === active) return;
    if (reducedMotion) setActive(to);
    else setSlide({ from: active, to, direction, moving: false });
  }
  const next = () => show((active + 1) % count, 'next');
  const previous = () => show((active - 1 + count) % count, 'prev');

  // Step 2: the incoming item is in the page beside the active one; reading its box makes the browser
  // place it there (as bootstrap.js does), so that in the next frame both move rather than jump.
  useLayoutEffect(() => {
    if (!slide || slide.moving) return;
    incoming.current?.getBoundingClientRect();
    const frame = requestAnimationFrame(() => setSlide({ ...slide, moving: true }));
    return () => cancelAnimationFrame(frame);
  }, [slide]);

  // Step 3: the move has ended; the incoming item is the active one.
  useEffect(() => {
    if (!slide?.moving) return;
    const element = incoming.current;
    const finish = () => {
      setActive(slide.to);
      setSlide(null);
    };
    const onTransitionEnd = (event: TransitionEvent) => {
      if (event.target === element) finish();
    };
    element?.addEventListener('transitionend', onTransitionEnd);
    const timer = setTimeout(finish, SLIDE_END_MS);
    return () => {
      element?.removeEventListener('transitionend', onTransitionEnd);
      clearTimeout(timer);
    };
  }, [slide]);

  const paused = hovered || focused || touchStartX !== null;
  const moveOn = useEffectEvent(() => {
    if (!document.hidden) next();
  });
  useEffect(() => {
    if (paused || slide || count < 2) return;
    const timer = setInterval(moveOn, CAROUSEL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [paused, slide, active, count]);

  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    if (event.key === 'ArrowLeft') previous();
    else next();
  }

  function onTouchEnd(event: TouchEvent) {
    if (touchStartX === null) return;
    const distance = (event.changedTouches[0]?.clientX ?? touchStartX) - touchStartX;
    setTouchStartX(null);
    if (distance < -SWIPE_THRESHOLD_PX) next();
    else if (distance > SWIPE_THRESHOLD_PX) previous();
  }

  function itemClass(index: number): string {
    const classes = ['carousel-item'];
    if (index === active) classes.push('active');
    if (slide?.to === index) classes.push(`carousel-item-${slide.direction}`);
    if (slide?.moving && (index === slide.to || index === slide.from)) {
      classes.push(slide.direction === 'next' ? 'carousel-item-start' : 'carousel-item-end');
    }
    return classes.join(' ');
  }

  return (
    <div
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      className={`${className} carousel slide`.trim()}
      onKeyDown={onKeyDown}
      // A pointer resting on it pauses it; a finger's tap is no hover (it would pause it for good).
      onPointerEnter={(event) => setHovered(event.pointerType === 'mouse')}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
      onTouchStart={(event) => setTouchStartX(event.touches[0]?.clientX ?? null)}
      onTouchEnd={onTouchEnd}
      onTouchCancel={() => setTouchStartX(null)}
    >
      <div className="carousel-indicators">
        {items.map((item, index) => (
          <button
            key={item.key}
            type="button"
            data-bs-target=""
            aria-label={`Slide ${index + 1}`}
            aria-current={index === shown}
            className={index === shown ? 'active' : undefined}
            onClick={() => show(index, index > active ? 'next' : 'prev')}
          />
        ))}
      </div>
      <div className="carousel-inner">
        {items.map((item, index) => (
          <div
            key={item.key}
            ref={slide?.to === index ? incoming : undefined}
            className={itemClass(index)}
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${count}`}
          >
            {item.content}
          </div>
        ))}
      </div>
      <button type="button" className="carousel-control-prev" onClick={previous}>
        <span aria-hidden="true" className="carousel-control-prev-icon" />
        <span className="visually-hidden">Previous</span>
      </button>
      <button type="button" className="carousel-control-next" onClick={next}>
        <span aria-hidden="true" className="carousel-control-next-icon" />
        <span className="visually-hidden">Next</span>
      </button>
    </div>
  );
}
