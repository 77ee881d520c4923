import { act, lazy, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { HydrationPart, afterPartsHydrated } from './hydration-part';

function Page({ part, onReady }: { part: React.ComponentType; onReady: () => void }) {
  useEffect(() => afterPartsHydrated(onReady), [onReady]);
  const Part = part;
  return (
    <div>
      <h1>Shop</h1>
      <HydrationPart>
        <p>first part</p>
      </HydrationPart>
      <HydrationPart>
        <Part />
      </HydrationPart>
    </div>
  );
}

const Carousel = () => <button type="button">Next slide</button>;

describe('HydrationPart', () => {
  it('tells the page is ready only once every part has been taken over, not with the page around them', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Page part={Carousel} onReady={() => undefined} />);
    document.body.append(container);

    // In the browser the second part's code arrives later, so that part stays server HTML meanwhile.
    let arrive = () => {};
    const arrived = new Promise<{ default: typeof Carousel }>((resolve) => {
      arrive = () => resolve({ default: Carousel });
    });
    const LateCarousel = lazy(() => arrived);
    const onReady = vi.fn();
    const root = await act(async () =>
      hydrateRoot(container, <Page part={LateCarousel} onReady={onReady} />),
    );

    expect(onReady).not.toHaveBeenCalled();
    await act(async () => arrive());
    expect(onReady).toHaveBeenCalledTimes(1);
    expect(container.querySelector('button')?.textContent).toBe('Next slide');

    act(() => root.unmount());
    container.remove();
  });

  it('is ready at once on a page rendered in the browser, where nothing waits to be taken over', async () => {
    const onReady = vi.fn();
    const container = document.createElement('div');
    const root = createRoot(container);
    await act(async () => root.render(<Page part={Carousel} onReady={onReady} />));
    expect(onReady).toHaveBeenCalledTimes(1);
    act(() => root.unmount());
  });
});
