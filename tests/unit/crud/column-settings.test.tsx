// @vitest-environment jsdom
import '../shell/dom';
import { act, configure, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Table } from 'antd';
import '../../../src/providers/i18n-app';
import { useColumnSettings, type SettingsColumns } from '../../../src/crud/column-settings';
import { ThemeRoot } from '../../../src/layout/theme/ThemeRoot';
import { userStore } from '../../../src/providers/user';
import type { UserInfo } from '../../../src/protocol';

interface Row {
  id: string;
  name: string;
  amount: number;
  start: string;
  end: string;
  status: string;
}

const columns: SettingsColumns<Row> = [
  { key: 'index', title: '序号', columnKind: 'index', render: (_, __, i) => i + 1 },
  { dataIndex: 'name', title: '名称' },
  { dataIndex: 'amount', title: '金额' },
  {
    key: 'period',
    title: '期限',
    children: [
      { dataIndex: 'start', title: '起始日' },
      { dataIndex: 'end', title: '到期日' },
    ],
  },
  { dataIndex: 'status', title: '状态' },
  { key: 'action', title: '操作', columnKind: 'action', render: () => null },
];
const rows: Row[] = [{ id: '1', name: 'A', amount: 1, start: '20260101', end: '20261231', status: '1' }];

const user = (personId: string): UserInfo => ({
  personId,
  username: personId,
  personName: personId,
  avatar: '',
  authorities: [],
  menuPerms: [],
  userStatus: 1,
  personPosition: '',
  corps: [],
  corpId: 'c',
  corpName: 'c',
  sensitiveWhitelist: false,
});

function ListPage({ tableKey = 'test:list' }: { tableKey?: string }) {
  const settings = useColumnSettings(tableKey, columns);
  return (
    <>
      {settings.settingsButton}
      <Table<Row> rowKey="id" columns={settings.columns} dataSource={rows} pagination={false} />
    </>
  );
}

const renderPage = () =>
  render(
    <ThemeRoot>
      <ListPage />
    </ThemeRoot>,
  );

/** The header cells of the table, by row: the first-level headers, then the second level. */
const headers = (): string[][] =>
  [...document.querySelectorAll('.ant-table-thead tr')].map((tr) => [...tr.querySelectorAll('th')].map((th) => th.textContent ?? ''));

async function openSettings() {
  await userEvent.click(screen.getByRole('button', { name: '表头设置' }));
  const dialog = await screen.findByRole('dialog', { name: '表头设置' });
  await waitFor(() => expect(dialog).toBeVisible());
  return dialog;
}

async function close(dialog: HTMLElement, button: RegExp) {
  await userEvent.click(within(dialog).getByRole('button', { name: button }));
  await waitFor(() => expect(dialog).not.toBeVisible());
}
const confirm = (dialog: HTMLElement) => close(dialog, /确\s?定/);
const cancel = (dialog: HTMLElement) => close(dialog, /取\s?消/);

/** jsdom lays nothing out: each settings row is 40 px below the one before, so dnd-kit's keyboard moves have somewhere to go. */
let restoreLayout: () => void;
beforeAll(async () => {
  // Role queries skip their per-element visibility walk (slow over antd's DOM); visibility is asserted where it matters.
  configure({ defaultHidden: true });
  // The dialog is lazy: load its chunk once here, not inside the first test's time limit.
  await import('../../../src/crud/column-settings/ColumnSettingsDialog');
  const original = Element.prototype.getBoundingClientRect;
  Element.prototype.getBoundingClientRect = function (this: Element) {
    if (!this.classList.contains('column-settings-item')) return original.call(this);
    const top = [...(this.parentElement?.children ?? [])].indexOf(this) * 40;
    return { x: 0, y: top, top, left: 0, right: 300, bottom: top + 40, width: 300, height: 40, toJSON: () => ({}) } as DOMRect;
  };
  restoreLayout = () => {
    Element.prototype.getBoundingClientRect = original;
  };
});
afterAll(() => restoreLayout());

beforeEach(() => {
  localStorage.clear();
  userStore.set(user('u-handler'));
});
afterEach(() => userStore.set(undefined));

