// @vitest-environment jsdom
import './dom';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter } from 'axios';
import { MemoryRouter, useLocation } from 'react-router';
import i18n from '../../../src/providers/i18n-app';
import { setLanguage } from '../../../src/providers/i18n';
import { httpClient } from '../../../src/providers/http';
import { userStore } from '../../../src/providers/user';
import { Sidebar } from '../../../src/layout/sidebar/Sidebar';
import { ThemeRoot } from '../../../src/layout/theme/ThemeRoot';
import { grantsStore, loadGrants, useGrantsLoader } from '../../../src/routes/grants';
import { buildRoutesFromMenu } from '../../../src/routes/menu-routes';
import type { MenuRouteItem, UserInfo } from '../../../src/protocol';

const systemTree: MenuRouteItem[] = [
  {
    path: '/op/system',
    component: 'Layout',
    alwaysShow: true,
    meta: { title: '系统管理', menuUri: 'system', icon: 'SettingOutlined' },
    children: [
      { path: 'dict', component: '/op/system/dict/index', meta: { title: '字典管理', menuUri: 'system:dict' } },
      { path: 'config', component: '/op/system/config/index', meta: { title: '参数设置', menuUri: 'system:config' } },
      { path: 'export', component: '/op/system/export/index', meta: { title: '导出记录', menuUri: 'system:export' } },
    ],
  },
];
const taskTree: MenuRouteItem[] = [
  {
    path: '/op/task',
    component: 'Layout',
    alwaysShow: true,
    meta: { title: '任务中心', menuUri: 'task' },
    children: [{ path: 'todo', component: '/op/task/todo/index', meta: { title: '待办任务', menuUri: 'task:todo' } }],
  },
];

function Where() {
  const { pathname } = useLocation();
  return <output data-testid="where">{pathname}</output>;
}

const wrap = (ui: React.ReactNode, path = '/op') =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <ThemeRoot>
        {ui}
        <Where />
      </ThemeRoot>
    </MemoryRouter>,
  );

/** The pages the menu shows (directory titles left out). */
const menuItems = () => [...document.querySelectorAll('li.ant-menu-item')].map((item) => item.textContent);

afterEach(async () => {
  await setLanguage('zh-CN');
});

describe('sidebar search', () => {
  const nav = buildRoutesFromMenu(systemTree, (k) => k, []).nav;

  it('narrows the menu to matching titles, and Enter opens the first match', async () => {
    const user = userEvent.setup({ delay: null });
    wrap(<Sidebar nav={nav} collapsed={false} onExpand={() => undefined} />, '/op/system/dict');
    expect(menuItems()).toEqual(['字典管理', '参数设置', '导出记录']);

    await user.type(screen.getByRole('textbox', { name: '搜索菜单' }), '参数');
    await waitFor(() => expect(menuItems()).toEqual(['参数设置']));
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('where')).toHaveTextContent('/op/system/config');
    expect(screen.getByRole('textbox', { name: '搜索菜单' })).toHaveValue('');
  });

  it('says so when nothing matches, and a directory title keeps all its pages', async () => {
    const user = userEvent.setup({ delay: null });
    wrap(<Sidebar nav={nav} collapsed={false} onExpand={() => undefined} />);
    await user.type(screen.getByRole('textbox', { name: '搜索菜单' }), 'zzz');
    expect(await screen.findByText('没有匹配的菜单')).toHaveAttribute('role', 'status');
    await user.clear(screen.getByRole('textbox', { name: '搜索菜单' }));
    await user.type(screen.getByRole('textbox', { name: '搜索菜单' }), '系统');
    await waitFor(() => expect(menuItems()).toEqual(['字典管理', '参数设置', '导出记录']));
  });

  it('searches the titles of the active language and selecting a result navigates', async () => {
    const user = userEvent.setup({ delay: null });
    await setLanguage('en-US');
    wrap(<Sidebar nav={nav} collapsed={false} onExpand={() => undefined} />);
    await user.type(screen.getByRole('textbox', { name: i18n.t('shell:sidebar.search') }), 'export');
    await waitFor(() => expect(menuItems()).toEqual(['Export records']));
    await user.click(screen.getByRole('menuitem', { name: /Export records/ }));
    expect(screen.getByTestId('where')).toHaveTextContent('/op/system/export');
  });

  it('highlights the list of a hidden detail page', () => {
    wrap(<Sidebar nav={nav} collapsed={false} onExpand={() => undefined} />, '/op/system/dict/data');
    expect(screen.getByRole('menuitem', { name: /字典管理/ })).toHaveClass('ant-menu-item-selected');
  });
});

describe('grants stay current', () => {
  let tree = systemTree;
  let menuCalls = 0;
  const adapter: AxiosAdapter = async (config) => {
    menuCalls += 1;
    return { status: 200, statusText: '', headers: {}, config, data: { code: '0', data: tree } };
  };
  const operator: UserInfo = {
    personId: 'p',
    username: 'op',
    personName: 'op',
    avatar: '',
    authorities: [],
    menuPerms: [],
    userStatus: 1,
    personPosition: '',
    corps: [],
    corpId: 'c',
    corpName: 'c',
    sensitiveWhitelist: false,
  };

  function GrantedSidebar() {
    const grants = useGrantsLoader();
    return grants.status === 'ready' ? <Sidebar nav={grants.table.nav} collapsed={false} onExpand={() => undefined} /> : null;
  }

  it('redraws the menu from the new tree when user info is reloaded, with one request per reload', async () => {
    const user = userEvent.setup({ delay: null });
    httpClient.defaults.adapter = adapter;
    userStore.set(operator);
    wrap(<GrantedSidebar />, '/op/system/dict');
    await waitFor(() => expect(menuItems()).toEqual(['字典管理', '参数设置', '导出记录']));
    expect(menuCalls).toBe(1);

    tree = taskTree;
    userStore.set({ ...operator, menuPerms: ['task:todo:list'] });
    // The new tree's directory is folded until opened; its page is there once it is.
    await user.click(await screen.findByRole('menuitem', { name: /任务中心/ }));
    await waitFor(() => expect(menuItems()).toEqual(['待办任务']));
    expect(menuCalls).toBe(2);
    userStore.set(undefined);
  });

  it('does not ask twice when the tree was already asked for at start', async () => {
    httpClient.defaults.adapter = adapter;
    tree = systemTree;
    menuCalls = 0;
    grantsStore.set({ status: 'loading' });
    const prefetch = loadGrants();
    userStore.set(operator);
    wrap(<GrantedSidebar />, '/op/system/dict');
    await prefetch;
    await waitFor(() => expect(menuItems()).toEqual(['字典管理', '参数设置', '导出记录']));
    expect(menuCalls).toBe(1);
    userStore.set(undefined);
  });
});
