/**
 * The verification tab (the page above shows the banner): the verifications of the corporation (newest first) and, for
 * whom the server allows it (corp:corporation:verify), starting one of each kind, asking for a
 * pending result, and confirming a bank account's paid amount (MICRO_PAYMENT_TRIES tries).
 */
import { App, Button, Form, Input, Modal, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DictTag } from '../../components/DictTag';
import { DATETIME_FORMAT } from '../../crud/fields';
import { useHasPermission } from '../../crud/use-resource-access';
import {
  groupAccountNo,
  MICRO_PAYMENT_TRIES,
  VERIFICATION_KIND,
  VERIFICATION_KIND_DICT,
  VERIFICATION_STATUS,
  VERIFICATION_STATUS_DICT,
  type VerificationKind,
} from '../../lib/corporations';
import { formatDate } from '../../lib/dates';
import { PERMISSIONS } from './permissions';
import { showRefusal } from './refusal';
import { verificationApi, type Verification } from './verification-api';

export interface AccountOption {
  id: string;
  bankName: string;
  accountNo: string;
}

interface Props {
  corpId: string;
  verifications: readonly Verification[];
  accounts: readonly AccountOption[];
  onChanged: () => void;
}

const PLAIN_KINDS: VerificationKind[] = [VERIFICATION_KIND.identity, VERIFICATION_KIND.company, VERIFICATION_KIND.address];

export function VerificationPanel({ corpId, verifications, accounts, onChanged }: Props) {
  const { t } = useTranslation(['corporations', 'kit']);
  const { message } = App.useApp();
  const may = useHasPermission()(PERMISSIONS.corporation.verify);
  const [confirming, setConfirming] = useState<Verification>();
  const [form] = Form.useForm<{ amount: string }>();
  const accountLabel = (id: string | null) => {
    const account = accounts.find((a) => a.id === id);
    return account ? `${account.bankName} ${groupAccountNo(account.accountNo)}` : '';
  };
  /** Answers whether the call was taken; either way the list is read again. */
  const run = (call: Promise<unknown>, done: string): Promise<boolean> =>
    call.then(
      () => {
        void message.success(done);
        onChanged();
        return true;
      },
      // The list may have moved on too (a wrong amount is counted).
      (error: unknown) => {
        showRefusal(message, error);
        onChanged();
        return false;
      },
    );
  // The dialog reads the verification from the list the server last gave, so after a wrong try it
  // says the tries the server has left, and closes once none are (the row shows 认证失败).
  const current = confirming && verifications.find((v) => v.id === confirming.id);
  const confirmOpen = !!current && current.status === VERIFICATION_STATUS.authenticating;
  const running = (kind: VerificationKind, accountId: string | null = null) =>
    verifications.some((v) => v.kind === kind && v.bankAccountId === accountId && v.status === VERIFICATION_STATUS.authenticating);

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      {may && (
        <Space wrap>
          {PLAIN_KINDS.map((kind) => (
            <Button key={kind} disabled={running(kind)} onClick={() => void run(verificationApi.start(corpId, kind), t('verification.started'))}>
              {t('verification.start')} · <DictTag dictType={VERIFICATION_KIND_DICT} value={kind} />
            </Button>
          ))}
          {accounts.map((account) => (
            <Button
              key={account.id}
              disabled={running(VERIFICATION_KIND.bankAccount, account.id)}
              onClick={() => void run(verificationApi.start(corpId, VERIFICATION_KIND.bankAccount, account.id), t('verification.started'))}
            >
              {t('verification.pay')} · {groupAccountNo(account.accountNo)}
            </Button>
          ))}
        </Space>
      )}
      <Table<Verification>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={[...verifications]}
        locale={{ emptyText: t('verification.empty') }}
        data-testid="verification-table"
        columns={[
          { key: 'kind', title: t('verification.kind'), render: (_v, r) => <DictTag dictType={VERIFICATION_KIND_DICT} value={r.kind} /> },
          { key: 'account', title: t('verification.account'), render: (_v, r) => accountLabel(r.bankAccountId) },
          {
            key: 'status',
            title: t('verification.status'),
            render: (_v, r) => (
              <Space>
                <DictTag dictType={VERIFICATION_STATUS_DICT} value={r.status} />
                {r.status === VERIFICATION_STATUS.authenticating && r.triesLeft !== null && (
                  <Typography.Text type="secondary">{t('verification.triesLeft', { left: r.triesLeft })}</Typography.Text>
                )}
              </Space>
            ),
          },
          { key: 'reason', title: t('verification.reason'), dataIndex: 'failReason' },
          { key: 'time', title: t('verification.time'), render: (_v, r) => formatDate(r.createTime, DATETIME_FORMAT) },
          ...(may
            ? [
                {
                  key: 'actions',
                  title: t('kit:table.actions'),
                  render: (_v: unknown, r: Verification) =>
                    r.status !== VERIFICATION_STATUS.authenticating ? null : r.kind === VERIFICATION_KIND.bankAccount ? (
                      <Button type="link" size="small" onClick={() => setConfirming(r)}>
                        {t('verification.confirm')}
                      </Button>
                    ) : (
                      <Button type="link" size="small" onClick={() => void run(verificationApi.refresh(r.id), t('verification.started'))}>
                        {t('verification.refresh')}
                      </Button>
                    ),
                },
              ]
            : []),
        ]}
      />
      <Modal
        open={confirmOpen}
        title={t('verification.confirmTitle')}
        okText={t('kit:form.ok')}
        cancelText={t('kit:form.cancel')}
        onCancel={() => setConfirming(undefined)}
        onOk={() => form.submit()}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          onFinish={({ amount }) =>
            void run(verificationApi.confirm(confirming!.id, amount.trim()), t('verification.confirmed')).then((taken) => {
              // A wrong amount keeps the dialog open for the next try, with the tries left.
              form.resetFields();
              if (taken) setConfirming(undefined);
            })
          }
        >
          <Typography.Paragraph type="secondary">
            {t('verification.amountHint', { tries: MICRO_PAYMENT_TRIES, left: current?.triesLeft ?? MICRO_PAYMENT_TRIES })}
          </Typography.Paragraph>
          <Form.Item name="amount" label={t('verification.amount')} rules={[{ required: true, whitespace: true, message: t('kit:form.required') }]}>
            <Input inputMode="decimal" placeholder="0.00" />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
