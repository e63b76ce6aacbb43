// @vitest-environment jsdom
/**
 * A list's create and edit dialogs mount when first opened (src/crud/ResourceFormDialog.tsx): before
 * that nothing of the form is rendered and no record is read. Opened, they behave as before: a create
 * starts from its defaults, an edit reads its record, 取消 asks once something was typed, a save
 * closes and tells the list, a refusal leaves the dialog open without an uncaught error, and a draft
 * kept at a session's expiry reopens the dialog (an edit on its record) with the kept values, the
 * sensitive ones left out.
 */
import '../shell/dom';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Refine, type DataProvider } from '@refinedev/core';
import { App } from 'antd';
import { createRef } from 'react';
import { MemoryRouter } from 'react-router';
import '../../../src/providers/i18n-app';
import { guardedForms, setLeaveQuestion } from '../../../src/components/form-guard/guarded-forms';
import type { Draft } from '../../../src/components/form-guard/drafts';
import { ResourceFormDialog, type FormDialogHandle } from '../../../src/crud/ResourceFormDialog';
import { defineResource } from '../../../src/crud/resource';

// The kept drafts are sealed with the server's key (drafts.ts); here the tab holds one in clear.
const kept = vi.hoisted(() => ({ drafts: new Map<string, Draft>() }));
vi.mock('../../../src/components/form-guard/drafts', () => ({
  hasDraft: (path: string, id: string) => kept.drafts.has(`${path}#${id}`),
  takeDraft: async (path: string, id: string) => {
    const draft = kept.drafts.get(`${path}#${id}`);
    kept.drafts.delete(`${path}#${id}`);
    return draft;
  },
  dropDraft: (path: string, id: string) => kept.drafts.delete(`${path}#${id}`),
}));

const PATH = '/op/test/things';

const things = defineResource({
  name: 'things',
  apiBase: '/op/v1/things',
  menuUri: PATH,
  title: 'Things',
  permissions: { list: 'things:list', query: 'things:query', add: 'things:add', edit: 'things:edit' },
  fields: {
    name: { type: 'string', label: 'Name', required: true },
    secret: { type: 'string', label: 'Secret', sensitive: true },
  },
});

interface Calls {
  getOne: string[];
  saved: Array<Record<string, unknown>>;
}

function harness(mode: 'create' | 'edit', { refuse = false } = {}) {
  const calls: Calls = { getOne: [], saved: [] };
  const refusal = Object.assign(new Error('名称已存在'), { statusCode: 400 });
  const dataProvider = {
    getList: async () => ({ data: [], total: 0 }),
    getOne: async ({ id }: { id: string }) => {
      calls.getOne.push(String(id));
      return { data: { id, name: `record ${id}`, secret: '****', dataVersion: 1 } };
    },
    create: async ({ variables }: { variables: Record<string, unknown> }) => {
      if (refuse) throw refusal;
      calls.saved.push(variables);
      return { data: { id: 'new', ...variables } };
    },
    update: async ({ variables }: { variables: Record<string, unknown> }) => {
      if (refuse) throw refusal;
      calls.saved.push(variables);
      return { data: variables };
    },
    deleteOne: async () => ({ data: {} }),
    getApiUrl: () => '',
  } as unknown as DataProvider;
  const onSaved = vi.fn();
  const handle = createRef<FormDialogHandle>();
  render(
    <MemoryRouter initialEntries={[PATH]}>
      <App>
        <Refine dataProvider={dataProvider} resources={[{ name: 'things' }]} options={{ disableTelemetry: true }}>
          <ResourceFormDialog ref={handle} resource={things} mode={mode} createDefaults={{ name: 'default name' }} onSaved={onSaved} />
        </Refine>
      </App>
    </MemoryRouter>,
  );
  return { calls, handle, onSaved };
}

const form = (mode: string) => document.querySelector<HTMLFormElement>(`[data-testid="things-${mode}-form"]`);
const field = (name: string) => document.querySelector<HTMLInputElement>(`#things-edit_${name}, #things-create_${name}`)!;
const button = (name: RegExp) => screen.getAllByRole('button').find((b) => name.test(b.textContent?.replace(/\s/g, '') ?? ''))!;

