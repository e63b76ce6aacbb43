/**
 * i18next, zh-CN by default. The namespaces the login page needs (common, auth, errors) are bundled
 * here; the full app adds every other namespace of locales/<lang>/*.json before it renders
 * (i18n-app.ts), so new screens' copy never weighs on the login page. Refine's i18nProvider is a
 * thin view of the same instance.
 */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { I18nProvider } from '@refinedev/core';

import { mergeLocaleFiles } from '../lib/locale-merge';
import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY as STORAGE_KEY, LANGUAGES, type Language } from './languages';

export { DEFAULT_LANGUAGE, LANGUAGES, type Language };

type Namespaces = Record<string, Record<string, unknown>>;

type LocaleFiles = Record<string, Record<string, unknown>>;

const coreFiles: LocaleFiles = import.meta.glob<Record<string, unknown>>('../../locales/*/{common,auth,errors}.json', { eager: true, import: 'default' });

/**
 * Locale files (path → content) grouped as language → namespace → messages. One namespace may come in
 * several files (the platform's locales/<lang>/<ns>.json and an area's share in
 * src/features/<area>/locales/<lang>/<ns>.json): they are merged (src/lib/locale-merge.ts), not the
 * last one kept. A key defined twice is the locale test's to report (tests/unit/locale-parity.test.ts).
 */
export function localeResources(files: LocaleFiles = coreFiles): Record<string, Namespaces> {
  return mergeLocaleFiles(files).resources;
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
  // The resources are bundled: initialise at once, so the first render already has its language
  // (an asynchronous init re-renders every translated screen a moment later).
  initAsync: false,
});

/** Adds namespaces to the running instance (the full app's, see i18n-app.ts). */
export function addLocaleFiles(files: LocaleFiles): void {
  for (const [lang, namespaces] of Object.entries(localeResources(files))) {
    for (const [ns, messages] of Object.entries(namespaces)) i18n.addResourceBundle(lang, ns, messages, true, true);
  }
}

export function setLanguage(lang: Language): Promise<unknown> {
  localStorage.setItem(STORAGE_KEY, lang);
  document.documentElement.lang = lang;
  return i18n.changeLanguage(lang);
}

// Refine's and Refine-antd's own texts (buttons.*, notifications.*) live in the `refine` namespace.
const PROVIDER_NAMESPACES = ['refine', 'common'];

export const i18nProvider: I18nProvider = {
  translate: (key: string, options?: Record<string, unknown>, defaultMessage?: string) => {
    const lookup = { ns: PROVIDER_NAMESPACES, ...options };
    return i18n.exists(key, lookup) ? String(i18n.t(key, lookup)) : (defaultMessage ?? key);
  },
  changeLocale: (lang: string) => setLanguage(lang as Language),
  getLocale: () => i18n.language,
};

export default i18n;
