// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import '../../../src/providers/i18n';
import { ELEMENTS_CALL, prefetchElements, useElementPermission } from '../../../src/providers/elements';
import { userStore } from '../../../src/providers/user';
import { answer, ok, resetServer, sentTo, type Answer, type Sent } from './net';
import { personaUser } from './personas';

/** The elements each page resource grants, as the fake server holds them. */
let grants: Record<string, string[]> = {};
const elementServer = ({ body }: Sent): Answer =>
  ok({ elements: (grants[(body as { resourceKey: string }).resourceKey] ?? []).map((pkResource) => ({ pkResource })) });

const calls = () => sentTo(ELEMENTS_CALL).map((request) => (request.body as { resourceKey: string }).resourceKey);
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers();
  resetServer();
  grants = { 'system:dict.html': ['dict-add', 'dict-export'], 'system:config.html': ['config-refresh'] };
  answer(ELEMENTS_CALL, elementServer);
  // a new user each test: the element cache starts empty
  userStore.set(personaUser('op_handler'));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  userStore.set(undefined);
});

describe('useElementPermission (spec §6)', () => {
  it('asks /op/v1/security for the page key + .html and answers whether the element is granted', async () => {
    const { result } = renderHook(() => useElementPermission('system:dict', 'dict-add'));
    expect(result.current).toBeUndefined();
    await advance(1000);
    expect(result.current).toBe(true);
    expect(calls()).toEqual(['system:dict.html']);
  });

  it('answers no for an element the page does not grant', async () => {
    const { result } = renderHook(() => useElementPermission('system:dict', 'dict-remove'));
    await advance(1000);
    expect(result.current).toBe(false);
  });

  it('does not add .html twice', async () => {
    const { result } = renderHook(() => useElementPermission('system:config.html', 'config-refresh'));
    await advance(1000);
    expect(calls()).toEqual(['system:config.html']);
    expect(result.current).toBe(true);
  });

  it('asks once per page, whatever the number of elements checked', async () => {
    const { result } = renderHook(() => [
      useElementPermission('system:dict', 'dict-add'),
      useElementPermission('system:dict', 'dict-export'),
      useElementPermission('system:dict', 'dict-remove'),
    ]);
    await advance(1000);
    expect(result.current).toEqual([true, true, false]);
    const again = renderHook(() => useElementPermission('system:dict', 'dict-export'));
    await advance(1000);
    expect(again.result.current).toBe(true);
    expect(calls()).toEqual(['system:dict.html']);
  });

  it('waits for a slow answer and answers as soon as it arrives, not at the next look', async () => {
    let release: () => void = () => undefined;
    answer(ELEMENTS_CALL, (request) => new Promise<Answer>((resolve) => (release = () => resolve(elementServer(request)))));
    const { result } = renderHook(() => useElementPermission('system:dict', 'dict-add'));
    await advance(5000);
    expect(result.current).toBeUndefined();
    release();
    await advance(0);
    expect(result.current).toBe(true);
  });

  it('a page whose elements were asked for at start answers on its first render', async () => {
    prefetchElements('system:dict');
    await advance(0);
    expect(calls()).toEqual(['system:dict.html']);
    const { result } = renderHook(() => [useElementPermission('system:dict', 'dict-add'), useElementPermission('system:dict', 'dict-remove')]);
    expect(result.current).toEqual([true, false]);
    await advance(1000);
    expect(calls()).toEqual(['system:dict.html']);
  });

  it("the page's first user info is not a change of user: elements asked for before it are kept", async () => {
    act(() => userStore.set(undefined));
    prefetchElements('system:dict');
    act(() => userStore.set(personaUser('op_handler')));
    await advance(0);
    const { result } = renderHook(() => useElementPermission('system:dict', 'dict-add'));
    expect(result.current).toBe(true);
    expect(calls()).toEqual(['system:dict.html']);
  });

  it('answers no after 10 looks (9 s) when the elements never load', async () => {
    answer(ELEMENTS_CALL, { hang: true });
    const { result } = renderHook(() => useElementPermission('never:loads', 'x'));
    await advance(8999);
    expect(result.current).toBeUndefined();
    await advance(1);
    expect(result.current).toBe(false);
  });

  it('answers no after the retries when the call fails', async () => {
    answer(ELEMENTS_CALL, { status: 500, raw: '' });
    const { result } = renderHook(() => useElementPermission('system:dict', 'dict-add'));
    await advance(9000);
    expect(result.current).toBe(false);
  });

  it('forgets the elements when user info changes, so new grants show without a reload', async () => {
    const { result } = renderHook(() => useElementPermission('system:dict', 'dict-add'));
    await advance(1000);
    expect(result.current).toBe(true);

    grants['system:dict.html'] = ['dict-export'];
    act(() => userStore.set({ ...personaUser('op_handler') }));
    await advance(1000);
    expect(calls()).toEqual(['system:dict.html', 'system:dict.html']);
    expect(result.current).toBe(false);
  });

  it('the same user object published again does not refetch', async () => {
    const user = userStore.get();
    const { result } = renderHook(() => useElementPermission('system:dict', 'dict-add'));
    await advance(1000);
    act(() => userStore.set(user));
    await advance(1000);
    expect(result.current).toBe(true);
    expect(calls()).toEqual(['system:dict.html']);
  });

  it('an answer for the previous user, arriving after the user changed, is not kept for the new one', async () => {
    // A call in flight when the user changes must be asked again for the new user, and its answer,
    // the first user's grants, discarded.
    let release: () => void = () => undefined;
    // the answer is what the server held for the first user, when it was asked
    answer(ELEMENTS_CALL, (request) => {
      const forFirstUser = elementServer(request);
      return new Promise<Answer>((resolve) => (release = () => resolve(forFirstUser)));
    });
    const { result } = renderHook(() => useElementPermission('system:dict', 'dict-add'));
    await advance(500);
    const oldAnswerRelease = release;
    answer(ELEMENTS_CALL, elementServer);
    grants['system:dict.html'] = [];
    act(() => userStore.set(personaUser('op_auditor')));
    oldAnswerRelease();
    await advance(9000);
    expect(result.current).toBe(false);
  });
});
