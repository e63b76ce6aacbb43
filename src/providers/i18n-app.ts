/**
 * Every locale namespace beyond the login page's, added before the full app renders: the platform's
 * files (locales/<lang>/) and every area's (src/features/<area>/locales/<lang>/), one namespace's
 * files merged (i18n.ts localeResources). Left out, in both places alike:
 * `server` (the reference server's messages; the browser shows what the server answers) and the
 * namespaces a lazily loaded feature adds itself when its module loads, so their copy does not weigh
 * on the first load: `workflow` (src/workflows/task-view/locale.ts), `docReview`
 * (src/features/doc-review/locale.ts), `realname` (src/features/realname/locale.ts), `certificates`
 * (src/features/certificates/locale.ts), `quotas` (src/features/quotas/locale.ts), `abs` (src/features/abs/locale.ts), `bills` (src/features/bills/locale.ts),
 * `dashboard` (src/features/dashboard/locale.ts), `messages` (src/features/messages/locale.ts) and `formGuard`
 * (src/components/form-guard/locale.ts).
 */
import i18n, { addLocaleFiles } from './i18n';

addLocaleFiles(
  import.meta.glob<Record<string, unknown>>(
    [
      '../../locales/*/*.json',
      '../features/*/locales/*/*.json',
      '!../../locales/*/{common,auth,errors,server,workflow,docReview,realname,certificates,quotas,abs,bills,dashboard,messages,formGuard}.json',
      '!../features/*/locales/*/{common,auth,errors,server,workflow,docReview,realname,certificates,quotas,abs,bills,dashboard,messages,formGuard}.json',
    ],
    { eager: true, import: 'default' },
  ),
);

export default i18n;
