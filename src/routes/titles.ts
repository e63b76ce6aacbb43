/**
 * Titles of menu entries and routes in the active language: the server's (Chinese) title in zh-CN;
 * in another language the `menu` namespace keyed by menuUri, falling back to the server's title.
 * Menu keys contain ':' so they are read with getResource, not t(), which would split them.
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import i18n, { DEFAULT_LANGUAGE } from '../providers/i18n';

export const MENU_NAMESPACE = 'menu';

export interface Titled {
  title: string;
  titleKey?: string;
}

export function translateTitle(entry: Titled, language: string): string {
  if (language === DEFAULT_LANGUAGE || !entry.titleKey) return entry.title;
  const translated: unknown = i18n.getResource(language, MENU_NAMESPACE, entry.titleKey);
  return typeof translated === 'string' && translated ? translated : entry.title;
}

/** The zh-CN title of a static route. */
export function staticTitle(titleKey: string): string {
  const title: unknown = i18n.getResource(DEFAULT_LANGUAGE, MENU_NAMESPACE, titleKey);
  return typeof title === 'string' ? title : titleKey;
}

/** Re-renders on a language switch and translates titles in the new language. */
export function useTitle(): (entry: Titled) => string {
  const { i18n: instance } = useTranslation();
  const language = instance.language;
  return useCallback((entry: Titled) => translateTitle(entry, language), [language]);
}
