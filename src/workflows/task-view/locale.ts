/**
 * The `workflow` locale namespace, added when the first task screen loads: only lazily loaded
 * workflow screens use it, so it stays out of the signed-in first load (i18n-app.ts leaves it out).
 * Every module that renders workflow copy imports this first.
 */
import { addLocaleFiles } from '../../providers/i18n';

// The platform's file and every area's share (its processes' names and task summaries), merged.
addLocaleFiles(
  import.meta.glob<Record<string, unknown>>(['../../../locales/*/workflow.json', '../../features/*/locales/*/workflow.json'], {
    eager: true,
    import: 'default',
  }),
);
