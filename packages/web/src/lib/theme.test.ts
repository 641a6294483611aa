import { describe, expect, it } from 'vitest';
import {
  blend,
  colorRoles,
  contrastRatio,
  createAppTheme,
  cssVariablesResolver,
  defaultColors,
  minTextContrast,
  readableShade,
  readableTextOn,
} from './theme';
import { mergeMantineTheme, DEFAULT_THEME } from '@mantine/core';

/** Farm palettes from pale to dark, including ones Mantine's fixed white text would make unreadable. */
const farms = [
  { name: 'Pluk green (default)', ...defaultColors },
  { name: 'pale yellow', primary: '#ffd54f', secondary: '#fff59d', background: '#fffdf5' },
  { name: 'lime', primary: '#c6ff00', secondary: '#76ff03', background: '#ffffff' },
  { name: 'sky', primary: '#81d4fa', secondary: '#b3e5fc', background: '#f4fbff' },
  { name: 'navy', primary: '#1a237e', secondary: '#283593', background: '#f5f6fb' },
  { name: 'black', primary: '#000000', secondary: '#222222', background: '#ffffff' },
  { name: 'white', primary: '#ffffff', secondary: '#eeeeee', background: '#fafafa' },
  { name: 'mid orange', primary: '#f57c00', secondary: '#8d6e3f', background: '#fff8f0' },
  { name: 'short hex', primary: '#e91', secondary: '#963', background: '#fff' },
];

describe('contrast helpers', () => {
  it('computes WCAG contrast ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#fff', '#ffffff')).toBeCloseTo(1, 5);
  });

  it('picks black on light and white on dark colours', () => {
    expect(readableTextOn('#ffd54f')).toBe('#000000');
    expect(readableTextOn('#c6ff00')).toBe('#000000');
    expect(readableTextOn('#1a237e')).toBe('#ffffff');
    expect(readableTextOn('#2f7d32')).toBe('#ffffff');
  });

  it('keeps a readable colour and darkens a pale one until it reads', () => {
    expect(readableShade('#1a237e', ['#ffffff'])).toBe('#1a237e');
    const shade = readableShade('#ffd54f', ['#ffffff', '#fffdf5']);
    expect(shade).not.toBe('#ffd54f');
    expect(contrastRatio(shade, '#ffffff')).toBeGreaterThanOrEqual(minTextContrast);
    expect(contrastRatio(shade, '#fffdf5')).toBeGreaterThanOrEqual(minTextContrast);
  });

  it('blends a tint over a background', () => {
    expect(blend('#000000', '#ffffff', 0.5)).toBe('#808080');
  });
});

describe.each(farms)('the colours of a farm: $name', (farm) => {
  const roles = colorRoles(farm);
  const surfaces = ['#ffffff', farm.background];

  it('puts black or white text on its primary and secondary colours, whichever reads better', () => {
    for (const [surface, text] of [
      [farm.primary, roles.onPrimary],
      [farm.secondary, roles.onAccent],
    ] as const) {
      const other = text === '#000000' ? '#ffffff' : '#000000';
      expect(contrastRatio(text, surface)).toBeGreaterThanOrEqual(contrastRatio(other, surface));
      // The better of black and white always reaches at least 4.58:1.
      expect(contrastRatio(text, surface)).toBeGreaterThan(4.5);
    }
  });

  it('uses a primary text colour (links, light buttons, the active tab) of at least 4.5:1', () => {
    const tint = blend(farm.primary, farm.background, 0.12);
    for (const surface of [...surfaces, tint]) {
      expect(contrastRatio(roles.primaryText, surface)).toBeGreaterThanOrEqual(minTextContrast);
    }
  });

  it('keeps dimmed, error and success text at 4.5:1 on white and on the background', () => {
    for (const text of [roles.dimmed, roles.error, roles.success, roles.accentText]) {
      for (const surface of surfaces) {
        expect(contrastRatio(text, surface)).toBeGreaterThanOrEqual(minTextContrast);
      }
    }
  });

  it('hands these colours to Mantine', () => {
    const theme = mergeMantineTheme(DEFAULT_THEME, createAppTheme(farm));
    const { light, variables } = cssVariablesResolver(theme);
    expect(light['--mantine-color-body']).toBe(farm.background);
    expect(light['--mantine-primary-color-contrast']).toBe(roles.onPrimary);
    expect(light['--mantine-color-anchor']).toBe(roles.primaryText);
    expect(light['--mantine-color-brand-light-color']).toBe(roles.primaryText);
    expect(light['--mantine-color-dimmed']).toBe(roles.dimmed);
    expect(light['--mantine-color-error']).toBe(roles.error);
    expect(variables['--pluk-color-primary-text']).toBe(roles.primaryText);
  });

  it('gives filled brand buttons the readable text colour', () => {
    const theme = mergeMantineTheme(DEFAULT_THEME, createAppTheme(farm));
    const colors = theme.variantColorResolver({ color: undefined, theme, variant: 'filled' });
    expect(colors.color).toBe(roles.onPrimary);
    const accent = theme.variantColorResolver({ color: 'accent', theme, variant: 'filled' });
    expect(accent.color).toBe(roles.onAccent);
  });
});
