/**
 * The `quotas` namespace, added when the first quota screen loads (a page or the task component),
 * not with the app's first load (src/providers/i18n-app.ts leaves it out).
 */
import { addLocaleFiles } from '../../providers/i18n';

addLocaleFiles(import.meta.glob<Record<string, unknown>>('./locales/*/quotas.json', { eager: true, import: 'default' }));
