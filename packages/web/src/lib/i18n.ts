import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { LocaleVariant } from '@pluk/contract';

import common from '../locales/nl-be/common.json';
import coopCommon from '../locales/nl-be-cooperative/common.json';

export const defaultLocale: LocaleVariant = 'nl-be';

type Texts = Record<string, unknown>;

/**
 * The texts loaded so far, per locale variant and namespace. `common` is always here; every other
 * namespace arrives with the code that uses it (build/locale-namespaces.ts, decision 057), which calls
 * `registerNamespace` before any of its components renders. nl-be is complete; the cooperative variant
 * holds only what it words differently and falls back.
 */
const loaded: Record<LocaleVariant, Record<string, Texts>> = {
  'nl-be': { common },
  'nl-be-cooperative': { common: coopCommon },
};
const instances = new Set<I18n>();
const variants = Object.keys(loaded) as LocaleVariant[];

/**
 * The farm's own wordings (decision 083): `{ namespace: { 'dotted.key': text } }`, set by an Admin on
 * /applicationManager/translations. They win over the bundled texts of both variants (a farm runs one).
 */
let overrides: Record<string, Record<string, string>> = {};

/** A copy of `bundle` with the namespace's overrides written over it (keys flattened with dots). */
function withOverrides(
  bundle: Texts | undefined,
  own: Record<string, string> | undefined,
): Texts | undefined {
  if (!own) return bundle;
  const result = structuredClone(bundle ?? {});
  for (const [key, value] of Object.entries(own)) {
    const path = key.split('.');
    let node: Texts = result;
    for (const part of path.slice(0, -1)) {
      const next = node[part];
      node = (node[part] = next && typeof next === 'object' ? next : {}) as Texts;
    }
    node[path[path.length - 1]!] = value;
  }
  return result;
}

/** Puts a namespace's texts, with the farm's overrides, in every instance (replacing what it held). */
function refreshNamespace(ns: string): void {
  for (const variant of variants) {
    const texts = withOverrides(loaded[variant][ns], overrides[ns]);
    for (const instance of instances) {
      instance.removeResourceBundle(variant, ns);
      if (texts) instance.addResourceBundle(variant, ns, texts, true, true);
    }
  }
}

/** Adds a namespace's texts to every i18next instance, present and future. */
export function registerNamespace(ns: string, texts: Partial<Record<LocaleVariant, Texts>>): void {
  for (const [variant, bundle] of Object.entries(texts) as [LocaleVariant, Texts][]) {
    loaded[variant][ns] = bundle;
    if (!overrides[ns])
      for (const instance of instances) instance.addResourceBundle(variant, ns, bundle, true, true);
  }
  if (overrides[ns]) refreshNamespace(ns);
}

/**
 * Replaces the farm's overrides (decision 083): every loaded namespace they touch, now or before, is
 * put in again; a namespace that arrives later gets its overrides on arrival. Components re-render when
 * `rerender` is set (the Admin's own tab after a change; start-up applies them before the first render).
 */
export function setTextOverrides(next: Record<string, Record<string, string>>, rerender = false): void {
  const touched = new Set([...Object.keys(overrides), ...Object.keys(next)]);
  overrides = next;
  for (const ns of touched) if (variants.some((variant) => loaded[variant][ns])) refreshNamespace(ns);
  // Every mounted useTranslation redraws on 'languageChanged'. Said directly: changeLanguage to the
  // language in use does not always say it (its resolved code need not match the one asked for).
  if (rerender) for (const instance of instances) instance.emit('languageChanged', instance.language);
}

/** The farm's overrides as applied now. */
export function textOverrides(): Readonly<Record<string, Readonly<Record<string, string>>>> {
  return overrides;
}

/** The namespaces whose texts have arrived (nl-be). */
export function loadedNamespaces(): string[] {
  return Object.keys(loaded['nl-be']);
}

