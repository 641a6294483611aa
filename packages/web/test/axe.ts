import axe from 'axe-core';
import { beforeEach, vi } from 'vitest';

/**
 * Automated accessibility check (axe-core) of a screen as jsdom renders it. Colour contrast needs real
 * layout and is checked in theme.test.ts (the colour roles) and in the browser instead.
 */
export async function axeViolations(root: Element = document.body): Promise<string[]> {
  const result = await axe.run(root, {
    rules: { 'color-contrast': { enabled: false } },
    resultTypes: ['violations'],
  });
  return result.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} — ${violation.nodes.map((node) => node.html.slice(0, 120)).join(' | ')}`,
  );
}

/** axe probes icon fonts with a canvas, which jsdom does not have: call once at the top of a test file. */
export function withoutCanvas(): void {
  beforeEach(() => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  });
}
