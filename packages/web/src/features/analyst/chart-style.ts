import { readableShade } from '../../lib/theme';

/**
 * Colours of a chart's lines: the farm's primary and secondary colour first, then the Okabe–Ito palette
 * (told apart with the common colour-vision deficiencies), each darkened until it stands out 3:1 against
 * the page and the card (WCAG 1.4.11). Lines also differ by dash and by dot, never by colour alone.
 */
const okabeIto = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9'];

export function seriesColors(
  colors: { primary: string; secondary: string; background: string },
  count: number,
) {
  const palette = [colors.primary, colors.secondary, ...okabeIto];
  return palette.slice(0, count).map((color) => readableShade(color, [colors.background, '#ffffff'], 3));
}

/** Solid, dashed, dotted, dash-dot …: the nth line's dash pattern. */
export const dashPatterns = ['0', '8 4', '2 4', '12 4 2 4', '4 4', '16 6'];
export const dashOf = (index: number) => dashPatterns[index % dashPatterns.length]!;
