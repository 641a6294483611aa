import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { LocaleVariant } from '@pluk/contract';

import auth from '../locales/nl-be/auth.json';
import common from '../locales/nl-be/common.json';
import user from '../locales/nl-be/user.json';
import users from '../locales/nl-be/users.json';
import tasks from '../locales/nl-be/tasks.json';
import events from '../locales/nl-be/events.json';
import posts from '../locales/nl-be/posts.json';
import comments from '../locales/nl-be/comments.json';
import media from '../locales/nl-be/media.json';
import notifications from '../locales/nl-be/notifications.json';
import feedback from '../locales/nl-be/feedback.json';
import home from '../locales/nl-be/home.json';

import coopAuth from '../locales/nl-be-cooperative/auth.json';
import coopCommon from '../locales/nl-be-cooperative/common.json';

export const defaultLocale: LocaleVariant = 'nl-be';
export const namespaces = [
  'common',
  'auth',
  'user',
  'users',
  'tasks',
  'events',
  'posts',
  'comments',
  'media',
  'notifications',
  'feedback',
  'home',
] as const;

/** nl-be is complete; the cooperative variant holds only what it words differently and falls back. */
export const resources = {
  'nl-be': {
    common,
    auth,
    user,
    users,
    tasks,
    events,
    posts,
    comments,
    media,
    notifications,
    feedback,
    home,
  },
  'nl-be-cooperative': { common: coopCommon, auth: coopAuth },
} as const;

/** A fresh i18next instance (the app has one; tests make their own). */
export function createI18n(locale: LocaleVariant = defaultLocale): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources,
    lng: locale,
    fallbackLng: defaultLocale,
    supportedLngs: ['nl-be', 'nl-be-cooperative'],
    lowerCaseLng: true,
    load: 'currentOnly',
    ns: namespaces,
    defaultNS: 'common',
    fallbackNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
    showSupportNotice: false,
  });
  return instance;
}

export const i18n = createI18n();

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: (typeof resources)['nl-be'];
  }
}
