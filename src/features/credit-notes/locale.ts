/** The `creditNotes` namespace, added when the first credit-note screen loads. */
import { addLocaleFiles } from '../../providers/i18n';

addLocaleFiles(import.meta.glob<Record<string, unknown>>('./locales/*/creditNotes.json', { eager: true, import: 'default' }));
