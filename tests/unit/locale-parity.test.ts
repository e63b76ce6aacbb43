import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { localeConflicts, localeFilePaths, localeNamespace, localeNamespaces } from '../../server/locale-catalogue';

/**
 * The catalogue as the server and the browser merge it (server/locale-catalogue.ts): the platform's
 * files in locales/<lang>/ and each area's in src/features/<area>/locales/<lang>/.
 */
const root = join(import.meta.dirname, '../..');
const readFile = (path: string) => JSON.parse(readFileSync(join(root, path), 'utf8')) as Record<string, unknown>;
const read = (lang: string, namespace: string) => localeNamespace(lang, namespace) as Record<string, unknown>;

/** Every leaf key as a dotted path (menu keys hold ':' and stay whole). */
function leafKeys(value: unknown, prefix = ''): string[] {
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => leafKeys(v, prefix ? `${prefix}.${k}` : k));
  return [prefix];
}

/**
 * A key as a language needs it: English writes "1 note" and "2 notes" under `x_one` and `x_other`
 * (i18next's plural forms), Chinese has one form under `x`. Both count as the key `x`.
 */
const PLURAL = /_(zero|one|two|few|many|other)$/;
const baseKeys = (keys: string[]) => [...new Set(keys.map((key) => key.replace(PLURAL, '')))].sort();

const namespaces = localeNamespaces('zh-CN');
const zhFiles = localeFilePaths().filter((path) => path.includes('/zh-CN/'));

describe('locale files', () => {
  it('have the same namespaces in zh-CN and en-US', () => {
    expect(localeNamespaces('en-US')).toEqual(namespaces);
  });

  it("define no key twice: one namespace spread over files (the platform's and the areas' shares) merges without a clash", () => {
    expect(localeConflicts()).toEqual([]);
  });

  it.each(zhFiles)('%s has its en-US twin with exactly the same keys', (path) => {
    const twin = path.replace('/zh-CN/', '/en-US/');
    expect(localeFilePaths()).toContain(twin);
    expect(baseKeys(leafKeys(readFile(twin)))).toEqual(baseKeys(leafKeys(readFile(path))));
  });

  it.each(namespaces)('%s has exactly the same keys in both languages', (file) => {
    expect(baseKeys(leafKeys(read('en-US', file)))).toEqual(baseKeys(leafKeys(read('zh-CN', file))));
  });

  it.each(namespaces)('%s: a key with plural forms has its `_other` form', (file) => {
    for (const lang of ['zh-CN', 'en-US']) {
      const keys = leafKeys(read(lang, file));
      for (const key of keys.filter((k) => PLURAL.test(k))) expect(keys, `${lang}/${file}: ${key}`).toContain(key.replace(PLURAL, '_other'));
    }
  });

  it.each(namespaces)('%s has no empty message', (file) => {
    for (const lang of ['zh-CN', 'en-US']) {
      const flat = leafKeys(read(lang, file));
      for (const key of flat) {
        const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], read(lang, file));
        expect(String(value ?? '').trim(), `${lang}/${file}: ${key}`).not.toBe('');
      }
    }
  });

  it('holds the shell messages the spec quotes, verbatim in zh-CN', () => {
    const zh = zhFiles.map((path) => readFileSync(join(root, path), 'utf8')).join('\n');
    for (const quote of [
      '刷新页面',
      '关闭当前',
      '关闭其他',
      '关闭所有',
      '暂无数据~',
      '复制成功',
      '复制失败',
      '请选择主体',
      '请选择其他主体',
      '进入数据驾驶舱',
      '管理系统',
      '首页',
      '修改密码',
      '退出登录',
      '确定注销并退出系统吗？',
      '错误提示',
      '数据驾驶舱',
      '付款审核',
    ]) {
      expect(zh, quote).toContain(`"${quote}"`);
    }
  });
});
