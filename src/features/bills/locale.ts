/** The `bills` namespace, added when the first bill screen loads (src/providers/i18n-app.ts leaves it out). */
import { addLocaleFiles } from '../../providers/i18n';

addLocaleFiles(import.meta.glob<Record<string, unknown>>('./locales/*/bills.json', { eager: true, import: 'default' }));
