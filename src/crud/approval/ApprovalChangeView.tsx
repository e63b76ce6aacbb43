/**
 * The task component every component-type process falls back to (src/workflows/task-components.ts):
 * when the instance carries a change of an approvable resource, the record rendered through the kit
 * from its declaration, each field's current value beside the proposed one. So an approvable
 * resource needs no task component of its own. An instance that carries no such change (or whose
 * change cannot be read) has no record to show: the frame is told (reportRecord), says so and keeps
 * 通过 / 驳回 disabled. Back at its submitter's step after a 驳回, the change opens in the resource's
 * form for them to change and resubmit (ResubmitForm).
 */
import { Card, Skeleton, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { findResource } from '../../resources';
import type { TaskComponentProps } from '../../workflows/task-types';
import { recordStateOf } from '../../workflows/task-view/record-state';
import { approvalApi, type InstanceChange } from './approval-api';
import { ChangeTable } from './ChangeTable';
import { ResubmitForm } from './ResubmitForm';
import { isSubmitterStep } from '../../workflows/submitter-step';
import '../kit.css';

type State = { status: 'loading' } | { status: 'ready'; found: InstanceChange | null } | { status: 'error'; message: string };

export default function ApprovalChangeView({ instance, activityKey, working, registerBeforeComplete, reportRecord }: TaskComponentProps) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    let live = true;
    reportRecord({ status: 'loading' });
    approvalApi.findByInstance(instance.id).then(
      (found) => {
        if (!live) return;
        setState({ status: 'ready', found });
        reportRecord(found && findResource(found.resource) ? { status: 'ready' } : { status: 'missing' });
      },
      (e: unknown) => {
        if (!live) return;
        const reported = recordStateOf(e);
        setState({ status: 'error', message: reported.status === 'failed' ? reported.message : '' });
        reportRecord(reported);
      },
    );
    return () => {
      live = false;
    };
    // Read again when the step moves or its work is done: a resubmission has replaced what the change proposes.
  }, [instance.id, instance.status, activityKey, working, reportRecord]);

  if (state.status === 'loading') return <Skeleton active />;
  // The frame says what is wrong (task-record-problem) and holds the actions back.
  if (state.status === 'error') return null;
  const { found } = state;
  const resource = found ? findResource(found.resource) : undefined;
  if (!found || !resource) return null;
  const { change } = found;
  return (
    <Card size="small" title={t(`kit:approval.title.${change.action}`, { title: t(resource.item ?? resource.title) })} data-testid="approval-change-view">
      {change.status !== 'RUNNING' && <Typography.Paragraph type="secondary">{t(`kit:approval.ended.${change.status}`)}</Typography.Paragraph>}
      {working && change.status === 'RUNNING' && isSubmitterStep(instance.processKey, activityKey) ? (
        // Returned to its submitter: what it proposes is theirs to change before resubmitting.
        <ResubmitForm resource={resource} instanceId={instance.id} change={change} record={found.record} registerBeforeComplete={registerBeforeComplete} />
      ) : (
        <ChangeTable resource={resource} record={found.record} change={change} />
      )}
    </Card>
  );
}
