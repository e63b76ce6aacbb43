/**
 * 生成账单: choose an ended month, preview what it would bill (the server's same aggregates, nothing
 * written) and generate; corporations already billed for it are marked and skipped.
 */
import { Alert, App, DatePicker, Form, Modal, Table, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/money';
import { billsApi, messageOf, type PreviewRow } from './bills-api';
import { businessToday } from '../../lib/dates';

export function GenerateDialog({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: (period: string) => void }) {
  const { t } = useTranslation('bills');
  const { message } = App.useApp();
  const [month, setMonth] = useState<Dayjs | null>(() => businessToday().subtract(1, 'month'));
  const [rows, setRows] = useState<PreviewRow[]>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const period = month?.format('YYYY-MM');

  useEffect(() => {
    if (!open || !period) return;
    let live = true;
    setRows(undefined);
    setError(undefined);
    billsApi.preview(period).then(
      (found) => live && setRows(found),
      (e: unknown) => live && setError(messageOf(e)),
    );
    return () => {
      live = false;
    };
  }, [open, period]);

  const generate = async () => {
    if (!period) return;
    setBusy(true);
    try {
      const result = await billsApi.generate(period);
      message.success(t('generate.done', { created: result.created.length, skipped: result.skipped }));
      onDone(period);
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('generate.title')}
      width={820}
      okText={t('generate.submit')}
      onOk={generate}
      confirmLoading={busy}
      okButtonProps={{ disabled: !period || !rows?.some((r) => !r.exists) }}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('generate.hint')}</Typography.Paragraph>
      <Form layout="inline" style={{ marginBottom: 16 }}>
        <Form.Item label={t('generate.period')}>
          <DatePicker
            picker="month"
            value={month}
            onChange={setMonth}
            allowClear={false}
            disabledDate={(d) => !d.isBefore(businessToday().startOf('month'))}
            data-testid="bill-generate-period"
          />
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} />}
      <Table<PreviewRow>
        rowKey="corpId"
        size="small"
        loading={rows === undefined && !error}
        dataSource={rows ?? []}
        pagination={false}
        locale={{ emptyText: t('generate.previewEmpty') }}
        columns={[
          { title: t('fields.corpName'), dataIndex: 'corpName' },
          { title: t('fields.issuedAmount'), dataIndex: 'issuedAmount', align: 'right', render: (v: string) => formatMoney(v) },
          { title: t('fields.financedAmount'), dataIndex: 'financedAmount', align: 'right', render: (v: string) => formatMoney(v) },
          { title: t('fields.unpricedAmount'), dataIndex: 'unpricedAmount', align: 'right', render: (v: string) => formatMoney(v) },
          { title: t('generate.lineCount'), dataIndex: 'lineCount', align: 'right' },
          {
            title: t('fields.status'),
            dataIndex: 'exists',
            render: (v: boolean) => (v ? <Tag>{t('generate.exists')}</Tag> : <Tag color="processing">{t('generate.new')}</Tag>),
          },
        ]}
      />
    </Modal>
  );
}
