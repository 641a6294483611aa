import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n, registerNamespace, setTextOverrides } from './i18n';

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

  it('lets the farm’s overrides win over both variants, also in a namespace that arrives later, until reset', () => {
    const dutch = createI18n('nl-be');
    const coop = createI18n('nl-be-cooperative');
    const bundled = dutch.t('boot.loading');
    setTextOverrides({
      common: { 'boot.loading': 'Even geduld, {{name}}', 'tabs.pluk': 'Oogst' },
      laterNs: { 'deep.text': 'Eigen tekst' },
    });
    expect(dutch.t('boot.loading', { name: 'Lien' })).toBe('Even geduld, Lien');
    expect(coop.t('tabs.pluk')).toBe('Oogst');
    expect(createI18n('nl-be').t('tabs.pluk')).toBe('Oogst');
    registerNamespace('laterNs', { 'nl-be': { deep: { text: 'Gewone tekst', other: 'Ander' } } });
    expect(dutch.t('laterNs:deep.text' as never)).toBe('Eigen tekst');
    expect(coop.t('laterNs:deep.text' as never)).toBe('Eigen tekst');
    expect(dutch.t('laterNs:deep.other' as never)).toBe('Ander');
    setTextOverrides({ laterNs: { 'deep.other': 'Nog anders' } }, true);
    expect(dutch.t('boot.loading')).toBe(bundled);
    expect(coop.t('tabs.pluk')).toBe('Aanbod');
    expect(dutch.t('laterNs:deep.text' as never)).toBe('Gewone tekst');
    expect(dutch.t('laterNs:deep.other' as never)).toBe('Nog anders');
    setTextOverrides({});
    expect(coop.t('laterNs:deep.other' as never)).toBe('Ander');
  });
});
