import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CAROUSEL_INTERVAL_MS, Carousel } from './carousel';

let reducedMotion = false;

beforeEach(() => {
  vi.useFakeTimers();
  reducedMotion = false;
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('reduce') && reducedMotion,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderCarousel() {
  render(
    <Carousel
      label="Highlights"
      className="hero-carousel"
      items={[
        { key: 'one', content: <p>First slide</p> },
        { key: 'two', content: <p>Second slide</p> },
        { key: 'three', content: <p>Third slide</p> },
      ]}
    />,
  );
  const carousel = screen.getByRole('region', { name: 'Highlights' });
  const item = (name: string) => screen.getByText(name).parentElement as HTMLElement;
  const activeText = () => carousel.querySelector('.carousel-item.active')?.textContent;
  return { carousel, item, activeText };
}

/** Long enough for a move to end without a transitionend: a frame, then at most 700 ms. */
const MOVE_MS = 800;

/** Time passes in steps, React rendering after each, as in a browser. */
function wait(ms: number) {
  for (let passed = 0; passed < ms; passed += 50) {
    act(() => {
      vi.advanceTimersByTime(Math.min(50, ms - passed));
    });
  }
}

describe('Carousel', () => {
  it('slides to the next item every 5000 ms the way bootstrap.css animates it', () => {
    const { item, activeText } = renderCarousel();
    expect(activeText()).toBe('First slide');
    wait(CAROUSEL_INTERVAL_MS - 1);
    expect(item('Second slide').className).toBe('carousel-item');

    wait(1);
    // Step 1: the incoming item is placed beside the active one; step 2, in the next frame: both move.
    expect(item('Second slide').className).toBe('carousel-item carousel-item-next');
    wait(20);
    expect(item('Second slide').className).toBe('carousel-item carousel-item-next carousel-item-start');
    expect(item('First slide').className).toBe('carousel-item active carousel-item-start');

    // The move ends when the incoming item's transition does.
    act(() => {
      item('Second slide').dispatchEvent(new Event('transitionend', { bubbles: true }));
    });
    expect(activeText()).toBe('Second slide');
    expect(item('First slide').className).toBe('carousel-item');
    expect(screen.getByRole('button', { name: 'Slide 2' }).getAttribute('aria-current')).toBe('true');
  });

  it('ends a move whose transition never reports its end, and wraps round after the last item', () => {
    const { activeText } = renderCarousel();
    for (const expected of ['Second slide', 'Third slide', 'First slide']) {
      wait(CAROUSEL_INTERVAL_MS);
      wait(MOVE_MS);
      expect(activeText()).toBe(expected);
    }
  });

  it('does not move while a mouse pointer rests on it or the keyboard focus is in it', () => {
    const { carousel, activeText } = renderCarousel();
    fireEvent.pointerEnter(carousel, { pointerType: 'mouse' });
    wait(3 * CAROUSEL_INTERVAL_MS);
    expect(activeText()).toBe('First slide');
    fireEvent.pointerLeave(carousel, { pointerType: 'mouse' });
    wait(CAROUSEL_INTERVAL_MS + MOVE_MS);
    expect(activeText()).toBe('Second slide');

    act(() => screen.getByRole('button', { name: 'Next' }).focus());
    wait(3 * CAROUSEL_INTERVAL_MS);
    expect(activeText()).toBe('Second slide');
    act(() => screen.getByRole('button', { name: 'Next' }).blur());
    wait(CAROUSEL_INTERVAL_MS + MOVE_MS);
    expect(activeText()).toBe('Third slide');
  });

  it('keeps moving after a finger taps it: a tap is no hover', () => {
    const { carousel, activeText } = renderCarousel();
    fireEvent.pointerEnter(carousel, { pointerType: 'touch' });
    wait(CAROUSEL_INTERVAL_MS + MOVE_MS);
    expect(activeText()).toBe('Second slide');
  });

  it('moves with the arrow keys, the arrows and the indicators', () => {
    const { carousel, activeText } = renderCarousel();
    fireEvent.keyDown(carousel, { key: 'ArrowRight' });
    wait(MOVE_MS);
    expect(activeText()).toBe('Second slide');
    fireEvent.keyDown(carousel, { key: 'ArrowLeft' });
    wait(MOVE_MS);
    expect(activeText()).toBe('First slide');
    fireEvent.keyDown(carousel, { key: 'ArrowLeft' });
    wait(MOVE_MS);
    expect(activeText()).toBe('Third slide');

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    wait(MOVE_MS);
    expect(activeText()).toBe('First slide');
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    wait(MOVE_MS);
    expect(activeText()).toBe('Third slide');
    fireEvent.click(screen.getByRole('button', { name: 'Slide 2' }));
    wait(MOVE_MS);
    expect(activeText()).toBe('Second slide');
  });

  it('moves with a swipe of more than 40 px, and not with a shorter one', () => {
    const { carousel, activeText } = renderCarousel();
    const swipe = (from: number, to: number, down = 0) => {
      fireEvent.touchStart(carousel, { touches: [{ clientX: from, clientY: 100 }] });
      fireEvent.touchEnd(carousel, { changedTouches: [{ clientX: to, clientY: 100 + down }] });
    };
    swipe(200, 165);
    wait(MOVE_MS);
    expect(activeText()).toBe('First slide');
    swipe(200, 150);
    wait(MOVE_MS);
    expect(activeText()).toBe('Second slide');
    swipe(150, 200);
    wait(MOVE_MS);
    expect(activeText()).toBe('First slide');
    // A finger scrolling the page down that drifts 50 px sideways is no swipe.
    swipe(200, 150, 120);
    wait(MOVE_MS);
    expect(activeText()).toBe('First slide');
  });

  it('has no arrows, indicators or motion with a single item', () => {
    render(<Carousel label="Highlights" items={[{ key: 'one', content: <p>Only slide</p> }]} />);
    expect(screen.queryByRole('button')).toBeNull();
    wait(2 * CAROUSEL_INTERVAL_MS);
    expect(screen.getByText('Only slide').parentElement?.className).toBe('carousel-item active');
  });

  it('changes at once, without the slide, for a visitor who asks for reduced motion', () => {
    reducedMotion = true;
    const { item, activeText } = renderCarousel();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(activeText()).toBe('Second slide');
    expect(item('Second slide').className).toBe('carousel-item active');
    wait(CAROUSEL_INTERVAL_MS);
    expect(activeText()).toBe('Third slide');
  });

  it('ignores a second move asked for while one is under way', () => {
    const { activeText } = renderCarousel();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    wait(MOVE_MS);
    expect(activeText()).toBe('Second slide');
  });
});
