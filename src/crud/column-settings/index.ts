/** Column settings (表头设置) for list pages; the dialog itself is loaded on first use, never from here. */
export { useColumnSettings, type SettingsColumns } from './use-column-settings';
