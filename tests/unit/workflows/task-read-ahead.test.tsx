// @vitest-environment jsdom
/**
 * A task read ahead of its page (readTaskAhead, which the task view's module starts when it is opened
 * at its address): the reads go out and the step is prepared before anything renders, the page's
 * first read takes that answer instead of asking again, and a reload asks again.
 */
import '../shell/dom';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { WorkflowInstance } from '../../../src/workflows/task-components';
import { readTaskAhead, useTaskFromRoute, type FoundTask } from '../../../src/workflows/task-view/useTaskFromRoute';
import { answer, ok, resetServer, sent, sentTo } from '../kit/net';

const API = '/op/v1/workflow';
const instance: WorkflowInstance = {
  id: 'i-1',
  processKey: 'Process_QUOTA_GRANT',
  processName: '',
  businessKey: 'MADE-UP-1',
  businessNo: 'MADE-UP-1',
  businessType: null,
  summary: '虚构',
  variables: {},
  status: 'RUNNING',
  currentActivity: 'Approve',
  currentActivityName: '主管审核',
  startUserId: 'u-op-handler',
  startPersonName: '经办人张三',
  createTime: '2026-01-01T00:00:00Z',
  endTime: null,
};
const task = {
  id: 't-1',
  instanceId: 'i-1',
  taskDefinitionKey: 'Approve',
  status: 'TODO',
  workable: true,
  unworkableReason: null,
  variables: {},
  startPersonName: '经办人张三',
};

let reload: () => void = () => undefined;
function Probe() {
  const loaded = useTaskFromRoute();
  reload = loaded.reload;
  return <p data-testid="probe">{loaded.status === 'ready' ? `${loaded.instance.id} ${loaded.activityKey}` : loaded.status}</p>;
}

beforeEach(() => {
  resetServer();
  answer(`${API}/tasks/find-by-id`, ok(task));
  answer(`${API}/instances/find-by-id`, ok({ ...instance, currentTask: task }));
});
afterEach(cleanup);

describe('reading a task ahead of its page', () => {
  it('asks and prepares before any render; the first read takes the answer; a reload asks again', async () => {
    const prepared: FoundTask[] = [];
    readTaskAhead('?taskId=t-1', async (found) => void prepared.push(found));
    await waitFor(() => expect(prepared).toHaveLength(1));
    expect(prepared[0].instance.id).toBe('i-1');
    expect(sentTo(`${API}/tasks/find-by-id`)).toHaveLength(1);
    expect(sentTo(`${API}/instances/find-by-id`)).toHaveLength(1);

    render(
      <MemoryRouter initialEntries={['/op/task/view?taskId=t-1']}>
        <Probe />
      </MemoryRouter>,
    );
    expect(await screen.findByText('i-1 Approve')).toBeInTheDocument();
    expect(sentTo(`${API}/tasks/find-by-id`)).toHaveLength(1);

    act(() => reload());
    await waitFor(() => expect(sentTo(`${API}/tasks/find-by-id`)).toHaveLength(2));
    expect(await screen.findByText('i-1 Approve')).toBeInTheDocument();
  });

  it('a page opened at another task asks for its own; an address that names none asks nothing', async () => {
    readTaskAhead('?taskId=t-1');
    readTaskAhead('?readonly=1');
    render(
      <MemoryRouter initialEntries={['/op/task/view?taskId=t-2']}>
        <Probe />
      </MemoryRouter>,
    );
    await waitFor(() => expect(sentTo(`${API}/tasks/find-by-id`)).toHaveLength(2));
    expect(sentTo(`${API}/tasks/find-by-id`).map((request) => (request.body as { taskId: string }).taskId)).toEqual(['t-1', 't-2']);
    expect(sent.filter((request) => request.path.startsWith(API))).toHaveLength(4);
  });

  it('a read the page did not take is dropped at the next read, and one gone stale is not taken', async () => {
    readTaskAhead('?taskId=t-1');
    const first = render(
      <MemoryRouter initialEntries={['/op/task/view?taskId=t-2']}>
        <Probe />
      </MemoryRouter>,
    );
    expect(await screen.findByText('i-1 Approve')).toBeInTheDocument();
    first.unmount();
    render(
      <MemoryRouter initialEntries={['/op/task/view?taskId=t-1']}>
        <Probe />
      </MemoryRouter>,
    );
    await waitFor(() => expect(sentTo(`${API}/tasks/find-by-id`)).toHaveLength(3));
    cleanup();

    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      readTaskAhead('?taskId=t-3');
      vi.setSystemTime(Date.now() + 11_000);
      render(
        <MemoryRouter initialEntries={['/op/task/view?taskId=t-3']}>
          <Probe />
        </MemoryRouter>,
      );
      await waitFor(() => expect(sentTo(`${API}/tasks/find-by-id`)).toHaveLength(5));
    } finally {
      vi.useRealTimers();
    }
  });
});
