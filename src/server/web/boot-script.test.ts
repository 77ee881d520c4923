import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { BOOT_SCRIPT } from './page-document';

type PaintObserver = (list: { getEntriesByName(name: string): unknown[] }, observer: unknown) => void;

/**
 * The loader, run in a page on a clock of its own: `load()` fires the load event, `paint()`
 * delivers the first contentful paint's entry, `advance(ms)` runs the timers that fall due. What the
 * loader adds to the head (its module preloads, then the entry's script) is in `head`.
 */
function loaderOnPage({ readyState = 'loading', entryTypes = ['paint'] as string[] | null } = {}) {
  let now = 0;
  let timers: { at: number; run: () => void }[] = [];
  const head: string[] = [];
  const loadListeners: (() => void)[] = [];
  const observers: PerformanceObserver[] = [];
  class PerformanceObserver {
    static supportedEntryTypes = entryTypes ?? undefined;
    constructor(readonly callback: PaintObserver) {}
    observe(options: { type: string; buffered: boolean }) {
      if (options.type === 'paint' && options.buffered) observers.push(this);
    }
    disconnect() {
      observers.splice(observers.indexOf(this), 1);
    }
  }
  const context: Record<string, unknown> = {
    document: {
      readyState,
      currentScript: {
        dataset: { entry: '/assets/index.js', preload: '/assets/react.js /assets/router.js' },
      },
      createElement: (tag: string) => ({ tag }),
      head: {
        appendChild: (element: { tag: string; rel?: string; href?: string; src?: string }) =>
          head.push(element.tag === 'script' ? `script ${element.src}` : `${element.rel} ${element.href}`),
      },
    },
    setTimeout: (run: () => void, ms = 0) => timers.push({ at: now + ms, run }),
    requestAnimationFrame: () => {
      throw new Error('the loader waits for the paint entry, not for a frame');
    },
    addEventListener: (type: string, listener: () => void) => {
      if (type === 'load') loadListeners.push(listener);
    },
  };
  if (entryTypes) context.PerformanceObserver = PerformanceObserver;
  context.window = context;
  runInNewContext(BOOT_SCRIPT, context);
  return {
    head,
    load: () => loadListeners.splice(0).forEach((listener) => listener()),
    paint: (name = 'first-contentful-paint') =>
      [...observers].forEach((observer) =>
        observer.callback({ getEntriesByName: (wanted) => (wanted === name ? [{ name }] : []) }, observer),
      ),
    /** Runs every timer due within `ms`, in time order, including those they set. */
    advance: async (ms: number) => {
      const until = now + ms;
      for (;;) {
        const due = timers.filter((timer) => timer.at <= until).sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        timers = timers.filter((timer) => timer !== due);
        now = due.at;
        due.run();
        // The chunks' import() calls settle (here they fail: there is no module loader) before the next.
        await new Promise((resolve) => setImmediate(resolve));
      }
      now = until;
    },
  };
}

const EVERYTHING = [
  'modulepreload /assets/react.js',
  'modulepreload /assets/router.js',
  'modulepreload /assets/index.js',
  'script /assets/index.js',
];

describe('the app loader on server-rendered pages', () => {
  it('asks for the app once the page has loaded and its first paint is shown, whichever comes first', async () => {
    for (const order of [['paint', 'load'] as const, ['load', 'paint'] as const]) {
      const page = loaderOnPage();
      page[order[0]]();
      await page.advance(100);
      expect(page.head, `after ${order[0]} alone`).toEqual([]);
      page[order[1]]();
      await page.advance(100);
      expect(page.head, `after ${order.join(' then ')}`).toEqual(EVERYTHING);
    }
  });

  it('waits for the first contentful paint, not for any paint', async () => {
    const page = loaderOnPage();
    page.load();
    page.paint('first-paint');
    await page.advance(100);
    expect(page.head).toEqual([]);
    page.paint();
    await page.advance(100);
    expect(page.head).toEqual(EVERYTHING);
  });

  it('starts once, however the load, the paint and the fallback fall', async () => {
    const page = loaderOnPage();
    page.load();
    page.paint();
    page.paint();
    await page.advance(5000);
    expect(page.head).toEqual(EVERYTHING);
  });

  it('does not wait more than 3 s for a page that does not paint (a background tab) or load', async () => {
    const page = loaderOnPage();
    page.load();
    await page.advance(2999);
    expect(page.head).toEqual([]);
    await page.advance(100);
    expect(page.head).toEqual(EVERYTHING);
    page.paint();
    await page.advance(100);
    expect(page.head).toEqual(EVERYTHING);
  });

  it('runs on a page that has already loaded, once its paint entry comes', async () => {
    const page = loaderOnPage({ readyState: 'complete' });
    await page.advance(100);
    expect(page.head).toEqual([]);
    page.paint();
    await page.advance(100);
    expect(page.head).toEqual(EVERYTHING);
  });

  it('starts on load in a browser without paint timing', async () => {
    for (const entryTypes of [null, ['navigation', 'resource']]) {
      const page = loaderOnPage({ entryTypes });
      await page.advance(100);
      expect(page.head).toEqual([]);
      page.load();
      await page.advance(100);
      expect(page.head, `with entry types ${JSON.stringify(entryTypes)}`).toEqual(EVERYTHING);
    }
  });
});
