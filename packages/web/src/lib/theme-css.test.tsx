import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { AppColors } from '@pluk/contract';
import { describe, expect, it } from 'vitest';
import { createAppTheme, cssVariablesResolver, defaultColors } from './theme';
import { themeVariablesCss } from './theme-css';

/** What Mantine's own provider writes for these colours with our resolver (the way before decision 071). */
function mantineOwnCss(colors: AppColors): string {
  const { container, unmount } = render(
    <MantineProvider theme={createAppTheme(colors)} cssVariablesResolver={cssVariablesResolver}>
      <span />
    </MantineProvider>,
  );
  const style = [...document.querySelectorAll('style')].find(
    (element) => element.getAttribute('data-mantine-styles') !== 'classes',
  );
  const css = style?.innerHTML ?? '';
  unmount();
  container.remove();
  return css;
}

describe('themeVariablesCss (decision 071)', () => {
  it.each<[string, AppColors]>([
    ['Pluk’s own colours', defaultColors],
    ['a pale yellow farm', { primary: '#f5e663', secondary: '#c0ffee', background: '#ffffff' }],
    ['a dark farm', { primary: '#1b1f3b', secondary: '#5a189a', background: '#101010' }],
  ])('writes exactly what Mantine’s provider writes for %s', (_name, colors) => {
    const expected = mantineOwnCss(colors);
    expect(expected).toContain('--mantine-color-brand-6');
    expect(themeVariablesCss(colors)).toBe(expected);
  });

  it('keeps the text per colours', () => {
    const colors = { primary: '#336699', secondary: '#996633', background: '#fafafa' };
    expect(themeVariablesCss({ ...colors })).toBe(themeVariablesCss({ ...colors }));
  });
});
