/**
 * The router's history asks BEFORE unsaved forms are left (issue 26): push and replace away from a
 * page with a dirty form wait for the answer and do nothing on 留在此页; a back/forward move is held
 * from the router and stepped back on 留在此页; nothing asks within a page or with nothing unsaved.
 */
import { UNSAFE_createMemoryHistory } from 'react-router';
import { createGuardedHistory } from '../../../src/components/form-guard/guarded-history';
import { guardedForms, setLeaveQuestion } from '../../../src/components/form-guard/guarded-forms';

type Answer = (leave: boolean) => void;
let pending: Answer[] = [];
setLeaveQuestion(() => new Promise<boolean>((resolve) => pending.push(resolve)));
const answer = async (leave: boolean) => {
  pending.shift()!(leave);
  await new Promise((r) => setTimeout(r, 0));
};

function setup() {
  const memory = UNSAFE_createMemoryHistory({ initialEntries: ['/op/list', '/op/form'], initialIndex: 1, v5Compat: true });
  const history = createGuardedHistory(memory as never);
  const heard: string[] = [];
  history.listen((update) => heard.push(`${update.action} ${update.location.pathname}`));
  return { memory, history, heard };
}

beforeEach(() => {
  pending = [];
  for (const form of guardedForms.all()) guardedForms.markClean(form.path, form.id);
});

const dirty = () => guardedForms.markDirty({ id: 'f', path: '/op/form', values: () => ({ name: 'x' }) });

describe('the guarded history', () => {
  it('navigates at once when nothing is unsaved, or within the same page', () => {
    const { history, heard } = setup();
    history.push('/op/form?tab=2');
    dirty();
    history.replace('/op/form?tab=3');
    expect(pending).toHaveLength(0);
    expect(heard).toEqual(['PUSH /op/form', 'REPLACE /op/form']);
  });

  it('asks before a push leaves a page with unsaved changes: 留在此页 stays, 离开 goes', async () => {
    const { history, heard } = setup();
    dirty();
    history.push('/op/home');
    expect(pending).toHaveLength(1);
    expect(history.location.pathname).toBe('/op/form');
    history.push('/op/other'); // a second click while asking is dropped
    expect(pending).toHaveLength(1);
    await answer(false);
    expect(history.location.pathname).toBe('/op/form');
    expect(heard).toEqual([]);
    history.push('/op/home');
    await answer(true);
    expect(history.location.pathname).toBe('/op/home');
    expect(heard).toEqual(['PUSH /op/home']);
    expect(guardedForms.any()).toBe(false);
  });

  it('holds a back move from the router while asking, and steps the address back on 留在此页', async () => {
    const { memory, history, heard } = setup();
    dirty();
    history.go(-1);
    expect(memory.location.pathname).toBe('/op/list');
    expect(heard).toEqual([]);
    expect(pending).toHaveLength(1);
    await answer(false);
    expect(memory.location.pathname).toBe('/op/form');
    expect(heard).toEqual([]);
    history.go(-1);
    await answer(true);
    expect(heard).toEqual(['POP /op/list']);
  });
});
