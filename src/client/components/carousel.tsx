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
 * about 6 KiB of compressed script to the home page's first load (the home page's script budget).
 */
export function Carousel({ label, className = '', items }: CarouselProps) {
  const count = items.length;
  const [chosen, setChosen] = useState(0);
  // Fewer items than before (never on the hero, whose items are the build's) leave the last one showing.
  const active = Math.min(chosen, Math.max(0, count - 1));
  // A single item has nothing to move to: no arrows, no indicators, no timer.
  const movable = count > 1;
  const [slide, setSlide] = useState<Slide | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [touchStart, setTouchStart] = useState<{ x: number; y: number } | null>(null);
  const reducedMotion = useReducedMotion();
  const incoming = useRef<HTMLDivElement>(null);
  const shown = slide ? slide.to : active;

  function show(to: number, direction: Direction) {
    if (slide || to === active || !movable) return;
    if (reducedMotion) setChosen(to);
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
      setChosen(slide.to);
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

  const paused = hovered || focused || touchStart !== null;
  const moveOn = useEffectEvent(() => {
    if (!document.hidden) next();
  });
  useEffect(() => {
    if (paused || slide || !movable) return;
    const timer = setInterval(moveOn, CAROUSEL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [paused, slide, active, movable]);

  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    // In a field inside a slide the arrows move the caret, as bootstrap.js leaves them.
    if (event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement) return;
    event.preventDefault();
    if (event.key === 'ArrowLeft') previous();
    else next();
  }

  function onTouchStart(event: TouchEvent) {
    const touch = event.touches[0];
    setTouchStart(touch ? { x: touch.clientX, y: touch.clientY } : null);
  }

  /** A swipe sideways moves it; a finger scrolling the page down that drifts sideways does not. */
  function onTouchEnd(event: TouchEvent) {
    const touch = event.changedTouches[0];
    setTouchStart(null);
    if (!touchStart || !touch) return;
    const across = touch.clientX - touchStart.x;
    if (Math.abs(across) <= SWIPE_THRESHOLD_PX || Math.abs(across) <= Math.abs(touch.clientY - touchStart.y))
      return;
    if (across < 0) next();
    else previous();
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
      // The keyboard's focus pauses it; a click or a tap on an arrow, which focuses it too, does not.
      onFocus={(event) => setFocused(isKeyboardFocus(event.target))}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
      onTouchStart={onTouchStart}
      onTouchEnd={onTouchEnd}
      onTouchCancel={() => setTouchStart(null)}
    >
      {movable && (
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
      )}
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
      {movable && (
        <>
          <button type="button" className="carousel-control-prev" onClick={previous}>
            <span aria-hidden="true" className="carousel-control-prev-icon" />
            <span className="visually-hidden">Previous</span>
          </button>
          <button type="button" className="carousel-control-next" onClick={next}>
            <span aria-hidden="true" className="carousel-control-next-icon" />
            <span className="visually-hidden">Next</span>
          </button>
        </>
      )}
    </div>
  );
}

/** Whether the focus came from the keyboard (the browser shows its ring), not from a click or a tap. */
function isKeyboardFocus(element: Element): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    // A browser that does not know the selector: any focus counts.
    return true;
  }
}
