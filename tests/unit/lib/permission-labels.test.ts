/**
 * Permission codes read as labels (issue 37, the audit-rule screens): every permission the app knows
 * has its resource's and its action's name in both languages, so no screen falls back to a raw code;
 * a code without one (a later area's) is shown as it is, never as a locale key.
 */
import { localeNamespace } from '../../../server/locale-catalogue';
import { knownPermissions } from '../../../src/crud/resource';
import { permissionLabel, permissionOptions } from '../../../src/lib/permission-labels';
import { RESOURCES, TEST_ONLY_RESOURCES } from '../../../src/resources';

/**
 * The namespace as the app has it: the platform's locales/<lang>/permissions.json and each area's share
 * (src/features/<area>/locales/<lang>/permissions.json: the names of its resources), merged.
 */
const zhCN = localeNamespace('zh-CN', 'permissions') as { groups: Record<string, Record<string, string>>; actions: Record<string, string> };
const enUS = localeNamespace('en-US', 'permissions');
/** Every permission the code knows: the catalogues' and every declared resource's (one made by the scaffold included), the test-only ones aside. */
const ALL_PERMISSIONS = knownPermissions(RESOURCES.filter((resource) => !TEST_ONLY_RESOURCES.includes(resource)));

/** A t over one language's permissions namespace, as i18next resolves it (nested keys, defaultValue, {{params}}). */
const tOf =
  (catalogue: Record<string, unknown>) =>
  (key: string, options: Record<string, string> = {}): string => {
    const [namespace, path] = key.split(':');
    expect(namespace).toBe('permissions');
    const node = path.split('.').reduce<unknown>((at, part) => (at && typeof at === 'object' ? (at as Record<string, unknown>)[part] : undefined), catalogue);
    if (typeof node !== 'string') return options.defaultValue ?? key;
    return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => options[name] ?? '');
  };
const zh = tOf(zhCN);
const en = tOf(enUS);

describe('permission labels', () => {
  it.each([
    ['zh-CN', zh],
    ['en-US', en],
  ])('name every known permission in %s, each one differently', (_lang, t) => {
    const labels = ALL_PERMISSIONS.map((code) => permissionLabel(code, t));
    for (const [i, label] of labels.entries()) {
      expect(label, ALL_PERMISSIONS[i]).not.toBe(ALL_PERMISSIONS[i]);
      expect(label, ALL_PERMISSIONS[i]).not.toMatch(/permissions:|:/);
    }
    expect(new Set(labels).size).toBe(new Set(ALL_PERMISSIONS).size);
  });

  it('read as the resource and the action, in each language', () => {
    expect(permissionLabel('financing:application:add', zh)).toBe('融资资格申请 · 新增');
    expect(permissionLabel('financing:application:add', en)).toBe('Financing applications · Add');
    expect(permissionLabel('credit:redeem:audit', zh)).toBe('白条兑付 · 审核');
  });

  it('leave a code without a label as it is', () => {
    for (const code of ['later:area:add', 'financing:application:launch', 'not-a-code', 'a::b']) expect(permissionLabel(code, zh)).toBe(code);
  });

  it('hold no name that no permission uses', () => {
    const areas = new Set(ALL_PERMISSIONS.map((code) => code.split(':').slice(0, 2).join('.')));
    const actions = new Set(ALL_PERMISSIONS.map((code) => code.split(':')[2]));
    const groups = Object.entries(zhCN.groups).flatMap(([area, resources]) => Object.keys(resources).map((resource) => `${area}.${resource}`));
    expect(groups.sort()).toEqual([...areas].sort());
    expect(Object.keys(zhCN.actions).sort()).toEqual([...actions].sort());
  });

  it('offer the codes as values, labelled and sorted by label', () => {
    const options = permissionOptions(['financing:application:add', 'corp:corporation:list'], zh);
    expect(options).toEqual(
      [
        { value: 'financing:application:add', label: '融资资格申请 · 新增', title: 'financing:application:add' },
        { value: 'corp:corporation:list', label: '企业管理 · 列表', title: 'corp:corporation:list' },
      ].sort((a, b) => a.label.localeCompare(b.label, 'zh-CN')),
    );
  });
});
