/** The `abs` namespace, added when the first securitisation screen loads (src/providers/i18n-app.ts leaves it out). */
import { addLocaleFiles } from '../../providers/i18n';

addLocaleFiles(import.meta.glob<Record<string, unknown>>('./locales/*/abs.json', { eager: true, import: 'default' }));