afterEach(() => {
  cleanup();
  kept.drafts.clear();
  for (const dirty of guardedForms.all()) guardedForms.markClean(dirty.path, dirty.id);
});

describe("a list's form dialog", () => {
  it('renders nothing of its form and reads nothing before it is first opened', async () => {
    const { calls } = harness('edit');
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(form('edit')).toBeNull();
    expect(document.querySelector('.ant-modal')).toBeNull();
    expect(calls.getOne).toEqual([]);
  });

  it('opens a create with its defaults, and a save closes it and tells the list', async () => {
    const { calls, handle, onSaved } = harness('create');
    act(() => handle.current!.show());
    await waitFor(() => expect(field('name').value).toBe('default name'));
    fireEvent.change(field('name'), { target: { value: 'new thing' } });
    fireEvent.click(button(/确定|OK/));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(calls.saved[0]).toMatchObject({ name: 'new thing' });
    expect(guardedForms.all()).toEqual([]);
  });

  it('opens an edit on its record, and again on another', async () => {
    const { calls, handle } = harness('edit');
    act(() => handle.current!.show('7'));
    await waitFor(() => expect(field('name').value).toBe('record 7'));
    expect(calls.getOne).toEqual(['7']);
    fireEvent.click(button(/取消|Cancel/));
    await waitFor(() => expect(document.querySelector('.ant-modal-wrap')?.getAttribute('style') ?? '').toMatch(/display: none/));
    act(() => handle.current!.show('8'));
    await waitFor(() => expect(field('name').value).toBe('record 8'));
  });

  it('asks before dropping what was typed, and keeps the dialog open when the operator stays', async () => {
    const asked = vi.fn(async () => false);
    setLeaveQuestion(asked);
    const { handle } = harness('edit');
    act(() => handle.current!.show('7'));
    await waitFor(() => expect(field('name').value).toBe('record 7'));
    fireEvent.change(field('name'), { target: { value: 'typed' } });
    expect(guardedForms.all().map((dirty) => [dirty.path, dirty.id, dirty.context])).toEqual([[PATH, 'things-edit', { recordId: '7' }]]);
    fireEvent.click(button(/取消|Cancel/));
    await waitFor(() => expect(asked).toHaveBeenCalledTimes(1));
    expect(field('name').value).toBe('typed');
    asked.mockResolvedValue(true);
    fireEvent.click(button(/取消|Cancel/));
    await waitFor(() => expect(guardedForms.all()).toEqual([]));
  });

  it("settles the server's refusal: the dialog stays open, the list is not told", async () => {
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on('unhandledRejection', onRejection);
    try {
      const { handle, onSaved } = harness('create', { refuse: true });
      act(() => handle.current!.show());
      await waitFor(() => expect(field('name').value).toBe('default name'));
      fireEvent.click(button(/确定|OK/));
      await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
      expect(onSaved).not.toHaveBeenCalled();
      expect(field('name').value).toBe('default name');
      expect(rejections).toEqual([]);
    } finally {
      process.off('unhandledRejection', onRejection);
    }
  });

  it("offers a kept edit's draft and restores it on its record, marked unsaved, the sensitive field not kept", async () => {
    kept.drafts.set(`${PATH}#things-edit`, { values: { name: 'kept name' }, context: { recordId: '9' } });
    const { calls } = harness('edit');
    expect(form('edit')).toBeNull();
    fireEvent.click(await screen.findByTestId('form-draft-restore-things-edit'));
    await waitFor(() => expect(field('name').value).toBe('kept name'));
    expect(calls.getOne).toEqual(['9']);
    expect(screen.queryByTestId('form-draft-things-edit')).toBeNull();
    const [dirty] = guardedForms.all();
    expect(dirty).toMatchObject({ path: PATH, id: 'things-edit', context: { recordId: '9' } });
    expect(dirty.values()).toEqual(expect.objectContaining({ name: 'kept name' }));
    expect(dirty.values()).not.toHaveProperty('secret');
  });
});
