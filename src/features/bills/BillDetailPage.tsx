/**
 * 账单详情 (/op/issue/bills/detail?id=…): a bill with its basis and computation, its approval and
 * its invoice; the action its status allows, for who holds its permission: submit a draft into
 * Process_BILL_MANAGE, register the payment of a confirmed bill, invoice a paid one.
 */
import { Alert, App, Button, Card, DatePicker, Form, Input, Modal, Space, Spin } from 'antd';
import type { Dayjs } from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { BILL_PAGE, mayBill } from '../../lib/bills';
import { PERMISSIONS } from './permissions';
import { usePermission } from '../../providers/user';
import { TASK_VIEW_PATH } from '../../routes/static-routes';
import { BillSummary } from './BillSummary';
import { billsApi, messageOf, type BillDetail } from './bills-api';
import { InvoiceForm } from './InvoiceForm';
import './locale';
import { businessToday } from '../../lib/dates';

export default function BillDetailPage() {
  const { t } = useTranslation('bills');
  const { message, modal } = App.useApp();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const maySubmit = usePermission(PERMISSIONS.bill.submit);
  const mayPay = usePermission(PERMISSIONS.bill.pay);
  const mayInvoice = usePermission(PERMISSIONS.bill.invoice);
  const [detail, setDetail] = useState<BillDetail>();
  const [error, setError] = useState<string>();
  const [paying, setPaying] = useState(false);
  const [invoicing, setInvoicing] = useState(false);
  const [payForm] = Form.useForm<{ paidDate: Dayjs; remark?: string }>();

  const reload = useCallback(() => {
    billsApi.find({ id }).then(
      (found) => {
        setDetail(found);
        setError(undefined);
      },
      (e: unknown) => setError(messageOf(e)),
    );
  }, [id]);
  useEffect(reload, [reload]);

  if (error && !detail) return <Alert type="error" showIcon message={error} />;
  if (!detail) return <Spin />;
  const { bill } = detail;

  const submit = () =>
    modal.confirm({
      title: t('action.submit'),
      content: t('detail.submitConfirm', { billNo: bill.billNo }),
      onOk: async () => {
        try {
          await billsApi.submit(bill);
          message.success(t('detail.submitted'));
        } catch (e) {
          setError(messageOf(e));
        }
        reload();
      },
    });

  const pay = async () => {
    const values = await payForm.validateFields();
    try {
      await billsApi.pay(bill, values.paidDate.format('YYYY-MM-DD'), values.remark?.trim() || undefined);
      message.success(t('detail.paid'));
      setPaying(false);
    } catch (e) {
      setError(messageOf(e));
      setPaying(false);
    }
    reload();
  };

  return (
    <Card
      title={`${t('detailTitle')} ${bill.billNo}`}
      extra={
        <Space>
          {bill.instanceId && (
            <Link to={`${TASK_VIEW_PATH}?instanceId=${encodeURIComponent(bill.instanceId)}`} data-testid="bill-open-task">
              {t('detail.openTask')}
            </Link>
          )}
          {maySubmit && mayBill(bill.status, 'submit') && (
            <Button type="primary" onClick={submit} data-testid="bill-submit">
              {t('action.submit')}
            </Button>
          )}
          {mayPay && mayBill(bill.status, 'pay') && (
            <Button
              type="primary"
              onClick={() => {
                payForm.setFieldsValue({ paidDate: businessToday(), remark: undefined });
                setPaying(true);
              }}
              data-testid="bill-pay"
            >
              {t('action.pay')}
            </Button>
          )}
          {mayInvoice && mayBill(bill.status, 'invoice') && (
            <Button type="primary" onClick={() => setInvoicing(true)} data-testid="bill-invoice">
              {t('action.invoice')}
            </Button>
          )}
          <Link to={BILL_PAGE}>{t('detail.back')}</Link>
        </Space>
      }
    >
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} closable onClose={() => setError(undefined)} />}
      <BillSummary detail={detail} />
      <Modal open={paying} title={t('pay.title')} okText={t('pay.submit')} onOk={pay} onCancel={() => setPaying(false)} destroyOnHidden>
        <Form form={payForm} layout="vertical" data-testid="bill-pay-form">
          <Form.Item name="paidDate" label={t('pay.paidDate')} rules={[{ required: true, message: t('pay.paidDate') }]}>
            <DatePicker disabledDate={(d) => d.isAfter(businessToday(), 'day')} />
          </Form.Item>
          <Form.Item name="remark" label={t('pay.remark')} rules={[{ max: 500 }]}>
            <Input.TextArea rows={2} />
          </Form.Item>
        </Form>
      </Modal>
      {invoicing && (
        <InvoiceForm
          bill={bill}
          open={invoicing}
          onClose={() => setInvoicing(false)}
          onDone={() => {
            setInvoicing(false);
            message.success(t('detail.invoiced'));
            reload();
          }}
        />
      )}
    </Card>
  );
}
