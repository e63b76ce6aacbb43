/**
 * The `messages` namespace, added when the drawer, the messages page or the support page loads, not
 * with the app's first load (src/providers/i18n-app.ts leaves it out).
 */
import { addLocaleFiles } from '../../providers/i18n';

addLocaleFiles(import.meta.glob<Record<string, unknown>>('./locales/*/messages.json', { eager: true, import: 'default' }));
