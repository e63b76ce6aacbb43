/**
 * The `docReview` locale namespace, added when the workspace loads: only this lazily loaded module
 * shows it, so it stays out of the signed-in first load (i18n-app.ts leaves it out).
 */
import { addLocaleFiles } from '../../providers/i18n';

addLocaleFiles(import.meta.glob<Record<string, unknown>>('./locales/*/docReview.json', { eager: true, import: 'default' }));
