/**
 * Every locale namespace beyond the login page's, added before the full app renders; `workflow`,
 * `docReview` and `realname` are added by the screens that use them (src/workflows/task-view/locale.ts,
 * src/workflows/doc-review/locale.ts, src/pages/realname/locale.ts).
 */
import i18n, { addLocaleFiles } from './i18n';

addLocaleFiles(
  import.meta.glob<Record<string, unknown>>(['../../locales/*/*.json', '!../../locales/*/{common,auth,errors,workflow,docReview,realname}.json'], { eager: true, import: 'default' }),
);

export default i18n;
