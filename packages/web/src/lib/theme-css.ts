import {
  convertCssVariables,
  DEFAULT_THEME,
  defaultCssVariablesResolver,
  mergeMantineTheme,
  type ConvertCSSVariablesInput,
} from '@mantine/core';
import type { AppColors } from '@pluk/contract';
import { createAppTheme, cssVariablesResolver } from './theme';

type Section = keyof ConvertCSSVariablesInput;
const sections: Section[] = ['variables', 'light', 'dark'];

// Mantine's default theme as it is now, when the app loads: `mergeMantineTheme` writes the app's font
// into DEFAULT_THEME.headings (it shares that object with its result), and Mantine took its defaults
// before that too. A copy of `headings` is enough: nothing else of it is written.
const pristineDefaultTheme = { ...DEFAULT_THEME, headings: { ...DEFAULT_THEME.headings } };
let mantineDefaults: ConvertCSSVariablesInput | undefined;
const known = new Map<string, string>();

/**
 * The CSS variables of an app's theme, exactly as Mantine's own `<MantineCssVariables>` writes them
 * (its variables merged with ours, minus those equal to Mantine's defaults, which its stylesheet
 * already has), kept per colours. Mantine computes them in the provider's first render, the longest
 * step of the first screen on a phone; the app computes them here, in a task of their own before that
 * render (main.tsx, decision 071), and the provider only writes the text.
 */
export function themeVariablesCss(colors: AppColors): string {
  const key = `${colors.primary}|${colors.secondary}|${colors.background}`;
  let css = known.get(key);
  if (css === undefined) {
    css = computeCss(colors);
    if (known.size > 20) known.clear();
    known.set(key, css);
  }
  return css;
}

function computeCss(colors: AppColors): string {
  const theme = mergeMantineTheme(
    { ...pristineDefaultTheme, headings: { ...pristineDefaultTheme.headings } },
    createAppTheme(colors),
  );
  const mantine = defaultCssVariablesResolver(theme);
  const ours = cssVariablesResolver(theme);
  mantineDefaults ??= defaultCssVariablesResolver(pristineDefaultTheme);
  const defaults = mantineDefaults;
  const cleaned = {} as ConvertCSSVariablesInput;
  for (const section of sections) {
    const merged: Record<string, string> = { ...mantine[section], ...ours[section] };
    cleaned[section] = Object.fromEntries(
      Object.entries(merged).filter(([name, value]) => defaults[section][name as `--${string}`] !== value),
    );
  }
  return convertCssVariables(cleaned);
}
