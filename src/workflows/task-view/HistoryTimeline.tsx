/**
 * The history of an instance (instances/history) as a timeline: step, action (发起 / 签收 / 通过 /
 * 驳回), who and when, and the remark; a reject's remark stands out in red, as the handler must read it.
 *
 *   <HistoryTimeline instanceId={instance.id} reloadKey={completions} />
 *
 * It loads itself and loads again when `instanceId` or `reloadKey` changes. Read-only: everyone who
 * may open a task (workflow:task:query) sees it, op_auditor included.
 */
import './locale';
import { Alert, Empty, Spin, Timeline, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DATETIME_FORMAT } from '../../crud/fields';
import { formatDate } from '../../lib/dates';
import { findProcessDefinition } from '../registry';
import { HISTORY_ACTION } from '../states';
import { workflowApi, type HistoryEntry } from './workflow-api';

const ACTION_COLOR: Record<string, string> = {
  [HISTORY_ACTION.START]: 'blue',
  [HISTORY_ACTION.CLAIM]: 'gray',
  [HISTORY_ACTION.PASS]: 'green',
  [HISTORY_ACTION.REJECT]: 'red',
};

interface Props {
  instanceId: string;
  /** Change it (e.g. a completion counter) to load the history again. */
  reloadKey?: unknown;
}

export function HistoryTimeline({ instanceId, reloadKey }: Props) {
  const { t } = useTranslation('workflow');
  const [entries, setEntries] = useState<Array<HistoryEntry & { submitted?: 'SUBMIT' | 'RESUBMIT' }>>();
  const [error, setError] = useState<string>();

  useEffect(() => {
    let live = true;
    setError(undefined);
    workflowApi.history(instanceId).then(
      (answer) => {
        if (!live) return;
        // The starter's pass of the process's first step is their submission: it reads 提交, not 通过;
        // every later one follows a reviewer's 驳回 and reads 重新提交.
        const first = findProcessDefinition(answer.instance.processKey)?.startActivity;
        let submissions = 0;
        setEntries(
          answer.history.map((e) => {
            if (!(e.action === HISTORY_ACTION.PASS && e.taskDefinitionKey === first && e.userId === answer.instance.startUserId)) return e;
            submissions += 1;
            return { ...e, submitted: submissions === 1 ? 'SUBMIT' : 'RESUBMIT' };
          }),
        );
      },
      (e: unknown) => live && setError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      live = false;
    };
  }, [instanceId, reloadKey]);

  if (error) return <Alert type="error" showIcon message={error} />;
  if (!entries) return <Spin />;
  if (entries.length === 0) return <Empty description={t('history.empty')} />;

  return (
    <Timeline
      data-testid="history-timeline"
      items={entries.map((entry) => ({
        key: entry.id,
        color: ACTION_COLOR[entry.action] ?? 'gray',
        children: (
          <div className="task-history-entry" data-testid="history-entry" data-action={entry.action}>
            <div>
              <Typography.Text strong>{entry.taskName ?? entry.taskDefinitionKey}</Typography.Text>
              <Typography.Text type={entry.action === HISTORY_ACTION.REJECT ? 'danger' : undefined}>
                {' '}
                · {t(`action.${entry.submitted ?? entry.action}`, { defaultValue: entry.action })}
              </Typography.Text>
            </div>
            <Typography.Text type="secondary">
              {entry.personName} · {formatDate(entry.createTime, DATETIME_FORMAT)}
            </Typography.Text>
            {entry.remark &&
              (entry.action === HISTORY_ACTION.REJECT ? (
                <Alert
                  type="error"
                  showIcon
                  message={t('history.rejectRemark', { remark: entry.remark })}
                  data-testid="history-reject-remark"
                  style={{ marginTop: 4 }}
                />
              ) : (
                <div className="task-history-remark">{t('history.remark', { remark: entry.remark })}</div>
              ))}
          </div>
        ),
      }))}
    />
  );
}
