/**
 * Credit-note issuance's task page (/op/credit/final-approve/approve, and the hidden routes of
 * Process_CREDIT_ISSUE's steps): the core director's review chooses the final-approval form
 * (finalApproveMode: double-post operator, single-post or double-post director review), and each
 * final approval is signed with an SMS code (registry `sign`); TaskActions asks for both. Below, the
 * batch the instance carries (src/features/credit-notes/BatchPanel): its notes, totals, documents and quotas.
 */
import '../task-view/locale';
import { Descriptions, Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { FINAL_APPROVE_MODE, findProcessDefinition } from '../registry';
import { ProcessSteps } from '../task-view/ProcessSteps';
import { TaskPageFrame } from '../task-view/TaskPageFrame';
import { useTaskFromRoute } from '../task-view/useTaskFromRoute';
import { stepNeedsSignature } from '../task-sign';

const BatchPanel = lazy(() => import('../../features/credit-notes/BatchPanel'));

export default function CreditFinalApprovePage() {
  const { t } = useTranslation('workflow');
  const loaded = useTaskFromRoute();
  return (
    <TaskPageFrame loaded={loaded}>
      {({ instance, activityKey }) => {
        const variable = findProcessDefinition(instance.processKey)?.variables?.[FINAL_APPROVE_MODE.variable];
        const mode = instance.variables?.[FINAL_APPROVE_MODE.variable];
        const option = mode ? variable?.options[mode] : undefined;
        return (
          <>
            <ProcessSteps instance={instance} activityKey={activityKey} />
            <Descriptions size="small" column={1} style={{ marginTop: 16 }}>
              <Descriptions.Item label={t('variable.finalApproveMode.label')}>{option ? t(option.label) : t('creditIssue.modeOpen')}</Descriptions.Item>
              <Descriptions.Item label={t('creditIssue.signature')}>
                {t(stepNeedsSignature(instance.processKey, activityKey) ? 'creditIssue.signed' : 'creditIssue.unsigned')}
              </Descriptions.Item>
            </Descriptions>
            <Suspense fallback={<Skeleton active />}>
              <BatchPanel instanceId={instance.id} />
            </Suspense>
          </>
        );
      }}
    </TaskPageFrame>
  );
}
