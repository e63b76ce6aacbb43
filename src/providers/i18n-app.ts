/**
 * Every locale namespace beyond the login page's, added before the full app renders; `workflow` is
 * added by the task screens that use it (src/workflows/task-view/locale.ts).
 */
import i18n, { addLocaleFiles } from './i18n';

addLocaleFiles(
  import.meta.glob<Record<string, unknown>>(['../../locales/*/*.json', '!../../locales/*/{common,auth,errors,workflow}.json'], { eager: true, import: 'default' }),
);

export default i18n;
