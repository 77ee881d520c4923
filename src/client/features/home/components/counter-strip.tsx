import { useEffect, useState } from 'react';
import { homeContent } from '../../../config/site-content';
import { useReducedMotion } from '../../../lib/use-reduced-motion';

const DURATION_MS = 2000;

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
    <div className="col">
      <div className="counter-value" aria-hidden="true">
        {value}
        {suffix}
      </div>
      <span className="visually-hidden">
        {end}
        {suffix}
      </span>
      <div className="counter-label">{label}</div>
    </div>
  );
}

/** Animated counters that start after a 2 s delay (spec §9). */
export function CounterStrip() {
  const { delaySeconds, items } = homeContent.counters;
  return (
    <section className="counter-strip py-5" aria-label="Forgeline in numbers">
      <div className="container">
        <div className="row row-cols-2 row-cols-md-4 g-4 text-center">
          {items.map((item) => (
            <Counter key={item.label} {...item} delayMs={delaySeconds * 1000} />
          ))}
        </div>
      </div>
    </section>
  );
}
