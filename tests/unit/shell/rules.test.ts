import { deviceOf, layoutWidth } from '../../../src/layout/device';
import { corpSwitchError } from '../../../src/layout/header/corp-switch';
import { DEFAULT_SETTINGS, parseSettings } from '../../../src/layout/settings/settings-store';
import zhShell from '../../../locales/zh-CN/shell.json';
import { sideNavOf, topEntryOf } from '../../../src/layout/sidebar/top-nav';
import type { NavItem } from '../../../src/routes/types';

describe('layout widths (spec 2.6, §9)', () => {
  it.each([
    [1920, 'WIDE', 'desktop'],
    [1480, 'WIDE', 'desktop'],
    [1479, 'MINI', 'desktop'],
    [992, 'MINI', 'desktop'],
    [991, 'MINI', 'mobile'],
    [390, 'MINI', 'mobile'],
  ])('%i px is %s on %s', (width, layout, device) => {
    expect(layoutWidth(width)).toBe(layout);
    expect(deviceOf(width)).toBe(device);
  });
});

describe('entity switch (spec 5.3)', () => {
  it.each([
    [undefined, 'CORP-HQ', 'required'],
    ['', 'CORP-HQ', 'required'],
    ['CORP-HQ', 'CORP-HQ', 'same'],
    ['CORP-EAST', 'CORP-HQ', undefined],
  ])('%s while on %s: %s', (selected, current, error) => {
    expect(corpSwitchError(selected, current)).toBe(error);
  });

  it('says 请选择主体 and 请选择其他主体', () => {
    expect(zhShell.corp.required).toBe('请选择主体');
    expect(zhShell.corp.same).toBe('请选择其他主体');
  });
});

describe('layout settings (spec §3)', () => {
  it('defaults to light, medium, tags-view, fixed header, logo and breadcrumb', () => {
    expect(parseSettings(null)).toEqual({ ...DEFAULT_SETTINGS, theme: undefined });
    expect(DEFAULT_SETTINGS).toMatchObject({
      mode: 'light',
      size: 'medium',
      tagsView: true,
      fixedHeader: true,
      sidebarLogo: true,
      showBreadcrumb: true,
      firstMenuOnNav: false,
    });
  });

  it('keeps well-formed stored values and ignores the rest', () => {
    expect(parseSettings(JSON.stringify({ mode: 'dark', size: 'large', tagsView: false, theme: '#13a8a8' }))).toMatchObject({
      mode: 'dark',
      size: 'large',
      tagsView: false,
      theme: '#13a8a8',
    });
    expect(parseSettings(JSON.stringify({ mode: 'purple', size: 3, theme: 'red', fixedHeader: 'yes' }))).toEqual({ ...DEFAULT_SETTINGS, theme: undefined });
    expect(parseSettings('{not json')).toEqual({ ...DEFAULT_SETTINGS, theme: undefined });
  });
});

describe('firstMenuOnNav: top level in the navbar, the pages of the current entry in the sidebar', () => {
  const page = (key: string): NavItem => ({ key, title: key, to: key });
  const nav: NavItem[] = [
    { key: '/op/system', title: 'system', to: '/op/system/dict', children: [page('/op/system/dict'), page('/op/system/config')] },
    page('/op/task/todo'),
  ];

  it.each([
    ['/op/system/config', '/op/system'],
    ['/op/system/dict/data', '/op/system'],
    ['/op/task/todo', '/op/task/todo'],
    ['/op', '/op/system'],
  ])('%s is under %s', (pathname, key) => {
    expect(topEntryOf(nav, pathname)?.key).toBe(key);
  });

  it("gives the sidebar the entry's pages, or the entry itself when it is a page", () => {
    expect(sideNavOf(nav[0]).map((i) => i.key)).toEqual(['/op/system/dict', '/op/system/config']);
    expect(sideNavOf(nav[1]).map((i) => i.key)).toEqual(['/op/task/todo']);
    expect(sideNavOf(undefined)).toEqual([]);
  });
});
