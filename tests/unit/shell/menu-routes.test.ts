import type { MenuRouteItem } from '../../../src/protocol';
import { buildRoutesFromMenu, findRedirect, findRoute, fullPath } from '../../../src/routes/menu-routes';
import type { StaticRoute } from '../../../src/routes/static-routes';

const title = (key: string) => `zh:${key}`;
const build = (tree: MenuRouteItem[], statics: StaticRoute[] = []) => buildRoutesFromMenu(tree, title, statics);

const page = (path: string, uri: string, extra: Partial<MenuRouteItem> = {}): MenuRouteItem => ({
  path,
  meta: { title: uri.toUpperCase(), menuUri: uri },
  ...extra,
});
const dir = (path: string, uri: string, children: MenuRouteItem[], extra: Partial<MenuRouteItem> = {}): MenuRouteItem => ({
  path,
  component: path.startsWith('/') ? 'Layout' : 'ParentView',
  meta: { title: uri.toUpperCase(), menuUri: uri },
  children,
  ...extra,
});

describe('fullPath: a path without a leading slash gets one, a child hangs under its parent', () => {
  it.each([
    ['op/system', undefined, '/op/system'],
    ['/op/system', undefined, '/op/system'],
    ['dict', '/op/system', '/op/system/dict'],
    ['dict/data', '/op/system', '/op/system/dict/data'],
    ['/op/elsewhere', '/op/system', '/op/elsewhere'],
    ['dict/', '/op/system', '/op/system/dict'],
    ['/', undefined, '/'],
  ])('%s under %s is %s', (path, parent, expected) => {
    expect(fullPath(path, parent)).toBe(expected);
  });
});

describe('buildRoutesFromMenu', () => {
  const tree: MenuRouteItem[] = [
    dir(
      'op/system',
      'system',
      [
        page('dict', 'system:dict', { component: '/op/system/dict/index' }),
        page('dict/data', 'system:dict-data', { hidden: true, component: '/op/system/dict/data/index' }),
      ],
      { alwaysShow: true },
    ),
    dir('/op/single', 'single', [page('only', 'single:only', { component: '/op/single/only/index' })]),
    dir('/op/single-shown', 'single-shown', [page('only', 'single-shown:only', { component: '/op/single-shown/only/index' })], { alwaysShow: true }),
    dir(
      '/op/abs',
      'abs',
      [
        dir('finance-data/upload', 'abs:upload', [page('auth', 'abs:upload:auth', { hidden: true, component: '/op/abs/finance-data/upload/auth/index' })], {
          redirect: '/op/abs/finance-data/upload/auth',
        }),
        page('nowhere', 'abs:nowhere', { component: '/op/abs/nowhere/index' }),
        page('credit-recycling-manage/audit', 'abs:audit', { component: '/op/abs/credit-recycling-manage/audit/index' }),
      ],
      { alwaysShow: true },
    ),
  ];
  const table = build(tree);

  it.each([
    ['leading slash added to a top-level path', '/op/system/dict', true],
    ['hidden child still registered', '/op/system/dict/data', true],
    ['ParentView child under its nested directory', '/op/abs/finance-data/upload/auth', true],
    ['a path the tree does not grant', '/op/system/config', false],
    ['a directory is not a page', '/op/system', false],
  ])('%s: %s', (_, path, registered) => {
    expect(!!findRoute(table, path)).toBe(registered);
  });

  it('resolves component paths through the page registry: built and unknown', () => {
    expect(findRoute(table, '/op/system/dict')?.pageStatus).toBe('ready');
    expect(findRoute(table, '/op/abs/finance-data/upload/auth')?.pageStatus).toBe('ready');
    // The payment audit was the last 建设中 page (issue 18 item 5).
    expect(findRoute(table, '/op/abs/credit-recycling-manage/audit')?.pageStatus).toBe('ready');
    expect(findRoute(table, '/op/abs/nowhere')?.pageStatus).toBe('missing');
    const home = build([], [{ path: '/op', titleKey: 'op-home', name: 'op-home', affix: true }]);
    expect(findRoute(home, '/op')?.pageStatus).toBe('ready');
  });

  it('honours redirect, and sends a directory without one to its first page', () => {
    expect(findRedirect(table, '/op/abs/finance-data/upload')).toBe('/op/abs/finance-data/upload/auth');
    expect(findRedirect(table, '/op/system')).toBe('/op/system/dict');
  });

  it('draws the sidebar: hidden left out, one child collapses unless alwaysShow, a directory with no visible child leads to its redirect', () => {
    const nav = table.nav;
    expect(nav.map((n) => n.key)).toEqual(['/op/system', '/op/single/only', '/op/single-shown', '/op/abs']);
    expect(nav[0].children?.map((c) => c.key)).toEqual(['/op/system/dict']);
    expect(nav[1].children).toBeUndefined();
    expect(nav[2].children?.map((c) => c.key)).toEqual(['/op/single-shown/only']);
    const upload = nav[3].children?.find((c) => c.key === '/op/abs/finance-data/upload');
    expect(upload?.to).toBe('/op/abs/finance-data/upload/auth');
    expect(upload?.children).toBeUndefined();
  });

  it('keeps breadcrumbs of the directories above a page', () => {
    expect(findRoute(table, '/op/abs/finance-data/upload/auth')?.ancestors.map((a) => a.path)).toEqual(['/op/abs', '/op/abs/finance-data/upload']);
  });

  it('collects every granted menuUri for synchronous access checks', () => {
    expect([...table.menuUris].sort()).toEqual(
      [
        'abs',
        'abs:audit',
        'abs:nowhere',
        'abs:upload',
        'abs:upload:auth',
        'single',
        'single-shown',
        'single-shown:only',
        'single:only',
        'system',
        'system:dict',
        'system:dict-data',
      ].sort(),
    );
  });
});