/**
 * i18next canonicalises the language codes on every `t()` (`Intl.getCanonicalLocales`, for the current
 * and the fallback language), and for `nl-be-cooperative`, which is no valid BCP 47 tag, through a
 * RangeError it throws and catches: about a third of each translation's time, and the home's first
 * render translates a few hundred texts on a slow phone (web round 10). The answer depends on the code
 * alone, so each is worked out once.
 */
function rememberLanguageCodes(instance: I18n): void {
  const utils = instance.services.languageUtils as { formatLanguageCode: (code: unknown) => unknown };
  const format = utils.formatLanguageCode.bind(utils);
  const known = new Map<string, unknown>();
  utils.formatLanguageCode = (code) => {
    if (typeof code !== 'string') return format(code);
    if (!known.has(code)) known.set(code, format(code));
    return known.get(code);
  };
}

/** A fresh i18next instance (the app has one; tests make their own). */
export function createI18n(locale: LocaleVariant = defaultLocale): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: Object.fromEntries(
      variants.map((variant) => [
        variant,
        Object.fromEntries(
          Object.entries(loaded[variant]).map(([ns, texts]) => [ns, withOverrides(texts, overrides[ns])!]),
        ),
      ]),
    ),
    lng: locale,
    fallbackLng: defaultLocale,
    supportedLngs: ['nl-be', 'nl-be-cooperative'],
    lowerCaseLng: true,
    load: 'currentOnly',
    ns: ['common'],
    defaultNS: 'common',
    fallbackNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
    showSupportNotice: false,
  });
  rememberLanguageCodes(instance);
  instances.add(instance);
  return instance;
}

export const i18n = createI18n();

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      auth: typeof import('../locales/nl-be/auth.json');
      user: typeof import('../locales/nl-be/user.json');
      users: typeof import('../locales/nl-be/users.json');
      emailChange: typeof import('../locales/nl-be/emailChange.json');
      imports: typeof import('../locales/nl-be/imports.json');
      dialogs: typeof import('../locales/nl-be/dialogs.json');
      tasks: typeof import('../locales/nl-be/tasks.json');
      events: typeof import('../locales/nl-be/events.json');
      posts: typeof import('../locales/nl-be/posts.json');
      editor: typeof import('../locales/nl-be/editor.json');
      lists: typeof import('../locales/nl-be/lists.json');
      comments: typeof import('../locales/nl-be/comments.json');
      media: typeof import('../locales/nl-be/media.json');
      notifications: typeof import('../locales/nl-be/notifications.json');
      feedback: typeof import('../locales/nl-be/feedback.json');
      home: typeof import('../locales/nl-be/home.json');
      market: typeof import('../locales/nl-be/market.json');
      harvest: typeof import('../locales/nl-be/harvest.json');
      requests: typeof import('../locales/nl-be/requests.json');
      wallet: typeof import('../locales/nl-be/wallet.json');
      productManager: typeof import('../locales/nl-be/productManager.json');
      requestManager: typeof import('../locales/nl-be/requestManager.json');
      internalBank: typeof import('../locales/nl-be/internalBank.json');
      pluk: typeof import('../locales/nl-be/pluk.json');
      subscription: typeof import('../locales/nl-be/subscription.json');
      // bank (admin)
      bankAdmin: typeof import('../locales/nl-be/bankAdmin.json');
      // bank (manager)
      bankManager: typeof import('../locales/nl-be/bankManager.json');
      // bank (member)
      bank: typeof import('../locales/nl-be/bank.json');
      // re-enrolment (manager)
      reenrolmentManager: typeof import('../locales/nl-be/reenrolmentManager.json');
      // re-enrolment (member)
      reenrolment: typeof import('../locales/nl-be/reenrolment.json');
      // admin actions
      admin: typeof import('../locales/nl-be/admin.json');
      // translations (Admin)
      translation: typeof import('../locales/nl-be/translation.json');
      // settings
      settings: typeof import('../locales/nl-be/settings.json');
      // e-mails and communication (manager)
      communication: typeof import('../locales/nl-be/communication.json');
      // analyst
      analyst: typeof import('../locales/nl-be/analyst.json');
      management: typeof import('../locales/nl-be/management.json');
    };
  }
}
