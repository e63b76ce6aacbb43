/**
 * The `dashboard` namespace, added when the dashboard loads (src/providers/i18n-app.ts leaves it out
 * of the first load), with `workflow` for the process names of the approvals panel.
 */
import { addLocaleFiles } from '../../providers/i18n';
import '../../workflows/task-view/locale';

addLocaleFiles(import.meta.glob<Record<string, unknown>>('./locales/*/dashboard.json', { eager: true, import: 'default' }));
