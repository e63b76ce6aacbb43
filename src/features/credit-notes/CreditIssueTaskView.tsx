/**
 * What a Process_CREDIT_ISSUE instance is about, wherever it is shown: the final-approval form chosen,
 * whether the step is signed with an SMS code, and the batch (BatchPanel). The final-approval page
 * (CreditFinalApprovePage) works the steps with it; the shared task view shows it
 * for 查看 from 待办, 已办 and 我发起的, so an instance opened there shows its record, not a bare header.
 */
import '../../workflows/task-view/locale';
import { Descriptions, Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { FINAL_APPROVE_MODE, findProcessDefinition } from '../../workflows/registry';
import { stepNeedsSignature } from '../../workflows/task-sign';
import type { TaskComponentProps } from '../../workflows/task-types';

const BatchPanel = lazy(() => import('./BatchPanel'));

export default function CreditIssueTaskView({ instance, activityKey }: Pick<TaskComponentProps, 'instance' | 'activityKey'>) {
  const { t } = useTranslation('workflow');
  const variable = findProcessDefinition(instance.processKey)?.variables?.[FINAL_APPROVE_MODE.variable];
  const mode = instance.variables?.[FINAL_APPROVE_MODE.variable];
  const option = mode ? variable?.options[mode] : undefined;
  return (
    <>
      <Descriptions size="small" column={1} style={{ marginTop: 16 }}>
        {/* A chosen form is in the frame's summary with the other process variables; only its absence is said here. */}
        {!option && <Descriptions.Item label={t('variable.finalApproveMode.label')}>{t('creditIssue.modeOpen')}</Descriptions.Item>}
        <Descriptions.Item label={t('creditIssue.signature')}>
          {t(stepNeedsSignature(instance.processKey, activityKey) ? 'creditIssue.signed' : 'creditIssue.unsigned')}
        </Descriptions.Item>
      </Descriptions>
      <Suspense fallback={<Skeleton active />}>
        <BatchPanel instanceId={instance.id} />
      </Suspense>
    </>
  );
}
