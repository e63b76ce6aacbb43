// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import '../../../src/providers/i18n';
import { DictTag } from '../../../src/components/DictTag';
import { clearDicts, DICT_CALL, dictItem, dictItems, invalidateDicts, requestDicts, type DictItem } from '../../../src/providers/dictionaries';
import { answer, ok, resetServer, sentTo, type Answer, type Sent } from './net';

const item = (dictValue: string, dictLabel: string, listClass = '', dictSort = 0): DictItem => ({ dictValue, dictLabel, listClass, isShow: true, dictSort });

/** The dictionaries the fake server holds; it answers the types asked for, and only those. */
let dictionaries: Record<string, DictItem[]> = {};
const dictServer = ({ body }: Sent): Answer => {
  const { dictTypes, includeDisabled } = body as { dictTypes: string[]; includeDisabled?: boolean };
  const items = (t: string) => dictionaries[t].filter((i) => includeDisabled || !i.disabled);
  return ok(Object.fromEntries(dictTypes.filter((t) => t in dictionaries).map((t) => [t, items(t)])));
};

const calls = () => sentTo(DICT_CALL).map((request) => (request.body as { dictTypes: string[] }).dictTypes);
/** Lets queued microtasks and the fake server's answer run. */
const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));

beforeEach(() => {
  resetServer();
  dictionaries = {
    sys_normal_disable: [item('0', '正常', 'primary'), item('1', '停用', 'danger')],
    sys_yes_no: [item('Y', '是', 'primary'), item('N', '否', 'danger')],
    export_status: [item('PROCESSING', '处理中', 'info'), item('SUCCESS', '成功', 'success'), item('FAILURE', '失败', 'warning')],
  };
  answer(DICT_CALL, dictServer);
  clearDicts();
});
afterEach(() => {
  cleanup();
  clearDicts();
});

describe('the dictionary cache', () => {
  it('sends the dictionaries asked for in one tick as one call, each type once', async () => {
    requestDicts(['sys_normal_disable']);
    requestDicts(['sys_yes_no', 'sys_normal_disable']);
    requestDicts(['export_status']);
    expect(calls()).toEqual([]);
    await settle();
    expect(calls()).toEqual([['sys_normal_disable', 'sys_yes_no', 'export_status']]);
    expect(dictItems('sys_yes_no')).toEqual(dictionaries.sys_yes_no);
    expect(dictItem('sys_normal_disable', '1')?.dictLabel).toBe('停用');
    expect(dictItem('export_status', 'SUCCESS')?.dictLabel).toBe('成功');
  });

  it('asks again only for what it does not hold or is not loading', async () => {
    requestDicts(['sys_yes_no']);
    await settle();
    requestDicts(['sys_yes_no', 'sys_normal_disable']);
    await settle();
    requestDicts(['sys_yes_no', 'sys_normal_disable']);
    await settle();
    expect(calls()).toEqual([['sys_yes_no'], ['sys_normal_disable']]);
  });

  it('does not ask twice while a call is under way', async () => {
    let release: () => void = () => undefined;
    answer(DICT_CALL, (request) => new Promise<Answer>((resolve) => (release = () => resolve(dictServer(request)))));
    requestDicts(['sys_yes_no']);
    await settle();
    requestDicts(['sys_yes_no']);
    await settle();
    expect(calls()).toHaveLength(1);
    release();
    await settle();
    expect(dictItems('sys_yes_no')).toHaveLength(2);
  });

  it('holds a type the server does not know as empty, without asking for it again', async () => {
    requestDicts(['no_such_dict']);
    await settle();
    expect(dictItems('no_such_dict')).toEqual([]);
    requestDicts(['no_such_dict']);
    await settle();
    expect(calls()).toHaveLength(1);
  });

  it('after a failed call, the next screen asking tries again', async () => {
    answer(DICT_CALL, { status: 500, raw: '' });
    requestDicts(['sys_yes_no']);
    await settle();
    expect(dictItems('sys_yes_no')).toBeUndefined();
    answer(DICT_CALL, dictServer);
    requestDicts(['sys_yes_no']);
    await settle();
    expect(calls()).toEqual([['sys_yes_no'], ['sys_yes_no']]);
    expect(dictItems('sys_yes_no')).toHaveLength(2);
  });

  it('invalidateDicts(types) reloads those of them that are shown, in one call', async () => {
    requestDicts(['sys_yes_no', 'sys_normal_disable', 'export_status']);
    await settle();
    dictionaries.sys_yes_no = [item('Y', '是的'), item('N', '不是')];
    invalidateDicts(['sys_yes_no', 'export_status', 'never_loaded']);
    await settle();
    expect(calls()).toEqual([
      ['sys_yes_no', 'sys_normal_disable', 'export_status'],
      ['sys_yes_no', 'export_status'],
    ]);
    expect(dictItem('sys_yes_no', 'Y')?.dictLabel).toBe('是的');
  });

  it('invalidateDicts() reloads every dictionary held', async () => {
    requestDicts(['sys_yes_no', 'sys_normal_disable']);
    await settle();
    invalidateDicts();
    await settle();
    expect(calls()).toEqual([
      ['sys_yes_no', 'sys_normal_disable'],
      ['sys_yes_no', 'sys_normal_disable'],
    ]);
  });

  it('invalidating nothing held sends nothing', async () => {
    invalidateDicts(['sys_yes_no']);
    invalidateDicts();
    await settle();
    expect(calls()).toEqual([]);
  });
});

