import { useCallback, useEffect, useState } from 'react';

/** How far below (or beside) the visible page an element counts as near: it starts loading a screen early. */
const nearMargin = '300px';

/**
 * True once the element with the returned ref is on or near the screen, and from then on: an upload's
 * image is fetched only when somebody may see it (a phone does not spend its data and its first
 * seconds on photos further down the page). Without IntersectionObserver it is true at once.
 */
export function useNearViewport<T extends Element>(): [(element: T | null) => void, boolean] {
  const canObserve = typeof IntersectionObserver !== 'undefined';
  const [near, setNear] = useState(!canObserve);
  const [element, setElement] = useState<T | null>(null);
  const ref = useCallback((next: T | null) => setElement(next), []);
  useEffect(() => {
    if (near || !element) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: nearMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, element]);
  return [ref, near];
}