describe('static routes (spec 2.3, 2.4)', () => {
  const statics: StaticRoute[] = [
    { path: '/op', titleKey: 'op-home', name: 'op-home', affix: true },
    { path: '/op/data-dashboard', titleKey: 'data-dashboard', menuUri: 'data-dashboard', name: 'data-dashboard-query', hidden: true, layout: 'bare' },
    { path: '/op/abs/credit-recycling-manage/audit', titleKey: 'abs:audit', menuUri: 'abs:audit', noCache: true },
    { path: '/op/system/dict/data', titleKey: 'system:dict-data', menuUri: 'system:dict-data', hidden: true },
  ];

  it('registers a static route only when its menuUri is granted; routes without one always', () => {
    const table = build([page('/op/data-dashboard', 'data-dashboard', { hidden: true, component: '/op/data-dashboard/index' })], statics);
    expect(table.routes.map((r) => r.path).sort()).toEqual(['/op', '/op/data-dashboard']);
  });

  it('takes the static layout, name and flags, the tree title where the tree has the path', () => {
    const table = build(
      [
        page('/op/data-dashboard', 'data-dashboard', { component: '/op/data-dashboard/index' }),
        dir('/op/abs', 'abs', [page('credit-recycling-manage/audit', 'abs:audit')]),
      ],
      statics,
    );
    expect(findRoute(table, '/op/data-dashboard')).toMatchObject({ name: 'data-dashboard-query', layout: 'bare', hidden: true, title: 'DATA-DASHBOARD' });
    expect(findRoute(table, '/op/abs/credit-recycling-manage/audit')).toMatchObject({
      noCache: true,
      component: '/op/abs/credit-recycling-manage/audit/index',
    });
    expect(findRoute(table, '/op')).toMatchObject({ title: 'zh:op-home', affix: true, layout: 'main' });
  });
});

describe('static routes guarded like the call behind them', () => {
  const tree: MenuRouteItem[] = [dir('/op/admit', 'admit', [page('realname', 'admit:realname', { component: '/op/admit/realname/index' })])];
  const statics: StaticRoute[] = [
    {
      path: '/op/admit/realname/add',
      titleKey: 'admit:realname:add',
      menuUri: 'admit',
      hidden: true,
      permission: ['admit:realname:add', 'admit:realname:edit'],
    },
    { path: '/op/admit/realname/check', titleKey: 'admit:realname:check', menuUri: 'admit', hidden: true },
  ];

  it('registers a create page only for who holds its first write (any one of them), so others get /403', () => {
    const paths = (perms: string[]) =>
      buildRoutesFromMenu(tree, title, statics, perms)
        .routes.map((r) => r.path)
        .sort();
    expect(paths(['admit:realname:list', 'admit:realname:query'])).toEqual(['/op/admit/realname', '/op/admit/realname/check']);
    expect(paths(['admit:realname:edit'])).toContain('/op/admit/realname/add');
    expect(paths(['*:*:*'])).toContain('/op/admit/realname/add');
  });

  it('withholds a menu page without its list permission from the routes and the sidebar', () => {
    const guarded: StaticRoute[] = [{ path: '/op/admit/realname', titleKey: 'admit:realname', menuUri: 'admit:realname', permission: 'admit:realname:list' }];
    const table = buildRoutesFromMenu(tree, title, guarded, ['admit:realname:query']);
    expect(table.routes.map((r) => r.path)).not.toContain('/op/admit/realname');
    expect(JSON.stringify(table.nav)).not.toContain('/op/admit');
    expect(JSON.stringify(buildRoutesFromMenu(tree, title, guarded, ['admit:realname:list']).nav)).toContain('/op/admit/realname');
  });

  it('leaves permissions unchecked when none are given (the menu alone decides)', () => {
    expect(build(tree, statics).routes.map((r) => r.path)).toContain('/op/admit/realname/add');
  });
});

describe('action pages read-only without their write', () => {
  const tree: MenuRouteItem[] = [dir('/op/quota', 'quota', [page('dispatch', 'quota:dispatch', { component: '/op/quota/dispatch/index', hidden: true })])];
  const statics: StaticRoute[] = [
    { path: '/op/quota/dispatch', titleKey: 'quota:dispatch', menuUri: 'quota:dispatch', hidden: true, action: 'quota:account:dispatch' },
  ];
  const dispatchRoute = (perms?: string[]) => findRoute(buildRoutesFromMenu(tree, title, statics, perms), '/op/quota/dispatch');

  it('registers the page for whoever holds its menu, read-only unless they hold its action', () => {
    expect(dispatchRoute(['quota:account:query'])).toMatchObject({ readOnly: true, component: '/op/quota/dispatch/index' });
    expect(dispatchRoute(['quota:account:query', 'quota:account:dispatch'])).toMatchObject({ readOnly: false });
    expect(dispatchRoute(['*:*:*'])).toMatchObject({ readOnly: false });
  });

  it('leaves a page without a declared action, and an unchecked table, writable', () => {
    expect(findRoute(buildRoutesFromMenu(tree, title, [], ['quota:account:query']), '/op/quota/dispatch')).toMatchObject({ readOnly: false });
    expect(dispatchRoute(undefined)).toMatchObject({ readOnly: false });
  });
});
