/** The languages of the app and where the operator's choice is kept (read by i18n.ts and by index.html's loading screen). */
export const LANGUAGES = ['zh-CN', 'en-US'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';
/** The local-storage key of the chosen language. */
export const LANGUAGE_STORAGE_KEY = 'lang';
