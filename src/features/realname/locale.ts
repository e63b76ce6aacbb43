/**
 * The `realname` locale namespace, added when the first real-name screen loads, so its copy stays
 * out of the signed-in first load (i18n-app.ts leaves it out). Every real-name module imports this first.
 */
import { addLocaleFiles } from '../../providers/i18n';

addLocaleFiles(import.meta.glob<Record<string, unknown>>('./locales/*/realname.json', { eager: true, import: 'default' }));
