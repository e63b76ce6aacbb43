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
