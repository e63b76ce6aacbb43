/**
 * i18next with every namespace of locales/<lang>/*.json bundled (they are small), zh-CN by default.
 * Refine's i18nProvider is a thin view of the same instance.
 */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { I18nProvider } from '@refinedev/core';

export const LANGUAGES = ['zh-CN', 'en-US'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';
const STORAGE_KEY = 'lang';

type Namespaces = Record<string, Record<string, unknown>>;

const files = import.meta.glob<Record<string, unknown>>('../../locales/*/*.json', { eager: true, import: 'default' });

export function localeResources(): Record<string, Namespaces> {
  const resources: Record<string, Namespaces> = {};
  for (const [path, content] of Object.entries(files)) {
    const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!match) continue;
    const [, lang, ns] = match;
    (resources[lang] ??= {})[ns] = content;
  }
  return resources;
}

function storedLanguage(): Language {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE_KEY);
  return (LANGUAGES as readonly string[]).includes(stored ?? '') ? (stored as Language) : DEFAULT_LANGUAGE;
}

const resources = localeResources();

void i18n.use(initReactI18next).init({
  resources,
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  ns: Object.keys(resources[DEFAULT_LANGUAGE] ?? {}),
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
});

export function setLanguage(lang: Language): Promise<unknown> {
  localStorage.setItem(STORAGE_KEY, lang);
  document.documentElement.lang = lang;
  return i18n.changeLanguage(lang);
}

export const i18nProvider: I18nProvider = {
  translate: (key: string, options?: Record<string, unknown>, defaultMessage?: string) =>
    i18n.exists(key) ? String(i18n.t(key, options)) : (defaultMessage ?? key),
  changeLocale: (lang: string) => setLanguage(lang as Language),
  getLocale: () => i18n.language,
};

export default i18n;
