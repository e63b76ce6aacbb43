/**
 * 额度申请 and 额度调整: amount, term and reason (and, applying, the kind, grantor and group). The rules
 * are src/lib/quotas' (amounts in fen, never floats); the server checks them again and names the field.
 */
import { Form, Modal, Select, App, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCurrency } from '../../lib/money';
import { QUOTA_CHANNEL, QUOTA_KIND } from '../../lib/quotas';
import { pageMessageOf } from '../../providers/http';
import { quotaApi, type QuotaAccount, type Submitted } from './quota-api';
import { amountBody, QuotaAmountFields, type AmountValues } from './QuotaAmountFields';
import { Typed, typedSelect } from '../../components/Typed';

interface Values extends AmountValues {
  kind?: string;
  channel?: string;
  grantorId?: string;
  unitId?: string;
}

interface Props {
  /** The account adjusted; none: a new application. */
  account?: QuotaAccount;
  onClose: (submitted?: Submitted) => void;
}

export function QuotaRequestModal({ account, onClose }: Props) {
  const { t } = useTranslation('quotas');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [options, setOptions] = useState<{ grantors: Array<{ id: string; corpName: string }>; groups: Array<{ id: string; unitName: string }> }>({
    grantors: [],
    groups: [],
  });
  const [saving, setSaving] = useState(false);
  const kind = Form.useWatch('kind', form);

  useEffect(() => {
    // One toast: the client has already shown a permission or network failure.
    if (!account) {
      quotaApi.options().then(setOptions, (e: unknown) => {
        const text = pageMessageOf(e);
        if (text) void message.error(text);
      });
    }
  }, [account, message]);

  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      const body = { ...values, ...amountBody(values) };
      const submitted = account
        ? await quotaApi.modify({ accountId: account.id, amount: body.amount, termEnd: body.termEnd, reason: body.reason })
        : await quotaApi.apply(body);
      message.success(t('accounts.submitted'));
      onClose(submitted);
    } catch (e) {
      const text = pageMessageOf(e);
      if (text) void message.error(text);
    } finally {
      setSaving(false);
    }
  };

  const required = { required: true, message: t('validation.required') };
  return (
    <Modal
      open
      title={t(account ? 'accounts.modifyTitle' : 'accounts.applyTitle')}
      onOk={submit}
      confirmLoading={saving}
      onCancel={() => onClose()}
      destroyOnHidden
      okText={t('dispatch.submit')}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        name="quota-request"
        initialValues={account ? { amount: account.granted, termEnd: account.termEnd ? dayjs(account.termEnd) : undefined } : { kind: QUOTA_KIND.platform }}
      >
        {account ? (
          <Typography.Paragraph data-testid="quota-modify-current">
            <Typed>{account.unitName}</Typed> · {t(`kind.${account.kind}`)} · {t('accounts.current')} {formatCurrency(account.granted)}
          </Typography.Paragraph>
        ) : (
          <>
            <Form.Item name="kind" label={t('fields.kind')} rules={[required]}>
              <Select options={Object.values(QUOTA_KIND).map((value) => ({ value, label: t(`kind.${value}`) }))} />
            </Form.Item>
            {kind === QUOTA_KIND.thirdParty && (
              <Form.Item name="channel" label={t('fields.channel')} rules={[required]}>
                <Select options={Object.values(QUOTA_CHANNEL).map((value) => ({ value, label: t(`channel.${value}`) }))} />
              </Form.Item>
            )}
            {kind && kind !== QUOTA_KIND.platform && (
              <Form.Item name="grantorId" label={t('fields.grantorId')} rules={[required]}>
                <Select showSearch optionFilterProp="label" options={options.grantors.map((g) => ({ value: g.id, label: g.corpName }))} {...typedSelect} />
              </Form.Item>
            )}
            <Form.Item name="unitId" label={t('fields.unitId')} rules={[required]}>
              <Select showSearch optionFilterProp="label" options={options.groups.map((g) => ({ value: g.id, label: g.unitName }))} {...typedSelect} />
            </Form.Item>
          </>
        )}
        <QuotaAmountFields modifying={!!account} />
      </Form>
    </Modal>
  );
}
