// @vitest-environment jsdom
/**
 * The pass / reject panel: who sees it (never op_auditor, never the wrong working role, not a task
 * another user claimed or the server says the reader may not work), that a reject needs a remark,
 * and how a pass goes: claim an unclaimed task, run the page's hooks, sign a sign step, complete
 * with the task's dataVersion; a refusal shows the server's message.
 */
import '../shell/dom';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import '../../../src/providers/i18n-app';
import { userStore } from '../../../src/providers/user';
import type { WorkflowInstance, WorkflowTask } from '../../../src/workflows/task-components';
import { TaskActions } from '../../../src/workflows/task-view/TaskActions';
import { answer, ok, resetServer, sentTo } from '../kit/net';
import { personaUser, type PersonaName } from '../kit/personas';

const API = '/op/v1/workflow';
const SIGN = '/op/v1/authentication/signature';

const instance = (over: Partial<WorkflowInstance> = {}): WorkflowInstance => ({
  id: 'i-1',
  processKey: 'Process_RF_AGREEMENT',
  processName: '反向保理协议',
  businessKey: 'BIZ-1',
  businessNo: 'BIZ-1',
  businessType: 'TEST',
  summary: '协议 1',
  variables: {},
  status: 'RUNNING',
  currentActivity: 'Approve',
  currentActivityName: '主管审核',
  startUserId: 'u-op-handler',
  startPersonName: '经办人张三',
  createTime: '2026-01-01T00:00:00Z',
  endTime: null,
  ...over,
});
const task = (over: Partial<WorkflowTask> & { workable?: boolean } = {}): WorkflowTask & { workable?: boolean } => ({
  id: 't-1',
  instanceId: 'i-1',
  processKey: 'Process_RF_AGREEMENT',
  processName: '反向保理协议',
  taskDefinitionKey: 'Approve',
  taskName: '主管审核',
  activityType: 'approve',
  workingRole: 'director',
  status: 'TODO',
  assigneeId: null,
  assigneeName: null,
  outcome: null,
  remark: null,
  dataVersion: 3,
  businessKey: 'BIZ-1',
  businessNo: 'BIZ-1',
  businessType: 'TEST',
  summary: '协议 1',
  instanceStatus: 'RUNNING',
  processType: 'component',
  routePath: null,
  createTime: '2026-01-01T00:00:00Z',
  completeTime: null,
  ...over,
});

const show = (who: PersonaName, props: Partial<Parameters<typeof TaskActions>[0]> = {}) => {
  userStore.set(personaUser(who));
  const onCompleted = vi.fn();
  render(
    <App>
      <TaskActions task={task()} instance={instance()} onCompleted={onCompleted} {...props} />
    </App>,
  );
  return onCompleted;
};
const pass = () => screen.queryByTestId('task-pass');

beforeEach(() => {
  resetServer();
  answer(`${API}/tasks/claim`, ok({ ...task(), assigneeId: 'u-op-director', dataVersion: 4 }));
  answer(`${API}/tasks/complete`, ok({ instance: instance({ status: 'APPROVED' }), task: null }));
  answer(`${API}/tasks/pending-count`, ok({ count: 0 }));
});
afterEach(cleanup);

describe('who sees the actions', () => {
  it('op_auditor sees no buttons, even on an open task of a step it could read', () => {
    show('op_auditor');
    expect(pass()).toBeNull();
    expect(screen.queryByTestId('task-reject')).toBeNull();
    expect(screen.queryByTestId('task-actions')).toBeNull();
  });

  it('a handler does not see a director step; a director does, and op_admin may work either', () => {
    show('op_handler');
    expect(pass()).toBeNull();
    cleanup();
    show('op_director');
    expect(pass()).toBeVisible();
    cleanup();
    show('op_admin');
    expect(pass()).toBeVisible();
  });

  it('not when another user claimed the task, the task is done, or the server says the reader may not work it (four-eyes)', () => {
    show('op_director', { task: task({ assigneeId: 'u-op-director2', assigneeName: '主管王五' }) });
    expect(pass()).toBeNull();
    cleanup();
    show('op_director', { task: task({ status: 'DONE' }) });
    expect(pass()).toBeNull();
    cleanup();
    show('op_director', { task: task({ workable: false }) });
    expect(pass()).toBeNull();
  });
});

