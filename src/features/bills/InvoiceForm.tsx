/**
 * 开具发票: the invoice of a paid bill. The buyer's title, tax id and address are filled from the
 * corporation's record and may be corrected; the account is one of the corporation's bank accounts
 * (numbers masked); the types offered are the shown ones of list_invoice_type_dict. The server
 * checks all of it again and refuses an unpaid or already invoiced bill.
 */
import { Alert, Form, Input, Modal, Select, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/money';
import { InvoiceTypeSelect } from '../certificates';
import { billsApi, messageOf, type Bill, type InvoiceDefaults } from './bills-api';

interface Values {
  invoiceType: string;
  title: string;
  taxId: string;
  address: string;
  bankAccountId: string;
  remark?: string;
}

export function InvoiceForm({ bill, open, onClose, onDone }: { bill: Bill; open: boolean; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation('bills');
  const [form] = Form.useForm<Values>();
  const [defaults, setDefaults] = useState<InvoiceDefaults>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    let live = true;
    billsApi.invoiceDefaults(bill.id).then(
      (found) => {
        if (!live) return;
        setDefaults(found);
        form.setFieldsValue({ title: found.title, taxId: found.taxId, address: found.address, bankAccountId: found.accounts[0]?.id });
      },
      (e: unknown) => live && setError(messageOf(e)),
    );
    return () => {
      live = false;
    };
  }, [open, bill.id, form]);

  const submit = async () => {
    const values = await form.validateFields();
    setBusy(true);
    setError(undefined);
    try {
      await billsApi.invoice({ id: bill.id, dataVersion: bill.dataVersion, ...values });
      onDone();
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('invoiceForm.title')}
      width={640}
      okText={t('invoiceForm.submit')}
      onOk={submit}
      confirmLoading={busy}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('invoiceForm.hint')}</Typography.Paragraph>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} />}
      {!defaults && !error ? (
        <Spin />
      ) : (
        <Form form={form} layout="vertical" data-testid="bill-invoice-form">
          <Form.Item label={t('fields.amount')}>
            <Typography.Text strong>{formatMoney(bill.feeAmount)}</Typography.Text>
          </Form.Item>
          <Form.Item name="invoiceType" label={t('fields.invoiceType')} rules={[{ required: true, message: t('fields.invoiceType') }]}>
            <InvoiceTypeSelect data-testid="bill-invoice-type" />
          </Form.Item>
          <Form.Item name="title" label={t('fields.title')} rules={[{ required: true, max: 200 }]}>
            <Input />
          </Form.Item>
          <Form.Item name="taxId" label={t('fields.taxId')} rules={[{ required: true, pattern: /^[0-9A-Z]{15,20}$/, message: t('server.taxIdInvalid') }]}>
            <Input />
          </Form.Item>
          <Form.Item name="address" label={t('fields.address')} rules={[{ required: true, max: 300 }]}>
            <Input />
          </Form.Item>
          <Form.Item name="bankAccountId" label={t('fields.bankAccountId')} rules={[{ required: true, message: t('invoiceForm.noAccount') }]}>
            <Select
              options={(defaults?.accounts ?? []).map((a) => ({
                value: a.id,
                label: `${a.bankName}${a.branchName ? ` ${a.branchName}` : ''} · ${a.accountNoMasked}`,
              }))}
              notFoundContent={t('invoiceForm.noAccount')}
            />
          </Form.Item>
          <Form.Item name="remark" label={t('fields.remark')} rules={[{ max: 500 }]}>
            <Input.TextArea rows={2} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
