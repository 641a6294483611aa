import {
  createTheme,
  defaultVariantColorsResolver,
  parseThemeColor,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type MantineThemeOverride,
  type VariantColorsResolver,
} from '@mantine/core';
import type { AppColors } from '@pluk/contract';

/** Pluk's own colours, used until (or when) the app's colours cannot be loaded. */
export const defaultColors: AppColors = { primary: '#2f7d32', secondary: '#8d6e3f', background: '#f6f8f3' };

type Rgb = [number, number, number];

const white: Rgb = [255, 255, 255];
const black: Rgb = [0, 0, 0];

/** WCAG 2 AA for normal text. */
export const minTextContrast = 4.5;

function parseHex(hex: string): Rgb {
  let digits = hex.replace('#', '').trim();
  if (digits.length === 3) digits = [...digits].map((digit) => digit + digit).join('');
  const value = Number.parseInt(digits.slice(0, 6), 16);
  if (Number.isNaN(value)) return [0, 0, 0];
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function toHex(rgb: Rgb): string {
  return `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}

function mixRgb(rgb: Rgb, target: Rgb, amount: number): Rgb {
  return [0, 1, 2].map((i) => rgb[i]! + (target[i]! - rgb[i]!) * amount) as Rgb;
}

function mix(hex: string, target: Rgb, amount: number): string {
  return toHex(mixRgb(parseHex(hex), target, amount));
}

/** `color` at `alpha` over `background`, as the eye sees it (Mantine's light variants are 10 % tints). */
export function blend(color: string, background: string, alpha: number): string {
  return toHex(mixRgb(parseHex(background), parseHex(color), alpha));
}

/** WCAG 2 relative luminance of a hex colour. */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map((channel) => {
    const value = channel / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two hex colours (1–21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * Pure colour sums kept by their arguments: the theme asks them again on every render of a filled
 * button or badge and of Mantine's variables, for the same few colours (decision 069).
 */
function remembered<R>(compute: (...args: string[]) => R): (...args: string[]) => R {
  const known = new Map<string, R>();
  return (...args) => {
    const key = args.join('|');
    let value = known.get(key);
    if (value === undefined) {
      value = compute(...args);
      if (known.size > 500) known.clear();
      known.set(key, value);
    }
    return value;
  };
}

const textOn = remembered((background) =>
  contrastRatio('#000000', background) >= contrastRatio('#ffffff', background) ? '#000000' : '#ffffff',
);

/** Black or white, whichever reads better on `background` (text on primary buttons and badges). */
export function readableTextOn(background: string): '#000000' | '#ffffff' {
  return textOn(background) as '#000000' | '#ffffff';
}

/**
 * `hex` itself when it reads as text on every one of `backgrounds`, else the nearest darker (or, on
 * dark backgrounds, lighter) shade of it that does: a farm's pale yellow still gets readable links.
 */
export function readableShade(hex: string, backgrounds: string[], min = minTextContrast): string {
  return shade(hex, String(min), ...backgrounds);
}

const shade = remembered((hex, minText, ...backgrounds) => {
  const min = Number(minText);
  const passes = (candidate: string) => backgrounds.every((bg) => contrastRatio(candidate, bg) >= min);
  if (passes(hex)) return hex.toLowerCase();
  const darkBackgrounds = backgrounds.every((bg) => readableTextOn(bg) === '#ffffff');
  const target = darkBackgrounds ? white : black;
  for (let step = 1; step <= 20; step++) {
    const candidate = mix(hex, target, step * 0.05);
    if (passes(candidate)) return candidate;
  }
  return toHex(target);
});

/**
 * A Mantine 10-shade palette around one colour: lighter tints for 0–5, the colour itself at 6
 * (Mantine's primary shade in light mode), darker shades for 7–9.
 */
export function paletteFrom(hex: string): MantineColorsTuple {
  return [
    mix(hex, white, 0.92),
    mix(hex, white, 0.8),
    mix(hex, white, 0.65),
    mix(hex, white, 0.5),
    mix(hex, white, 0.35),
    mix(hex, white, 0.18),
    hex.toLowerCase(),
    mix(hex, black, 0.15),
    mix(hex, black, 0.3),
    mix(hex, black, 0.45),
  ];
}

/** The colours text and controls use, derived from the farm's colours so every farm stays readable. */
export interface ColorRoles {
  /** Text on a filled primary button, badge or icon: black or white. */
  onPrimary: string;
  onAccent: string;
  /** The primary colour as text (links, light and subtle buttons, the active tab) on white, the page
   * background and the 10 % tint of light buttons. */
  primaryText: string;
  accentText: string;
  /** Secondary text (Mantine's "dimmed") on white and on the page background. */
  dimmed: string;
  /** Error text (field errors, red light buttons) and success text, readable on the same surfaces. */
  error: string;
  success: string;
}

export function colorRoles(colors: AppColors): ColorRoles {
  const surfaces = (hex: string) => [
    '#ffffff',
    colors.background,
    blend(hex, '#ffffff', 0.12),
    blend(hex, colors.background, 0.12),
  ];
  return {
    onPrimary: readableTextOn(colors.primary),
    onAccent: readableTextOn(colors.secondary),
    primaryText: readableShade(colors.primary, surfaces(colors.primary)),
    accentText: readableShade(colors.secondary, surfaces(colors.secondary)),
    dimmed: readableShade('#868e96', ['#ffffff', colors.background, '#f8f9fa']),
    error: readableShade('#e03131', surfaces('#fa5252')),
    success: readableShade('#2f9e44', surfaces('#40c057')),
  };
}

/** Filled brand and accent surfaces get black or white text by contrast, not Mantine's fixed white. */
const variantColorResolver: VariantColorsResolver = (input) => {
  const color = input.color || input.theme.primaryColor;
  const result = defaultVariantColorsResolver({ ...input, color });
  if (input.variant !== 'filled') return result;
  const parsed = parseThemeColor({ color, theme: input.theme });
  if (parsed.isThemeColor && (parsed.color === 'brand' || parsed.color === 'accent') && parsed.value) {
    return { ...result, color: readableTextOn(parsed.value) };
  }
  return result;
};

let resolved: { colors: AppColors; variables: ReturnType<CSSVariablesResolver> } | undefined;

/** Mantine's CSS variables, adjusted to the farm's colours (see `colorRoles`); the last answer is kept. */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => {
  const colors = (theme.other.colors as AppColors | undefined) ?? defaultColors;
  if (resolved?.colors === colors) return resolved.variables;
  const variables = resolveVariables(colors);
  resolved = { colors, variables };
  return variables;
};

function resolveVariables(colors: AppColors): ReturnType<CSSVariablesResolver> {
  const roles = colorRoles(colors);
  // Light badges and buttons (status badges: waiting, confirmed, full): their text read on their tint.
  const lightText = (hex: string) =>
    readableShade(hex, [
      '#ffffff',
      colors.background,
      blend(hex, '#ffffff', 0.12),
      blend(hex, colors.background, 0.12),
    ]);
  return {
    variables: {
      '--pluk-color-primary-text': roles.primaryText,
      '--pluk-color-success': roles.success,
    },
    light: {
      '--mantine-color-body': colors.background,
      '--mantine-color-dimmed': roles.dimmed,
      '--mantine-color-anchor': roles.primaryText,
      '--mantine-primary-color-contrast': roles.onPrimary,
      '--mantine-color-brand-text': roles.primaryText,
      '--mantine-color-brand-light-color': roles.primaryText,
      '--mantine-color-brand-outline': roles.primaryText,
      '--mantine-color-accent-text': roles.accentText,
      '--mantine-color-accent-light-color': roles.accentText,
      '--mantine-color-accent-outline': roles.accentText,
      // Mantine's grey and red defaults (grey 6, red 6) are below 4.5:1 as text.
      '--mantine-color-gray-light-color': 'var(--mantine-color-gray-8)',
      '--mantine-color-error': roles.error,
      '--mantine-color-red-text': roles.error,
      '--mantine-color-red-light-color': roles.error,
      '--mantine-color-red-outline': roles.error,
      '--mantine-color-green-light-color': lightText('#40c057'),
      '--mantine-color-yellow-light-color': lightText('#fab005'),
      '--mantine-color-orange-light-color': lightText('#fd7e14'),
      '--mantine-color-blue-light-color': lightText('#228be6'),
    },
    dark: {},
  };
}

/**
 * The Mantine theme of an app: its primary and secondary colours as palettes. `closeLabel` names the close
 * button of every notification (Mantine's has no text of its own, so axe finds a nameless button).
 */
export function createAppTheme(
  colors: AppColors = defaultColors,
  closeLabel = 'Sluiten',
): MantineThemeOverride {
  return createTheme({
    primaryColor: 'brand',
    primaryShade: 6,
    autoContrast: true,
    // The luminance where black and white text have equal contrast: Mantine then picks the better one.
    luminanceThreshold: 0.179,
    variantColorResolver,
    colors: { brand: paletteFrom(colors.primary), accent: paletteFrom(colors.secondary) },
    defaultRadius: 'md',
    fontFamily:
      'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    other: { background: colors.background, colors },
    components: { Notification: { defaultProps: { closeButtonProps: { 'aria-label': closeLabel } } } },
  });
}