// antd's Table and Modal in jsdom are slow on a busy machine.
describe('column settings (表头设置, spec 2.6)', { timeout: 90_000 }, () => {
  it('shows the columns as defined until the operator changes them', () => {
    renderPage();
    expect(headers()).toEqual([
      ['序号', '名称', '金额', '期限', '状态', '操作'],
      ['起始日', '到期日'],
    ]);
  });

  it('lists configurable columns only, second-level headers under their group', async () => {
    renderPage();
    const dialog = await openSettings();
    const top = within(dialog).getByRole('list', { name: '表格列' });
    const topLevel = within(top)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement === top);
    expect(topLevel.map((li) => within(li).getAllByRole('checkbox')[0].closest('label')?.textContent)).toEqual(['名称', '金额', '期限', '状态']);
    expect(within(dialog).queryByRole('checkbox', { name: '序号' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('checkbox', { name: '操作' })).not.toBeInTheDocument();

    const group = within(topLevel[2]).getByRole('list', { name: '期限下的列' });
    expect(
      within(group)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent),
    ).toEqual(['起始日', '到期日']);
  });

  it('hides a column on OK, shows it again, and changes nothing on cancel', async () => {
    renderPage();
    let dialog = await openSettings();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: '金额' }));
    expect(headers()[0]).toContain('金额');
    await confirm(dialog);
    expect(headers()[0]).toEqual(['序号', '名称', '期限', '状态', '操作']);

    dialog = await openSettings();
    expect(within(dialog).getByRole('checkbox', { name: '金额' })).not.toBeChecked();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: '名称' }));
    await cancel(dialog);
    expect(headers()[0]).toEqual(['序号', '名称', '期限', '状态', '操作']);

    dialog = await openSettings();
    expect(within(dialog).getByRole('checkbox', { name: '名称' })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: '金额' }));
    await confirm(dialog);
    expect(headers()[0]).toEqual(['序号', '名称', '金额', '期限', '状态', '操作']);
  });

  it('hides a second-level header within its group', async () => {
    renderPage();
    const dialog = await openSettings();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: '起始日' }));
    await confirm(dialog);
    expect(headers()).toEqual([['序号', '名称', '金额', '期限', '状态', '操作'], ['到期日']]);
  });

  it('refuses to hide the last shown column with 至少保留一列', async () => {
    renderPage();
    const dialog = await openSettings();
    for (const name of ['名称', '金额', '期限']) await userEvent.click(within(dialog).getByRole('checkbox', { name }));
    const last = within(dialog).getByRole('checkbox', { name: '状态' });
    await userEvent.click(last);
    expect(await screen.findByRole('alert')).toHaveTextContent('至少保留一列');
    expect(last).toBeChecked();
    await confirm(dialog);
    expect(headers()[0]).toEqual(['序号', '状态', '操作']);
  });

  it('reorders by keyboard drag (space, arrow down, space) and the table follows on OK', async () => {
    renderPage();
    const dialog = await openSettings();
    const handle = within(dialog).getByRole('button', { name: '拖动调整顺序：名称' });
    handle.focus();
    await userEvent.keyboard(' ');
    await userEvent.keyboard('{ArrowDown}');
    // Spec §9: the column making way moves over 500 ms.
    const making = within(dialog).getByRole('checkbox', { name: '金额' }).closest('li') as HTMLElement;
    await waitFor(() => expect(making.style.transition).toMatch(/^transform 500ms/));
    await userEvent.keyboard(' ');
    await waitFor(() =>
      expect(
        within(dialog)
          .getAllByRole('checkbox')
          .map((box) => box.closest('label')?.textContent),
      ).toEqual(['金额', '名称', '期限', '起始日', '到期日', '状态']),
    );
    expect(headers()[0]).toEqual(['序号', '名称', '金额', '期限', '状态', '操作']);
    await confirm(dialog);
    expect(headers()[0]).toEqual(['序号', '金额', '名称', '期限', '状态', '操作']);
  });

  it('reorders second-level headers within their group by keyboard', async () => {
    renderPage();
    const dialog = await openSettings();
    within(dialog).getByRole('button', { name: '拖动调整顺序：起始日' }).focus();
    await userEvent.keyboard(' ');
    await userEvent.keyboard('{ArrowDown}');
    await userEvent.keyboard(' ');
    await confirm(dialog);
    expect(headers()[1]).toEqual(['到期日', '起始日']);
  });

  it('resets to the defined columns in the dialog', async () => {
    renderPage();
    let dialog = await openSettings();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: '状态' }));
    await confirm(dialog);
    dialog = await openSettings();
    await userEvent.click(within(dialog).getByRole('button', { name: '恢复默认' }));
    expect(within(dialog).getByRole('checkbox', { name: '状态' })).toBeChecked();
    await confirm(dialog);
    expect(headers()[0]).toEqual(['序号', '名称', '金额', '期限', '状态', '操作']);
    expect(Object.keys(localStorage)).toEqual([]);
  });

  it('restores the choice on remount for the same user, not for another user', async () => {
    const first = renderPage();
    const dialog = await openSettings();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: '金额' }));
    await confirm(dialog);
    first.unmount();

    renderPage().unmount();
    const again = renderPage();
    expect(headers()[0]).toEqual(['序号', '名称', '期限', '状态', '操作']);
    again.unmount();

    userStore.set(user('u-director'));
    renderPage();
    expect(headers()[0]).toEqual(['序号', '名称', '金额', '期限', '状态', '操作']);
  });

  it('reads a choice stored for the user and table, and reset() forgets it', () => {
    const key = 'column-settings:u-handler:test:list';
    localStorage.setItem(key, JSON.stringify({ order: ['status', 'name', 'amount', 'period'], hidden: ['amount'] }));
    const { result } = renderHook(() => useColumnSettings('test:list', columns));
    expect(result.current.columns.map((c) => c.key ?? ('dataIndex' in c ? c.dataIndex : undefined))).toEqual(['index', 'status', 'name', 'period', 'action']);
    expect(result.current.customised).toBe(true);
    act(() => result.current.reset());
    expect(result.current.columns.map((c) => c.key ?? ('dataIndex' in c ? c.dataIndex : undefined))).toEqual([
      'index',
      'name',
      'amount',
      'period',
      'status',
      'action',
    ]);
    expect(result.current.customised).toBe(false);
    expect(localStorage.getItem(key)).toBeNull();
  });
});
