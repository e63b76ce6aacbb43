// @vitest-environment jsdom
/**
 * The task frame and the record behind the instance: while a task component's record loads, and
 * when it is missing (the kit's change view finding none, a NOT_FOUND answer, an HTTP 404) or fails
 * to load, 通过 and 驳回 stay disabled and the frame says which, never 网络异常; once the record is
 * shown they are enabled.
 */
import '../shell/dom';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import '../../../src/providers/i18n-app';
import ApprovalChangeView from '../../../src/crud/approval/ApprovalChangeView';
import CertificateTaskView from '../../../src/features/certificates/CertificateTaskView';
import QuotaTaskView from '../../../src/features/quotas/QuotaTaskView';
import { userStore } from '../../../src/providers/user';
import type { TaskComponentProps, WorkflowInstance, WorkflowTask } from '../../../src/workflows/task-components';
import { SlotLoading } from '../../../src/workflows/task-view/SlotLoading';
import { TaskPageFrame } from '../../../src/workflows/task-view/TaskPageFrame';
import { answer, ok, resetServer, sentTo } from '../kit/net';
import { personaUser } from '../kit/personas';

const API = '/op/v1/workflow';
const QUOTA_REQUEST = '/op/v1/quotas/requests/find-by-id';
const MISSING = '未找到该审批对应的业务记录（可能已被删除），不能通过或驳回';

const instance = (processKey: string): WorkflowInstance => ({
  id: 'i-1',
  processKey,
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
});
const task = (processKey: string, taskDefinitionKey: string): WorkflowTask => ({
  id: 't-1',
  instanceId: 'i-1',
  processKey,
  processName: '',
  taskDefinitionKey,
  taskName: '',
  activityType: 'approve',
  workingRole: 'director',
  status: 'TODO',
  assigneeId: 'u-op-director',
  assigneeName: '主管李四',
  outcome: null,
  remark: null,
  dataVersion: 1,
  businessKey: 'MADE-UP-1',
  businessNo: 'MADE-UP-1',
  businessType: null,
  summary: '虚构',
  instanceStatus: 'RUNNING',
  processType: 'component',
  routePath: null,
  createTime: '2026-01-01T00:00:00Z',
  completeTime: null,
});

function frame(processKey: string, activityKey: string, slot: (props: TaskComponentProps) => ReactNode) {
  userStore.set(personaUser('op_director'));
  render(
    <MemoryRouter>
      <App>
        <TaskPageFrame
          loaded={{
            status: 'ready',
            instance: instance(processKey),
            task: { ...task(processKey, activityKey), workable: true, unworkableReason: null, variables: {}, startPersonName: '经办人张三' },
            activityKey,
            working: true,
            readonly: false,
            reload: () => undefined,
          }}
        >
          {slot}
        </TaskPageFrame>
      </App>
    </MemoryRouter>,
  );
}

const buttons = () => [screen.getByTestId('task-pass'), screen.getByTestId('task-reject')];

beforeEach(() => {
  resetServer();
  answer(`${API}/instances/history`, ok({ instance: instance('Process_CI_CORE_ADMIT_CREATE'), history: [] }));
});
afterEach(cleanup);

