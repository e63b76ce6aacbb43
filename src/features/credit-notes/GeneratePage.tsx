/**
 * 签发数据生成 (/op/issue/group/generate): the approved applications not yet batched, selected by the
 * group with their total in figures and capital numerals (src/lib, whole fen); generating makes the
 * batch, freezes the amounts on the issuing units' quotas and starts Process_CREDIT_ISSUE (server).
 * Below, the batches with their status and the xlsx export (the export job, 我的导出).
 */
import { Alert, App, Button, Card, Space, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Typed } from '../../components/Typed';
import { Link } from 'react-router';
import { TipBar } from '../../components/TipBar';
import { HasPermi } from '../../components/access/HasAccess';
import { APPLICATION_STATUS, sumAmounts } from '../../lib/credit-notes';
import { formatMoney } from '../../lib/money';
import { PERMISSIONS } from './permissions';
import { batchLink, creditApi, type Application, type Batch } from './credit-api';
import './locale';
import { toastPageFailure } from '../../components/page-failure';

const BATCH_COLOR: Record<string, string> = { RUNNING: 'processing', APPROVED: 'success', REJECTED: 'error' };

export default function GeneratePage() {
  const { t } = useTranslation('creditNotes');
  const { message } = App.useApp();
  const [approved, setApproved] = useState<Application[]>([]);
  const [batches, setBatches] = useState<Batch[]>([]);
  const [selected, setSelected] = useState<string[]>([]);
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const load = useCallback(() => {
    Promise.all([creditApi.applications({ status: APPLICATION_STATUS.approved, pageSize: 200 }), creditApi.batches({ pageSize: 50 })]).then(
      ([apps, found]) => {
        setApproved(apps.records);
        setBatches(found.records);
        setSelected([]);
        setError(undefined);
      },
      (e: Error) => setError(e.message),
    );
  }, []);
  useEffect(load, [load]);
  const total = useMemo(() => sumAmounts(approved.filter((a) => selected.includes(a.id)).map((a) => a.amount)), [approved, selected]);

  const generate = async () => {
    setSaving(true);
    try {
      const { batch } = await creditApi.generate(selected);
      message.success(t('generate.generated', { batchNo: batch.batchNo }));
      load();
    } catch (e) {
      toastPageFailure(message, e);
    } finally {
      setSaving(false);
    }
  };
  const exportBatch = async (id: string) => {
    try {
      await creditApi.exportBatch(id);
      message.success(t('generate.exportStarted'));
    } catch (e) {
      toastPageFailure(message, e);
    }
  };

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {error && <Alert type="error" showIcon message={error} />}
      <Card title={t('generate.approved')}>
        <Table<Application>
          rowKey="id"
          size="middle"
          dataSource={approved}
          pagination={false}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]) }}
          scroll={{ x: 1000 }}
          columns={[
            { title: t('fields.level'), dataIndex: 'level', width: 110, render: (v: string) => t(`level.${v}`) },
            { title: t('fields.unitName'), dataIndex: 'unitName', width: 180, render: (value: string | null) => <Typed>{value}</Typed> },
            { title: t('fields.payeeName'), dataIndex: 'payeeName', width: 220, render: (value: string | null) => <Typed>{value}</Typed> },
            { title: t('fields.amount'), dataIndex: 'amount', align: 'right', width: 150, render: (v: string) => formatMoney(v) },
            { title: t('fields.dueDate'), dataIndex: 'dueDate', width: 120 },
            { title: t('fields.productName'), dataIndex: 'productName', width: 170, render: (value: string | null) => <Typed>{value}</Typed> },
            { title: t('fields.contractNo'), dataIndex: 'contractNo', width: 140 },
          ]}
        />
        <div style={{ marginTop: 16 }}>
          <Typography.Paragraph>{t('generate.selected', { count: selected.length, amount: formatMoney(total) })}</Typography.Paragraph>
          {selected.length > 0 && <TipBar label={t('approve.total')} value={total} capital />}
          <HasPermi value={[PERMISSIONS.creditNote.generate]}>
            <Button type="primary" disabled={selected.length === 0} loading={saving} onClick={generate} style={{ marginTop: 12 }}>
              {t('generate.submit')}
            </Button>
          </HasPermi>
        </div>
      </Card>
      <Card title={t('generate.batches')}>
        <Table<Batch>
          rowKey="id"
          size="middle"
          dataSource={batches}
          pagination={false}
          columns={[
            { title: t('fields.batchNo'), dataIndex: 'batchNo', width: 160, render: (v: string, row) => <Link to={batchLink(row.id)}>{v}</Link> },
            { title: t('fields.noteCount'), dataIndex: 'noteCount', width: 80 },
            { title: t('fields.totalAmount'), dataIndex: 'totalAmount', align: 'right', width: 160, render: (v: string) => formatMoney(v) },
            { title: t('fields.status'), dataIndex: 'status', width: 100, render: (v: string) => <Tag color={BATCH_COLOR[v]}>{t(`batchStatus.${v}`)}</Tag> },
            { title: t('fields.createTime'), dataIndex: 'createTime', width: 170, render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm') },
            {
              title: t('kit:table.actions'),
              key: 'export',
              width: 90,
              render: (_, row) => (
                <HasPermi value={[PERMISSIONS.creditNote.export]}>
                  <Button size="small" onClick={() => void exportBatch(row.id)}>
                    {t('generate.export')}
                  </Button>
                </HasPermi>
              ),
            },
          ]}
        />
      </Card>
    </Space>
  );
}
