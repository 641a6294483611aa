import { createTheme, type MantineColorsTuple, type MantineThemeOverride } from '@mantine/core';
import type { AppColors } from '@pluk/contract';

/** Pluk's own colours, used until (or when) the app's colours cannot be loaded. */
export const defaultColors: AppColors = { primary: '#2f7d32', secondary: '#8d6e3f', background: '#f6f8f3' };

function parseHex(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function toHex(rgb: [number, number, number]): string {
  return `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}

function mix(hex: string, target: [number, number, number], amount: number): string {
  const rgb = parseHex(hex);
  return toHex([0, 1, 2].map((i) => rgb[i]! + (target[i]! - rgb[i]!) * amount) as [number, number, number]);
}

/**
 * A Mantine 10-shade palette around one colour: lighter tints for 0–5, the colour itself at 6
 * (Mantine's primary shade in light mode), darker shades for 7–9.
 */
export function paletteFrom(hex: string): MantineColorsTuple {
  const white: [number, number, number] = [255, 255, 255];
  const black: [number, number, number] = [0, 0, 0];
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

/** The Mantine theme of an app: its primary and secondary colours as palettes. */
export function createAppTheme(colors: AppColors = defaultColors): MantineThemeOverride {
  return createTheme({
    primaryColor: 'brand',
    primaryShade: 6,
    autoContrast: true,
    colors: { brand: paletteFrom(colors.primary), accent: paletteFrom(colors.secondary) },
    defaultRadius: 'md',
    fontFamily:
      'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    other: { background: colors.background },
  });
}