describe('a record that cannot be shown holds the actions back', () => {
  it("the kit's change view finds no change for the instance: missing, both buttons disabled", async () => {
    answer('/op/v1/approvals/find-by-instance', ok(null));
    frame('Process_CI_CORE_ADMIT_CREATE', 'Approve', (props) => <ApprovalChangeView {...props} />);
    expect(await screen.findByTestId('task-record-problem')).toHaveTextContent(MISSING);
    for (const button of buttons()) expect(button).toBeDisabled();
    expect(sentTo('/op/v1/approvals/find-by-instance')).toHaveLength(1);
  });

  it('a certificate application the server does not know (NOT_FOUND): missing, not 网络异常', async () => {
    answer('/op/v1/certificates/applications/find-by-id', { envelope: { code: 'NOT_FOUND', message: '证书申请不存在' } });
    frame('Process_AUTH_SOFT_CA_CREATE', 'Approve', (props) => <CertificateTaskView {...props} />);
    expect(await screen.findByTestId('task-record-problem')).toHaveTextContent(MISSING);
    expect(document.body).not.toHaveTextContent('网络异常');
    for (const button of buttons()) expect(button).toBeDisabled();
  });

  it('a quota request the server does not know (NOT_FOUND): missing, and the actions wait while it loads', async () => {
    answer(QUOTA_REQUEST, { envelope: { code: 'NOT_FOUND', message: '额度申请不存在' } });
    frame('Process_TRI_LMT_APPLY_AUDIT', 'Approve', (props) => <QuotaTaskView {...props} />);
    for (const button of buttons()) expect(button).toBeDisabled();
    expect(await screen.findByTestId('task-record-problem')).toHaveTextContent(MISSING);
    for (const button of buttons()) expect(button).toBeDisabled();
  });

  it('an HTTP 404 for the record is missing too, not 网络异常', async () => {
    // no answer registered: the fake server answers 404
    frame('Process_CI_CORE_ADMIT_CREATE', 'Approve', (props) => <ApprovalChangeView {...props} />);
    expect(await screen.findByTestId('task-record-problem')).toHaveTextContent(MISSING);
    expect(screen.getByTestId('task-record-problem')).not.toHaveTextContent('网络异常');
    for (const button of buttons()) expect(button).toBeDisabled();
  });

  it('any other failure says it failed, in the server words, and holds the actions back', async () => {
    answer('/op/v1/approvals/find-by-instance', { envelope: { code: 'BUSINESS_ERROR', message: '记录暂不可读' } });
    frame('Process_CI_CORE_ADMIT_CREATE', 'Approve', (props) => <ApprovalChangeView {...props} />);
    expect(await screen.findByTestId('task-record-problem')).toHaveTextContent('业务记录加载失败，暂不能通过或驳回：记录暂不可读');
    for (const button of buttons()) expect(button).toBeDisabled();
  });

  it('while loading the buttons wait; once the record is shown they are enabled', async () => {
    let show: () => void = () => undefined;
    function Slow({ reportRecord }: TaskComponentProps) {
      useEffect(() => {
        reportRecord({ status: 'loading' });
        show = () => reportRecord({ status: 'ready' });
      }, [reportRecord]);
      return null;
    }
    frame('Process_CI_CORE_ADMIT_CREATE', 'Approve', (props) => <Slow {...props} />);
    await waitFor(() => expect(screen.getByTestId('task-pass')).toBeDisabled());
    expect(screen.queryByTestId('task-record-problem')).toBeNull();
    show();
    await waitFor(() => expect(screen.getByTestId('task-pass')).toBeEnabled());
    expect(screen.getByTestId('task-reject')).toBeEnabled();
  });

  it("while the step's component itself loads the buttons wait too; one that shows no record frees them once it is there", async () => {
    let arrive: (module: { default: ComponentType<TaskComponentProps> }) => void = () => undefined;
    const NoRecord = lazy(() => new Promise<{ default: ComponentType<TaskComponentProps> }>((resolve) => (arrive = resolve)));
    frame('Process_CI_CORE_ADMIT_CREATE', 'Approve', (props) => (
      <Suspense fallback={<SlotLoading reportRecord={props.reportRecord} />}>
        <NoRecord {...props} />
      </Suspense>
    ));
    await waitFor(() => expect(screen.getByTestId('task-pass')).toBeDisabled());
    // The module arrives: a component that reports nothing (it shows no record) leaves the actions free.
    await act(async () => arrive({ default: () => <span data-testid="no-record-slot" /> }));
    await screen.findByTestId('no-record-slot');
    await waitFor(() => expect(screen.getByTestId('task-pass')).toBeEnabled());
    expect(screen.getByTestId('task-reject')).toBeEnabled();
  });
});
