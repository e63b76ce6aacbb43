/**
 * 重新提交 of a business process with its own form (spec §4.5, issue 37): a returned instance opens at
 * its submitter's step with the form the change was made with, prefilled with what it proposes. The
 * process registers that form beside its task component (RESUBMIT_FORMS in task-components.ts); the
 * form hands this hook a `collect` that checks the fields as a first submission does and answers the
 * values. The task view's 重新提交 runs it first, sends the values to the process's owner
 * (workflow/instances/resubmit, which checks every rule again and refuses a stale version), and only
 * then completes the submitter's step; a refusal stops there with its message, the task still open.
 * 撤回 sends nothing.
 */
import { Alert } from 'antd';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TASK_OUTCOME } from './states';
import type { TaskComponentProps } from './task-types';
import { workflowApi } from './task-view/workflow-api';

/** Checks the form (an Error with the message to show when it cannot be sent) and answers the values to resubmit. */
export type CollectResubmit = () => Promise<Record<string, unknown>>;

export function useResubmit(
  { instance, working, registerBeforeComplete }: Pick<TaskComponentProps, 'instance' | 'working' | 'registerBeforeComplete'>,
  collect: CollectResubmit | undefined,
): void {
  // The latest collect, so the hook registered once reads the form as it is at the click.
  const latest = useRef(collect);
  latest.current = collect;
  const ready = !!collect;
  useEffect(() => {
    if (!working || !ready) return undefined;
    return registerBeforeComplete(async (outcome) => {
      if (outcome !== TASK_OUTCOME.PASS || !latest.current) return;
      const values = await latest.current();
      await workflowApi.resubmit(instance.id, values);
    });
  }, [working, ready, registerBeforeComplete, instance.id]);
}

/** The returned record's form under the reviewer's word: what to do here. */
export function ResubmitFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div data-testid="resubmit-form">
      <Alert type="info" showIcon message={t('kit:approval.resubmit.hint')} style={{ marginBottom: 16 }} />
      {children}
    </div>
  );
}
