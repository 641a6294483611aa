import { useEffect, type RefObject } from 'react';

/**
 * Keeps `--pluk-sticky-top` and `--pluk-sticky-bottom` on the page root at the heights of the
 * frame's sticky header and footer, which the page's scroll padding uses (global.css): a field
 * reached with Tab scrolls into view above the footer and below the header (WCAG 2.4.11), also
 * when text is enlarged and the bars grow. It observes the bars again only when one comes or goes.
 */
export function useStickyBars(
  frame: RefObject<HTMLElement | null>,
  hasHeader: boolean,
  hasFooter: boolean,
): void {
  useEffect(() => {
    const root = document.documentElement;
    const element = frame.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const header = element.querySelector<HTMLElement>(':scope > header');
    const footer = element.querySelector<HTMLElement>(':scope > footer');
    // Rounded up: a bar of 61.4 px would otherwise still cover the last fraction of a pixel.
    const height = (bar: HTMLElement | null) => (bar ? Math.ceil(bar.getBoundingClientRect().height) : 0);
    const update = () => {
      root.style.setProperty('--pluk-sticky-top', `${height(header)}px`);
      root.style.setProperty('--pluk-sticky-bottom', `${height(footer)}px`);
    };
    // No first `update()` here: observing reports each bar once it is laid out, without forcing a
    // layout in the middle of the first render's task.
    const observer = new ResizeObserver(update);
    if (header) observer.observe(header);
    if (footer) observer.observe(footer);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--pluk-sticky-top');
      root.style.removeProperty('--pluk-sticky-bottom');
    };
  }, [frame, hasHeader, hasFooter]);
}
