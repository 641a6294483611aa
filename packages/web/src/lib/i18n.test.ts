import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from './i18n';

describe('i18n', () => {
  afterEach(() => vi.restoreAllMocks());

  it('translates in the cooperative variant, falling back to nl-be where it words nothing differently', () => {
    const i18n = createI18n('nl-be-cooperative');
    expect(i18n.t('tabs.pluk')).toBe('Aanbod');
    expect(i18n.t('boot.loading')).toBe(createI18n('nl-be').t('boot.loading'));
    expect(createI18n('nl-be').t('tabs.pluk')).not.toBe('Aanbod');
  });

  it('works out each language code once, not on every translation (web round 10)', () => {
    const i18n = createI18n('nl-be-cooperative');
    i18n.t('tabs.pluk');
    const canonical = vi.spyOn(Intl, 'getCanonicalLocales');
    for (let i = 0; i < 20; i++) {
      i18n.t('tabs.pluk');
      i18n.t('boot.loading');
    }
    expect(canonical).not.toHaveBeenCalled();
    expect(i18n.services.languageUtils.formatLanguageCode('nl-be-cooperative')).toBe('nl-be-cooperative');
    expect(i18n.services.languageUtils.formatLanguageCode('nl-BE')).toBe('nl-be');
  });
});