describe('<DictTag>', () => {
  const tag = (label: string) => screen.getByText(label).closest('.ant-tag');

  it('shows a value whose entry was disabled by its label, marked disabled, and never offers that entry', async () => {
    dictionaries.invoice_type = [item('VAT_SPECIAL', '增值税专用发票'), { ...item('VAT_NORMAL', '增值税普通发票'), disabled: true }];
    render(<DictTag dictType="invoice_type" value="VAT_NORMAL" />);
    expect(await screen.findByText('增值税普通发票（已停用）')).toBeInTheDocument();
    expect(tag('增值税普通发票（已停用）')).toHaveAttribute('data-disabled', 'true');
    expect(screen.queryByText('VAT_NORMAL')).toBeNull();
    expect(dictItems('invoice_type')!.map((i) => i.dictValue)).toEqual(['VAT_SPECIAL']);
    expect(dictItem('invoice_type', 'VAT_NORMAL')?.disabled).toBe(true);
  });

  it('shows the label, and every tag on the screen shares one call', async () => {
    render(
      <>
        <DictTag dictType="sys_normal_disable" value="0" />
        <DictTag dictType="sys_normal_disable" value={1} />
        <DictTag dictType="sys_yes_no" value="Y" />
      </>,
    );
    expect(await screen.findByText('正常')).toBeInTheDocument();
    expect(screen.getByText('停用')).toBeInTheDocument();
    expect(screen.getByText('是')).toBeInTheDocument();
    expect(calls()).toEqual([['sys_normal_disable', 'sys_yes_no']]);
  });

  it.each([
    ['primary', 'processing'],
    ['danger', 'error'],
    ['info', 'default'],
    ['success', 'success'],
    ['warning', 'warning'],
    ['blue', 'blue'],
  ])('listClass %s is the %s tag colour', async (listClass, colour) => {
    dictionaries.colours = [item('v', '标签', listClass)];
    render(<DictTag dictType="colours" value="v" />);
    expect(await screen.findByText('标签')).toBeInTheDocument();
    expect(tag('标签')).toHaveClass(`ant-tag-${colour}`);
  });

  it('an item without listClass is a plain tag', async () => {
    dictionaries.colours = [item('v', '标签', '')];
    render(<DictTag dictType="colours" value="v" />);
    expect(await screen.findByText('标签')).toBeInTheDocument();
    expect(tag('标签')!.className).not.toMatch(/ant-tag-(processing|error|default|success|warning|has-color)/);
  });

  it('shows a value the dictionary does not hold as it is, and nothing for no value', async () => {
    const { container } = render(
      <>
        <DictTag dictType="sys_yes_no" value="X" />
        <DictTag dictType="sys_yes_no" value="" />
        <DictTag dictType="sys_yes_no" value={null} />
      </>,
    );
    await settle();
    expect(container.textContent).toBe('X');
    expect(container.querySelector('.ant-tag')).toBeNull();
  });

  it('relabels at once when the dictionary is edited and invalidated', async () => {
    render(<DictTag dictType="sys_normal_disable" value="1" />);
    expect(await screen.findByText('停用')).toBeInTheDocument();
    dictionaries.sys_normal_disable = [item('0', '正常', 'primary'), item('1', '已停用', 'danger')];
    act(() => invalidateDicts(['sys_normal_disable']));
    expect(await screen.findByText('已停用')).toBeInTheDocument();
  });
});
