/**
 * The task component of the twelve quota processes (TASK_COMPONENT.QUOTA): the request behind the
 * instance (its businessKey is the request id) with what it asks, and beside it the account as it is
 * now, so a director sees whether it still fits; the server checks again when the pass is completed.
 */
import { Alert, Card, Descriptions, Space, Spin, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DictTag } from '../../components/DictTag';
import { formatCurrency, formatMoney } from '../../lib/money';
import { QUOTA_KIND_DICT, QUOTA_REQUEST_TYPE, QUOTA_REQUEST_TYPE_DICT } from '../../lib/quotas';
import type { TaskComponentProps } from '../../workflows/task-types';
import { useTaskRecord } from '../../workflows/task-view/use-task-record';
import { quotaApi, type RequestLine } from './quota-api';
import './locale';
import { typedCell } from '../../components/Typed';

export default function QuotaTaskView({ instance, activityKey, reportRecord }: TaskComponentProps) {
  const { t } = useTranslation('quotas');
  // The actions wait until the request and the account are shown.
  const { loaded, error } = useTaskRecord(reportRecord, () => quotaApi.request(instance.businessKey), [instance.businessKey, instance.status, activityKey]);

  if (error) return <Alert type="error" showIcon message={error} />;
  if (!loaded) return <Spin />;
  const { request, account, lines, unitName } = loaded;
  const isDispatch = request.type === QUOTA_REQUEST_TYPE.dispatch || request.type === QUOTA_REQUEST_TYPE.redispatch;
  const money = (value: string) => formatMoney(value);

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="quota-task-view">
      <Card
        size="small"
        title={
          <Space>
            {t('task.request')}
            <DictTag dictType={QUOTA_REQUEST_TYPE_DICT} value={request.type} />
          </Space>
        }
      >
        <Descriptions size="small" column={2}>
          <Descriptions.Item label={t('fields.kind')}>
            <DictTag dictType={QUOTA_KIND_DICT} value={request.kind} />
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.grantorName')}>{typedCell(request.grantorName)}</Descriptions.Item>
          <Descriptions.Item label={isDispatch ? t('dispatch.source') : t('fields.unitId')}>{typedCell(unitName)}</Descriptions.Item>
          <Descriptions.Item label={request.type === QUOTA_REQUEST_TYPE.modify ? t('fields.newAmount') : t('fields.amount')}>
            <span data-testid="quota-task-amount">{formatCurrency(request.amount)}</span>
          </Descriptions.Item>
          {request.previousAmount !== null && <Descriptions.Item label={t('task.previousAmount')}>{formatCurrency(request.previousAmount)}</Descriptions.Item>}
          <Descriptions.Item label={t('fields.termEnd')}>{request.termEnd ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={t('fields.reason')} span={2}>
            {request.reason}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      {isDispatch && (
        <Card size="small" title={t('task.lines')}>
          <Table<RequestLine>
            rowKey="unitId"
            size="small"
            pagination={false}
            dataSource={lines}
            columns={[
              { title: t('fields.unitName'), dataIndex: 'unitName', render: typedCell },
              {
                title: t(request.type === QUOTA_REQUEST_TYPE.redispatch ? 'dispatch.inputAfresh' : 'dispatch.input'),
                dataIndex: 'amount',
                align: 'right',
                render: money,
              },
              { title: t('task.current'), dataIndex: 'current', align: 'right', render: money },
              { title: t('task.grantedNow'), dataIndex: 'grantedNow', align: 'right', render: money },
              { title: t('task.availableNow'), dataIndex: 'availableNow', align: 'right', render: money },
            ]}
          />
        </Card>
      )}
      {account && (
        <Card size="small" title={t('task.account')}>
          <Descriptions size="small" column={3}>
            <Descriptions.Item label={t('fields.granted')}>{formatCurrency(account.granted)}</Descriptions.Item>
            <Descriptions.Item label={t('fields.dispatched')}>{formatCurrency(account.dispatched)}</Descriptions.Item>
            <Descriptions.Item label={t('fields.available')}>
              <span data-testid="quota-task-available">{formatCurrency(account.available)}</span>
            </Descriptions.Item>
          </Descriptions>
          {request.status === 'RUNNING' && <Typography.Text type="secondary">{t('task.recheck')}</Typography.Text>}
        </Card>
      )}
    </Space>
  );
}
