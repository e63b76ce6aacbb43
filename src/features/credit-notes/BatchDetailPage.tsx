/**
 * 签发数据详情 (/op/issue/group/batch?id=…): a batch's own page, where a 批次号 link leads. It shows
 * what the final approval reads (BatchPanel: totals, lines, documents, the quota figures kept at the
 * decision or live while it runs, the notes issued) and the approval record of its Process_CREDIT_ISSUE
 * instance, read-only; the step is worked from 待办 on the final-approval page, which shows the same.
 */
import '../../workflows/task-view/locale';
import { Card, Space } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { HistoryTimeline } from '../../workflows/task-view/HistoryTimeline';
import BatchPanel from './BatchPanel';
import { CREDIT_PATHS, type BatchDetail } from './credit-api';
import './locale';

export default function BatchDetailPage() {
  const { t } = useTranslation(['creditNotes', 'workflow']);
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const [instanceId, setInstanceId] = useState<string | null>();
  const loaded = useCallback((found: BatchDetail) => setInstanceId(found.batch.instanceId), []);
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="batch-detail">
      <Link to={CREDIT_PATHS.generate}>{t('creditNotes:generate.back')}</Link>
      <BatchPanel key={id} id={id} onLoaded={loaded} />
      {instanceId && (
        <Card size="small" title={t('workflow:view.history')}>
          <HistoryTimeline instanceId={instanceId} />
        </Card>
      )}
    </Space>
  );
}
