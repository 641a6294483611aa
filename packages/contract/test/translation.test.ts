import { describe, expect, it } from 'vitest';
import { overrideProblem, textPlaceholders, translationUpdateSchema } from '../src/translation.js';

describe('translation overrides (decision 083)', () => {
  it('names the placeholders of a text, each once, in every i18next spelling', () => {
    expect(textPlaceholders('Nog {{count}} {{unit}} over, {{ count }}')).toEqual(['count', 'unit']);
    expect(textPlaceholders('{{- html}} op {{date, datetime}}')).toEqual(['html', 'date']);
    expect(textPlaceholders('Geen invulvelden { name }')).toEqual([]);
  });

  it('keeps the placeholders of the bundled text and refuses references to other texts', () => {
    expect(overrideProblem('Van {{name}}', '{{name}} biedt aan')).toBeNull();
    expect(overrideProblem('Van {{name}}', 'Van iemand')).toBe(
      'De tekst moet {{name}} behouden: daar komt de juiste waarde in.',
    );
    expect(overrideProblem('Van {{name}}', 'Van {{name}} op {{date}}')).toBe(
      '{{date}} bestaat niet in deze tekst; gebruik enkel {{name}}.',
    );
    expect(overrideProblem('Alle klusjes', 'Alle {{count}}')).toMatch(/geen invulvelden/);
    expect(overrideProblem('Alle klusjes', 'Zie $t(common:x)')).toMatch(/verwijzing/);
  });

  it('takes a trimmed, non-empty value of at most 2000 characters and a dotted key', () => {
    const valid = translationUpdateSchema.safeParse({
      namespace: 'home',
      key: 'tasks.title',
      value: ' Klusjes ',
    });
    expect(valid.success && valid.data.value).toBe('Klusjes');
    expect(translationUpdateSchema.safeParse({ namespace: 'home', key: 'a..b', value: 'x' }).success).toBe(
      false,
    );
    expect(translationUpdateSchema.safeParse({ namespace: '../x', key: 'a', value: 'x' }).success).toBe(
      false,
    );
    expect(translationUpdateSchema.safeParse({ namespace: 'home', key: 'a', value: ' ' }).success).toBe(
      false,
    );
    expect(
      translationUpdateSchema.safeParse({ namespace: 'home', key: 'a', value: 'x'.repeat(2001) }).success,
    ).toBe(false);
  });
});
