/** The `redemption` namespace (and `creditNotes`, whose note statuses it shows), added when the payment audit loads. */
import { addLocaleFiles } from '../../providers/i18n';
import '../credit-notes/locale';

addLocaleFiles(import.meta.glob<Record<string, unknown>>('./locales/*/redemption.json', { eager: true, import: 'default' }));
