/**
 * The task component every component-type process falls back to (src/workflows/task-components.ts):
 * when the instance carries a change of an approvable resource, the record rendered through the kit
 * from its declaration, each field's current value beside the proposed one. So an approvable
 * resource needs no task component of its own. Nothing shows for an instance without such a change.
 */
import { Alert, Card, Skeleton, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { findResource } from '../../resources';
import type { TaskComponentProps } from '../../workflows/task-types';
import { approvalApi, type InstanceChange } from './approval-api';
import { ChangeTable } from './ChangeTable';
import '../kit.css';

type State = { status: 'loading' } | { status: 'ready'; found: InstanceChange | null } | { status: 'error'; message: string };

export default function ApprovalChangeView({ instance }: TaskComponentProps) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    let live = true;
    approvalApi.findByInstance(instance.id).then(
      (found) => live && setState({ status: 'ready', found }),
      (e: unknown) => live && setState({ status: 'error', message: e instanceof Error ? e.message : String(e) }),
    );
    return () => {
      live = false;
    };
  }, [instance.id, instance.status]);

  if (state.status === 'loading') return <Skeleton active />;
  if (state.status === 'error') return <Alert type="error" showIcon message={state.message} />;
  const { found } = state;
  const resource = found ? findResource(found.resource) : undefined;
  if (!found || !resource) return null;
  const { change } = found;
  return (
    <Card size="small" title={t(`kit:approval.title.${change.action}`, { title: t(resource.item ?? resource.title) })} data-testid="approval-change-view">
      {change.status !== 'RUNNING' && (
        <Typography.Paragraph type="secondary">{t(`kit:approval.ended.${change.status}`)}</Typography.Paragraph>
      )}
      <ChangeTable resource={resource} record={found.record} change={change} />
    </Card>
  );
}
