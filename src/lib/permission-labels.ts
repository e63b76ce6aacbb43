/**
 * A permission code as an operator reads it: `financing:application:add` is 融资资格申请 · 新增. The
 * code (area:resource:action) stays what is stored and checked; screens that show one (the audit
 * rules' form, list and change view) label it here, from the permissions namespace (locales/<lang>/permissions.json,
 * the actions' and the platform's names, and each area's share in src/features/<area>/locales/): the
 * resource's name (the menu it is granted with) and the action's. A code whose resource or action has
 * no label (one a later area declares before naming it) is shown as it is, never as a raw key.
 */
type T = (key: string, options?: Record<string, string>) => string;

/** The label of one permission code; the code itself where it has none. */
export function permissionLabel(code: string, t: T): string {
  const parts = code.split(':');
  if (parts.length !== 3 || parts.some((part) => !part)) return code;
  const [area, resource, action] = parts;
  const group = t(`permissions:groups.${area}.${resource}`, { defaultValue: '' });
  const verb = t(`permissions:actions.${action}`, { defaultValue: '' });
  return group && verb ? t('permissions:label', { group, action: verb }) : code;
}

/** Options of a permission picker: the code as value, its label shown and searched, the code kept beside it for whoever types one. */
export const permissionOptions = (codes: readonly string[], t: T) =>
  codes.map((code) => ({ value: code, label: permissionLabel(code, t), title: code })).sort((a, b) => a.label.localeCompare(b.label, 'zh-CN'));
