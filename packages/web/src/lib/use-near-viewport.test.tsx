import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNearViewport } from './use-near-viewport';

function Probe() {
  const [ref, near] = useNearViewport<HTMLDivElement>();
  return <div ref={ref}>{near ? 'near' : 'far'}</div>;
}

describe('useNearViewport', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is true at once where the browser cannot observe', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<Probe />);
    expect(screen.getByText('near')).toBeInTheDocument();
  });

  it('turns true when the element comes near the screen, and stays true', () => {
    const observers: { callback: IntersectionObserverCallback; options?: IntersectionObserverInit }[] = [];
    const disconnect = vi.fn();
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
          observers.push({ callback, options });
        }
        observe() {}
        disconnect = disconnect;
      },
    );
    render(<Probe />);
    expect(screen.getByText('far')).toBeInTheDocument();
    expect(observers[0]?.options?.rootMargin).toBe('300px');
    const report = (isIntersecting: boolean) =>
      act(() =>
        observers[0]!.callback([{ isIntersecting } as IntersectionObserverEntry], {} as IntersectionObserver),
      );
    report(false);
    expect(screen.getByText('far')).toBeInTheDocument();
    report(true);
    expect(screen.getByText('near')).toBeInTheDocument();
    // Once near, it stops observing: scrolling away does not unload the image.
    expect(disconnect).toHaveBeenCalled();
  });
});
