/** The `formGuard` locale namespace, added when the first guarded form loads. */
import { addLocaleFiles } from '../../providers/i18n';

addLocaleFiles(import.meta.glob<Record<string, unknown>>('../../../locales/*/formGuard.json', { eager: true, import: 'default' }));
