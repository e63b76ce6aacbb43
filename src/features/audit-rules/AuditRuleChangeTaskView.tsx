/**
 * A proposed change of an auditors' rule in the shared task view (issue 41 item 1): which rule, what
 * is done to it (新增 / 修改 / 停用), who proposed it, and the rule before → after line by line, the
 * changed lines marked, so the second person approves exactly what will take effect.
 */
import { Alert, Descriptions, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DATETIME_FORMAT } from '../../crud/fields';
import { AUDIT_RULES_API, nameOf, type AuditRuleChange } from '../../lib/audit-rules';
import { api } from '../../providers/http';
import { useNamespaces } from '../../providers/lazy-namespaces';
import type { TaskComponentProps } from '../../workflows/task-types';
import { compareLines } from './rule-fields';

const STATUS_COLOR = { RUNNING: 'processing', APPROVED: 'success', REJECTED: 'default' } as const;
const STATUS_LABEL = { RUNNING: 'running', APPROVED: 'applied', REJECTED: 'rejected' } as const;

export default function AuditRuleChangeTaskView({ instance, reportRecord }: TaskComponentProps) {
  useNamespaces(['workflow']);
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState<{ change: AuditRuleChange | null } | { error: string }>();

  useEffect(() => {
    let live = true;
    reportRecord({ status: 'loading' });
    api.post<AuditRuleChange | null>(AUDIT_RULES_API.changeByInstance, { instanceId: instance.id }).then(
      (change) => {
        if (!live) return;
        setLoaded({ change });
        reportRecord(change ? { status: 'ready' } : { status: 'missing' });
      },
      (error: unknown) => {
        if (!live) return;
        const message = error instanceof Error ? error.message : String(error);
        setLoaded({ error: message });
        reportRecord({ status: 'failed', message });
      },
    );
    return () => {
      live = false;
    };
  }, [instance.id, reportRecord]);

  if (!loaded) return <div data-testid="task-record" />;
  if ('error' in loaded) return <Alert type="error" showIcon message={loaded.error} data-testid="task-record" />;
  const { change } = loaded;
  if (!change) return <div data-testid="task-record" />;
  const lines = compareLines(change.before, change.after, t, change.roleNames);
  return (
    <div data-testid="task-record">
      <Descriptions size="small" bordered column={2} title={t('auditRules:change.title')} data-testid="audit-rule-change">
        <Descriptions.Item label={t('auditRules:change.rule')}>
          <span data-record={change.after.definition.name ? '' : undefined}>{nameOf(change.after.definition, t)}</span>{' '}
          <Typography.Text code>{change.ruleId}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('auditRules:change.action')}>
          <Tag color={change.action === 'retire' ? 'red' : change.action === 'create' ? 'green' : 'blue'}>{t(`auditRules:changeAction.${change.action}`)}</Tag>
          <Tag color={STATUS_COLOR[change.status]}>{t(`auditRules:change.${STATUS_LABEL[change.status]}`)}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('auditRules:change.proposer')}>{change.createByName ?? '-'}</Descriptions.Item>
        <Descriptions.Item label={t('auditRules:page.time')}>{dayjs(change.createTime).format(DATETIME_FORMAT)}</Descriptions.Item>
      </Descriptions>
      <Table
        style={{ marginTop: 12 }}
        size="small"
        bordered
        rowKey="key"
        pagination={false}
        dataSource={lines}
        data-testid="audit-rule-change-lines"
        columns={[
          { title: t('auditRules:change.item'), dataIndex: 'label', width: 140 },
          {
            title: t('auditRules:change.before'),
            dataIndex: 'before',
            render: (v: string | null) => v ?? <Typography.Text type="secondary">{t('auditRules:change.none')}</Typography.Text>,
          },
          {
            title: t('auditRules:change.after'),
            dataIndex: 'after',
            render: (v: string | null, row) =>
              row.changed ? (
                <Typography.Text strong type="warning">
                  {v ?? t('auditRules:change.none')}
                </Typography.Text>
              ) : (
                v
              ),
          },
        ]}
        rowClassName={(row) => (row.changed ? 'audit-rule-changed' : '')}
      />
    </div>
  );
}
