import { useEffect, useState, useSyncExternalStore } from 'react';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import { homeContent } from '../../../config/site-content';

const DURATION_MS = 2000;

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** The visitor's reduced-motion wish; false in the server's HTML, read once the page runs in a browser. */
function useReducedMotion(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia(REDUCED_MOTION);
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
}

/** Counts from 0 to `end` once `delayMs` has passed, easing out; reduced-motion users see `end` at once. */
export function useCountUp(end: number, delayMs: number): number {
  const reducedMotion = useReducedMotion();
  const [value, setValue] = useState(0);
  useEffect(() => {
    if (reducedMotion) return;
    let frame = 0;
    const timer = setTimeout(() => {
      const start = performance.now();
      const tick = (now: number) => {
        const progress = Math.min(1, (now - start) / DURATION_MS);
        setValue(Math.round(end * (1 - (1 - progress) ** 3)));
        if (progress < 1) frame = requestAnimationFrame(tick);
      };
      frame = requestAnimationFrame(tick);
    }, delayMs);
    return () => {
      clearTimeout(timer);
      cancelAnimationFrame(frame);
    };
  }, [end, delayMs, reducedMotion]);
  return reducedMotion ? end : value;
}

function Counter({
  end,
  suffix,
  label,
  delayMs,
}: {
  end: number;
  suffix: string;
  label: string;
  delayMs: number;
}) {
  const value = useCountUp(end, delayMs);
  return (
    <Col>
      <div className="counter-value" aria-hidden="true">
        {value}
        {suffix}
      </div>
      <span className="visually-hidden">
        {end}
        {suffix}
      </span>
      <div className="counter-label">{label}</div>
    </Col>
  );
}

/** Animated counters that start after a 2 s delay (spec §9). */
export function CounterStrip() {
  const { delaySeconds, items } = homeContent.counters;
  return (
    <section className="counter-strip py-5" aria-label="Forgeline in numbers">
      <Container>
        <Row xs={2} md={4} className="g-4 text-center">
          {items.map((item) => (
            <Counter key={item.label} {...item} delayMs={delaySeconds * 1000} />
          ))}
        </Row>
      </Container>
    </section>
  );
}
