import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** Focuses the page title (the first h1), making it focusable from script only. */
export function focusPageTitle(): boolean {
  const title = document.querySelector<HTMLElement>('h1');
  if (!title) return false;
  if (!title.hasAttribute('tabindex')) title.setAttribute('tabindex', '-1');
  title.setAttribute('data-route-focus', '');
  title.focus({ preventScroll: true });
  return true;
}

/**
 * After each navigation, once the page is shown (`ready`), focus moves to its title so a screen
 * reader announces the new page and the keyboard starts from the top. The first page of a visit
 * keeps the browser's own focus.
 */
export function useRouteFocus(ready: boolean): void {
  const { key } = useLocation();
  const handledKey = useRef(key);
  useEffect(() => {
    if (!ready || handledKey.current === key) return;
    if (focusPageTitle()) handledKey.current = key;
  }, [key, ready]);
}
