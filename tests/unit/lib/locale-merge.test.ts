import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { localeCatalogue, localeConflicts, localeFolders } from '../../../server/locale-catalogue';
import { mergeLocaleFiles } from '../../../src/lib/locale-merge';

describe('one namespace from several locale files', () => {
  it("deep-merges the platform's file and an area's share, wherever the area's folder is", () => {
    const { resources, conflicts } = mergeLocaleFiles({
      '../../locales/zh-CN/resources.json': { common: { createTime: '创建时间' }, config: { title: '参数' } },
      '../features/credit-notes/locales/zh-CN/resources.json': { common: { updateTime: '更新时间' }, note: { title: '白条' } },
      '../features/credit-notes/locales/en-US/resources.json': { note: { title: 'Notes' } },
    });
    expect(conflicts).toEqual([]);
    expect(resources['zh-CN'].resources).toEqual({
      common: { createTime: '创建时间', updateTime: '更新时间' },
      config: { title: '参数' },
      note: { title: '白条' },
    });
    expect(resources['en-US'].resources).toEqual({ note: { title: 'Notes' } });
  });

  it('reports a key two files define, a leaf against a leaf or against a branch, and keeps the first', () => {
    const first = { a: { b: '一' }, c: '二' };
    const { resources, conflicts } = mergeLocaleFiles({
      'locales/zh-CN/menu.json': first,
      'src/features/x/locales/zh-CN/menu.json': { a: { b: '三' }, c: { d: '四' } },
    });
    expect(conflicts).toEqual([
      'menu:a.b (zh-CN) is defined twice: again in src/features/x/locales/zh-CN/menu.json',
      'menu:c (zh-CN) is defined twice: again in src/features/x/locales/zh-CN/menu.json',
    ]);
    expect(resources['zh-CN'].menu).toEqual({ a: { b: '一' }, c: '二' });
    // The files given are not changed by the merge.
    expect(first).toEqual({ a: { b: '一' }, c: '二' });
  });
});

describe("node's loader of the catalogue (server/locale-catalogue.ts)", () => {
  /** A tree of locale files in a scratch folder: path → content. */
  const treeOf = (files: Record<string, unknown>) => {
    const root = mkdtempSync(join(tmpdir(), 'locale-catalogue-'));
    for (const [path, content] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), JSON.stringify(content));
    }
    return root;
  };
  const roots: string[] = [];
  afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

  it("finds the platform's files and every area's, and merges one namespace's", () => {
    const root = treeOf({
      'locales/zh-CN/menu.json': { system: '系统管理' },
      'src/features/warehouse/locales/zh-CN/menu.json': { 'financing:warehouse-receipts': '仓单' },
      'src/features/warehouse/locales/zh-CN/warehouse.json': { title: '仓储' },
      'src/features/empty/index.ts': 'no locales folder',
    });
    roots.push(root);
    expect(localeFolders(root)).toEqual(['locales', 'src/features/warehouse/locales']);
    expect(localeCatalogue(root)['zh-CN']).toEqual({ menu: { system: '系统管理', 'financing:warehouse-receipts': '仓单' }, warehouse: { title: '仓储' } });
  });

  it('refuses a catalogue in which two files define one key, naming it (the server does not start on it)', () => {
    const root = treeOf({
      'locales/en-US/menu.json': { system: 'System' },
      'src/features/warehouse/locales/en-US/menu.json': { system: 'Warehouse system' },
    });
    roots.push(root);
    expect(localeConflicts(root)).toEqual(['menu:system (en-US) is defined twice: again in src/features/warehouse/locales/en-US/menu.json']);
    expect(() => localeCatalogue(root)).toThrow(/menu:system \(en-US\) is defined twice/);
  });
});
