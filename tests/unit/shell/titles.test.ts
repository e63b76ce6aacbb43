import i18n from '../../../src/providers/i18n-app';
import { staticTitle, translateTitle } from '../../../src/routes/titles';
import { localeNamespace } from '../../../server/locale-catalogue';

/** The menu namespace merged: the platform's titles and each area's. */
const enMenu = localeNamespace('en-US', 'menu');

describe('menu titles in the active language', () => {
  it.each([
    [
      'zh-CN shows the server title, even where the locale has another',
      { title: '字典管理（服务端）', titleKey: 'system:dict' },
      'zh-CN',
      '字典管理（服务端）',
    ],
    ['en-US translates by menuUri', { title: '字典管理', titleKey: 'system:dict' }, 'en-US', 'Dictionaries'],
    ['en-US falls back to the server title for an unknown menuUri', { title: '新菜单', titleKey: 'brand:new' }, 'en-US', '新菜单'],
    ['en-US falls back to the server title without a menuUri', { title: '无编码菜单' }, 'en-US', '无编码菜单'],
    ['menuUri with colons is one key, not a namespace', { title: '付款审核', titleKey: 'abs:credit-recycling-manage:audit' }, 'en-US', 'Payment review'],
  ])('%s', (_, entry, language, expected) => {
    expect(translateTitle(entry, language)).toBe(expected);
  });

  it('gives static routes their Chinese titles from zh-CN', () => {
    expect(staticTitle('op-home')).toBe('首页');
    expect(staticTitle('abs:credit-recycling-manage:audit')).toBe('付款审核');
    expect(staticTitle('data-dashboard')).toBe('数据驾驶舱');
  });

  it('has an English title for every menu key', () => {
    for (const [key, value] of Object.entries(enMenu)) {
      expect(value, key).not.toMatch(/[\u4e00-\u9fff]/);
      expect(i18n.getResource('en-US', 'menu', key)).toBe(value);
    }
  });
});
