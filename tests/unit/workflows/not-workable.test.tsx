// @vitest-environment jsdom
/**
 * The task view says why an open task cannot be worked (issue 26): maker-checker and four-eyes in the
 * server's own words, another's claim and another role's step; nothing for a finished task or a
 * reader who works no task at all.
 */
import '../shell/dom';
import { cleanup, render, screen } from '@testing-library/react';
import '../../../src/providers/i18n-app';
import zhServer from '../../../locales/zh-CN/server.json';
import zhWorkflow from '../../../locales/zh-CN/workflow.json';
import enServer from '../../../locales/en-US/server.json';
import enWorkflow from '../../../locales/en-US/workflow.json';
import { NotWorkable } from '../../../src/workflows/task-view/NotWorkable';
import type { WorkflowTask } from '../../../src/workflows/task-components';
import type { UnworkableReason } from '../../../src/workflows/unworkable';

afterEach(cleanup);

const task = (unworkableReason: UnworkableReason | null, status = 'TODO') =>
  ({ id: 't1', status, workingRole: 'director', assigneeName: '业务主管二', unworkableReason }) as unknown as WorkflowTask & {
    unworkableReason: UnworkableReason | null;
  };

describe('NotWorkable', () => {
  it('says maker-checker exactly as the server refuses it, in both languages', () => {
    expect(zhWorkflow.actions.notWorkable.MAKER_CHECKER).toBe(zhServer.workflow.makerChecker);
    expect(enWorkflow.actions.notWorkable.MAKER_CHECKER).toBe(enServer.workflow.makerChecker);
    render(<NotWorkable task={task('MAKER_CHECKER')} />);
    expect(screen.getByTestId('task-not-workable').textContent).toBe('您已提交该申请，不能审批');
  });

  it.each([
    ['FOUR_EYES', '同一人不能审核同一流程的两个审核环节'],
    ['CLAIMED', '该任务已由 业务主管二 认领'],
    ['ROLE', '该环节需由主管岗位办理'],
  ] as const)('explains %s', (reason, text) => {
    render(<NotWorkable task={task(reason)} />);
    expect(screen.getByTestId('task-not-workable').textContent).toContain(text);
  });

  it('says nothing to a reader who works no task, nor of a finished task', () => {
    const { container } = render(
      <>
        <NotWorkable task={task('NO_PERMISSION')} />
        <NotWorkable task={task('MAKER_CHECKER', 'DONE')} />
        <NotWorkable task={task(null)} />
      </>,
    );
    expect(container.textContent).toBe('');
  });
});
