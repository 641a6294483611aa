import { useEffect, type RefObject } from 'react';

/**
 * Keeps `--pluk-sticky-top` and `--pluk-sticky-bottom` on the page root at the heights of the
 * frame's sticky header and footer, which the page's scroll padding uses (global.css): a field
 * reached with Tab scrolls into view above the footer and below the header (WCAG 2.4.11), also
 * when text is enlarged and the bars grow.
 */
export function useStickyBars(frame: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const root = document.documentElement;
    const element = frame.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const header = element.querySelector<HTMLElement>(':scope > header');
    const footer = element.querySelector<HTMLElement>(':scope > footer');
    const update = () => {
      root.style.setProperty('--pluk-sticky-top', `${header?.offsetHeight ?? 0}px`);
      root.style.setProperty('--pluk-sticky-bottom', `${footer?.offsetHeight ?? 0}px`);
    };
    update();
    const observer = new ResizeObserver(update);
    if (header) observer.observe(header);
    if (footer) observer.observe(footer);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--pluk-sticky-top');
      root.style.removeProperty('--pluk-sticky-bottom');
    };
  });
}
