/**
 * A returned quota request at its submitter's step (RESUBMIT_FORMS, src/workflows/resubmit.tsx): the
 * form it was made with, prefilled with what it asks — an application's or adjustment's amount, term
 * and reason (QuotaAmountFields), a dispatch's lines and reason (DispatchEditor, its own reservation
 * not counted against itself). 重新提交 sends them with the version read; the server checks them as a
 * first submission. Whoever does not work the task sees the request read-only (QuotaTaskView).
 */
import { Card, Descriptions, Form, Spin, Typography } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DictTag } from '../../components/DictTag';
import { formatCurrency } from '../../lib/money';
import { QUOTA_KIND_DICT, QUOTA_REQUEST_TYPE, QUOTA_REQUEST_TYPE_DICT } from '../../lib/quotas';
import { ResubmitFrame, useResubmit } from '../../workflows/resubmit';
import type { TaskComponentProps } from '../../workflows/task-types';
import { useTaskRecord } from '../../workflows/task-view/use-task-record';
import { DispatchEditor, type DispatchCollect } from './DispatchEditor';
import { quotaApi } from './quota-api';
import { amountBody, QuotaAmountFields, type AmountValues } from './QuotaAmountFields';
import QuotaTaskView from './QuotaTaskView';
import './locale';

export default function QuotaResubmitForm(props: TaskComponentProps) {
  if (!props.working) return <QuotaTaskView {...props} />;
  return <Editing {...props} />;
}

function Editing(props: TaskComponentProps) {
  const { instance, activityKey, reportRecord } = props;
  const { t } = useTranslation('quotas');
  const [form] = Form.useForm<AmountValues>();
  const dispatchCollect = useRef<DispatchCollect>(null);
  const { loaded, error } = useTaskRecord(reportRecord, () => quotaApi.request(instance.businessKey), [instance.businessKey, instance.status, activityKey]);
  const request = loaded?.request;
  const isDispatch = request?.type === QUOTA_REQUEST_TYPE.dispatch || request?.type === QUOTA_REQUEST_TYPE.redispatch;

  const collect = useCallback(async () => {
    if (!request) throw new Error(t('validation.required'));
    if (isDispatch) {
      const { reason, lines } = dispatchCollect.current!();
      return { dataVersion: request.dataVersion, reason, lines };
    }
    let values: AmountValues;
    try {
      values = await form.validateFields();
    } catch {
      throw new Error(t('kit:approval.resubmit.invalid'));
    }
    return { dataVersion: request.dataVersion, ...amountBody(values) };
  }, [request, isDispatch, form, t]);
  useResubmit(props, request ? collect : undefined);

  if (error) return null;
  if (!loaded || !request) return <Spin />;
  const afresh = request.type === QUOTA_REQUEST_TYPE.redispatch;

  return (
    <ResubmitFrame>
      <Card
        size="small"
        title={
          <>
            {t('task.request')} <DictTag dictType={QUOTA_REQUEST_TYPE_DICT} value={request.type} />
          </>
        }
        data-testid="quota-resubmit"
      >
        {isDispatch ? (
          <DispatchEditor
            accountId={request.accountId!}
            afresh={afresh}
            exceptRequestId={request.id}
            initial={{ inputs: Object.fromEntries(loaded.lines.map((line) => [line.unitId, line.amount])), reason: request.reason }}
            collectRef={dispatchCollect}
          />
        ) : (
          <>
            <Descriptions size="small" column={2} style={{ marginBottom: 12 }}>
              <Descriptions.Item label={t('fields.kind')}>
                <DictTag dictType={QUOTA_KIND_DICT} value={request.kind} />
              </Descriptions.Item>
              <Descriptions.Item label={t('fields.grantorName')}>{request.grantorName}</Descriptions.Item>
              <Descriptions.Item label={t('fields.unitId')}>{loaded.unitName}</Descriptions.Item>
              {request.previousAmount !== null && (
                <Descriptions.Item label={t('task.previousAmount')}>{formatCurrency(request.previousAmount)}</Descriptions.Item>
              )}
            </Descriptions>
            <Typography.Paragraph type="secondary">{t('task.resubmitHint')}</Typography.Paragraph>
            <Form<AmountValues>
              form={form}
              layout="vertical"
              name="quota-resubmit"
              style={{ maxWidth: 480 }}
              initialValues={{ amount: request.amount, termEnd: request.termEnd ? dayjs(request.termEnd) : undefined, reason: request.reason }}
            >
              <QuotaAmountFields modifying={request.type === QUOTA_REQUEST_TYPE.modify} />
            </Form>
          </>
        )}
      </Card>
    </ResubmitFrame>
  );
}