describe('working a task', () => {
  it('a reject needs a remark: 驳回时请填写审批意见, and nothing is sent without one', async () => {
    show('op_director');
    fireEvent.click(screen.getByTestId('task-reject'));
    expect(await screen.findByText('驳回时请填写审批意见')).toBeVisible();
    expect(sentTo(`${API}/tasks/claim`)).toHaveLength(0);
    expect(sentTo(`${API}/tasks/complete`)).toHaveLength(0);

    fireEvent.change(screen.getByTestId('task-remark'), { target: { value: '资料不全' } });
    fireEvent.click(screen.getByTestId('task-reject'));
    await waitFor(() => expect(sentTo(`${API}/tasks/complete`)).toHaveLength(1));
    expect(sentTo(`${API}/tasks/complete`)[0].body).toEqual({ taskId: 't-1', outcome: 'REJECT', remark: '资料不全', dataVersion: 4 });
  });

  it('a pass awaits the hooks in order, then claims the unclaimed task, completes with the claimed dataVersion and reports', async () => {
    const order: string[] = [];
    const hooks = [
      async (outcome: string) => {
        order.push(`save:${outcome}`);
        // Nothing is claimed before the business view agrees (issue 25).
        expect(sentTo(`${API}/tasks/claim`)).toHaveLength(0);
      },
      () => void order.push('check'),
    ];
    const onCompleted = show('op_director', { beforeComplete: hooks });
    fireEvent.change(screen.getByTestId('task-remark'), { target: { value: '同意' } });
    fireEvent.click(screen.getByTestId('task-pass'));
    await waitFor(() => expect(onCompleted).toHaveBeenCalledWith({ outcome: 'PASS', instance: expect.objectContaining({ status: 'APPROVED' }), next: null }));
    expect(order).toEqual(['save:PASS', 'check']);
    expect(sentTo(`${API}/tasks/complete`)[0].body).toEqual({ taskId: 't-1', outcome: 'PASS', remark: '同意', dataVersion: 4 });
    expect(sentTo(`${SIGN}/switch/find`)).toHaveLength(0);
  });

  it('a hook that throws stops the completion, claims nothing (another worker may still take the task) and its message is shown', async () => {
    show('op_director', { beforeComplete: [() => Promise.reject(new Error('请先保存审核结论'))] });
    fireEvent.click(screen.getByTestId('task-pass'));
    expect(await screen.findByTestId('task-action-error')).toHaveTextContent('请先保存审核结论');
    expect(sentTo(`${API}/tasks/complete`)).toHaveLength(0);
    expect(sentTo(`${API}/tasks/claim`)).toHaveLength(0);
  });

  it('shows the server refusal in its own words', async () => {
    answer(`${API}/tasks/complete`, { envelope: { code: 'FOUR_EYES', message: '同一人不能审核同一流程的两个审核环节' } });
    show('op_director', { task: task({ assigneeId: 'u-op-director' }) });
    fireEvent.click(screen.getByTestId('task-pass'));
    expect(await screen.findByTestId('task-action-error')).toHaveTextContent('同一人不能审核同一流程的两个审核环节');
    expect(sentTo(`${API}/tasks/claim`)).toHaveLength(0);
  });

  it("needs issuance's final-approval form chosen at the core director's review before completing", async () => {
    const core = { processKey: 'Process_CREDIT_ISSUE', taskDefinitionKey: 'CoreDirectorReview', assigneeId: 'u-op-director' };
    show('op_director', { task: task(core), instance: instance({ processKey: 'Process_CREDIT_ISSUE' }) });
    fireEvent.click(screen.getByTestId('task-pass'));
    expect(await screen.findByText('请选择终审方式', { selector: '.ant-form-item-explain-error' })).toBeVisible();
    expect(sentTo(`${API}/tasks/complete`)).toHaveLength(0);
  });

  it('a pass of a sign step is signed first over the step scope; closing the modal completes nothing', async () => {
    answer(`${SIGN}/switch/find`, ok({ open: true }));
    answer(`${SIGN}/sms/apply`, ok({ resendAfterSeconds: 60 }));
    const final = { processKey: 'Process_CREDIT_ISSUE', taskDefinitionKey: 'FinalSingleReview', activityType: 'APPROVE', assigneeId: 'u-op-director' };
    show('op_director', { task: task(final), instance: instance({ processKey: 'Process_CREDIT_ISSUE', variables: { finalApproveMode: 'SINGLE' } }) });
    fireEvent.click(screen.getByTestId('task-pass'));
    await screen.findByTestId('sms-sign-modal');
    await waitFor(() => expect(sentTo(`${SIGN}/sms/apply`)).toHaveLength(1));
    expect(sentTo(`${SIGN}/sms/apply`)[0].body).toMatchObject({
      businessKeys: ['BIZ-1'],
      businessType: 'Process_CREDIT_ISSUE',
      productType: 'FinalSingleReview',
      personId: 'u-op-director',
    });
    fireEvent.click(screen.getByRole('button', { name: '取 消' }));
    await waitFor(() => expect(screen.getByTestId('task-pass')).toBeEnabled());
    expect(sentTo(`${API}/tasks/complete`)).toHaveLength(0);
  });
});
