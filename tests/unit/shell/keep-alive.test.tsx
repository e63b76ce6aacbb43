// @vitest-environment jsdom
import './dom';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import '../../../src/providers/i18n-app';
import { MainLayout } from '../../../src/layout/MainLayout';
import { ThemeRoot } from '../../../src/layout/theme/ThemeRoot';
import { tagsStore } from '../../../src/layout/tags/tags-store';
import type { MenuRouteItem } from '../../../src/protocol';
import { buildRoutesFromMenu, findRoute } from '../../../src/routes/menu-routes';
import type { PageProps } from '../../../src/routes/page-registry';

/** A list page with a search form, standing in for every registered page. */
function SearchPage({ route }: PageProps) {
  const [keyword, setKeyword] = useState('');
  return <input aria-label={`keyword ${route.title}`} value={keyword} onChange={(e) => setKeyword(e.target.value)} />;
}

vi.mock('../../../src/routes/page-registry', async (original) => ({
  ...(await original<typeof import('../../../src/routes/page-registry')>()),
  pageLoader: () => async () => ({ default: SearchPage }),
}));

const tree: MenuRouteItem[] = [
  {
    path: '/op/trade',
    component: 'Layout',
    alwaysShow: true,
    meta: { title: '交易', menuUri: 'trade' },
    children: [
      { path: 'orders', component: '/op/trade/orders/index', meta: { title: '订单', menuUri: 'trade:orders' } },
      { path: 'invoices', component: '/op/trade/invoices/index', meta: { title: '发票', menuUri: 'trade:invoices' } },
      { path: 'audit', component: '/op/trade/audit/index', meta: { title: '付款审核', menuUri: 'trade:audit', noCache: true } },
    ],
  },
];
const table = buildRoutesFromMenu(tree, (key) => key, [{ path: '/op', titleKey: '首页', affix: true }]);

function Shell() {
  const { pathname } = useLocation();
  return <MainLayout table={table} activeRoute={findRoute(table, pathname)} />;
}

function renderShell(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <ThemeRoot>
        <Shell />
      </ThemeRoot>
    </MemoryRouter>,
  );
}

const tagsBar = () => within(screen.getByTestId('tags-view'));
const field = (title: string) => screen.findByLabelText(`keyword ${title}`);

beforeEach(() => {
  sessionStorage.clear();
  tagsStore.set([]);
});

describe('keep-alive of open tags', () => {
  it('keeps a typed search while the operator visits another tag and comes back', async () => {
    const user = userEvent.setup({ delay: null });
    renderShell('/op/trade/orders');
    await user.type(await field('订单'), '华东');

    await user.click(screen.getByRole('menuitem', { name: /发票/ }));
    await user.type(await field('发票'), 'INV-9');
    await waitFor(() => expect(tagsBar().getByRole('link', { name: '发票' })).toBeInTheDocument());

    await user.click(tagsBar().getByRole('link', { name: '订单' }));
    expect(await field('订单')).toHaveValue('华东');
    expect(await field('订单')).toBeVisible();
    await user.click(tagsBar().getByRole('link', { name: '发票' }));
    expect(await field('发票')).toHaveValue('INV-9');
  });

  it('remounts a route marked not cached each time it is entered', async () => {
    const user = userEvent.setup({ delay: null });
    renderShell('/op/trade/audit');
    await user.type(await field('付款审核'), 'draft');
    await user.click(screen.getByRole('menuitem', { name: /订单/ }));
    await field('订单');
    await user.click(tagsBar().getByRole('link', { name: '付款审核' }));
    expect(await field('付款审核')).toHaveValue('');
  });

  it('刷新页面 remounts the page; 关闭其他 and 关闭所有 keep the affix tag', async () => {
    const user = userEvent.setup({ delay: null });
    renderShell('/op/trade/orders');
    await user.type(await field('订单'), 'abc');

    await user.pointer({ keys: '[MouseRight]', target: tagsBar().getByRole('link', { name: '订单' }) });
    await user.click(await screen.findByRole('menuitem', { name: '刷新页面' }));
    await waitFor(async () => expect(await field('订单')).toHaveValue(''));

    await user.click(screen.getByRole('menuitem', { name: /发票/ }));
    await field('发票');
    expect(tagsStore.get().map((t) => t.path)).toEqual(['/op', '/op/trade/orders', '/op/trade/invoices']);

    await user.pointer({ keys: '[MouseRight]', target: tagsBar().getByRole('link', { name: '发票' }) });
    await user.click(await screen.findByRole('menuitem', { name: '关闭其他' }));
    expect(tagsStore.get().map((t) => t.path)).toEqual(['/op', '/op/trade/invoices']);

    // The affix tag has no close button; 关闭所有 leaves it and goes there.
    expect(tagsBar().queryByRole('button', { name: /关闭 首页/ })).toBeNull();
    await user.pointer({ keys: '[MouseRight]', target: tagsBar().getByRole('link', { name: '发票' }) });
    const closeAll = (await screen.findAllByRole('menuitem', { name: '关闭所有' })).at(-1)!;
    await act(async () => user.click(closeAll));
    expect(tagsStore.get().map((t) => t.path)).toEqual(['/op']);
  });

  it('a newly opened page starts at the top; a kept one returns where the operator left it', async () => {
    const user = userEvent.setup({ delay: null });
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    renderShell('/op/trade/orders');
    await field('订单');
    Object.defineProperty(window, 'scrollY', { value: 640, configurable: true });
    window.dispatchEvent(new Event('scroll'));

    await user.click(screen.getByRole('menuitem', { name: /发票/ }));
    await field('发票');
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });

    await user.click(tagsBar().getByRole('link', { name: '订单' }));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 640);
    scrollTo.mockRestore();
  });
});
