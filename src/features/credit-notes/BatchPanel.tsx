/**
 * The batch a Process_CREDIT_ISSUE task approves, as the final approval reads it: totals in figures
 * and capital numerals, the applications, the supporting documents with their review verdicts, each
 * issuing account's available quota before the batch and after its issuance (kept at the decision for a
 * decided batch, live and said so for a running one), and the notes once issued.
 */
import { Alert, Card, Descriptions, Skeleton, Space, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TipBar } from '../../components/TipBar';
import { BATCH_FIGURES, BATCH_STATUS } from '../../lib/credit-notes';
import { formatMoney } from '../../lib/money';
import { creditApi, noteLink, type Application, type BatchDetail, type Note, type QuotaLine } from './credit-api';
import { NoteStatusTag } from './NotesPage';
import './locale';
import '../doc-review/locale';

const VERDICT_COLOR: Record<string, string> = { PASS: 'success', NOPASS: 'error', WAIT: 'default' };

/** The batch of an instance (the task pages) or by its id (its own page, which also hears what was read). */
export default function BatchPanel({ instanceId, id, onLoaded }: { instanceId?: string; id?: string; onLoaded?: (found: BatchDetail) => void }) {
  const { t } = useTranslation(['creditNotes', 'docReview']);
  const [found, setFound] = useState<BatchDetail>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    creditApi.batch(instanceId ? { instanceId } : { id: id ?? '' }).then(
      (answer) => {
        setFound(answer);
        onLoaded?.(answer);
      },
      (e: Error) => setError(e.message),
    );
  }, [instanceId, id, onLoaded]);
  if (error) return <Alert type="error" showIcon message={error} />;
  if (!found) return <Skeleton active />;
  const { batch, applications, documents, quotas, notes, figures } = found;
  const decidedAt = quotas.find((q) => q.decidedAt)?.decidedAt;
  // Running, the amount is frozen; issued, it was used; rejected, it went back.
  const amountLabel =
    batch.status === BATCH_STATUS.approved ? 'approve.occupied' : batch.status === BATCH_STATUS.rejected ? 'approve.released' : 'approve.frozen';
  const verdicts = (applicationId: string) =>
    documents
      .find((d) => d.applicationId === applicationId)
      ?.materials.flatMap((m) =>
        m.docFiles.map((f) => {
          const review = f.approveInfoList.find((i) => i.taskSegment === 'REVIEW') ?? f.approveInfoList[0];
          return (
            <Tag key={f.docFileId} color={VERDICT_COLOR[review?.approveResult ?? 'WAIT']}>
              {f.fileName} · {t(`docReview:result.${review?.approveResult ?? 'WAIT'}`, { defaultValue: review?.approveResult ?? 'WAIT' })}
            </Tag>
          );
        }),
      );
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%', marginTop: 16 }}>
      <Card size="small" title={`${t('approve.batch')} ${batch.batchNo}`}>
        <Descriptions size="small" column={{ xs: 1, md: 3 }}>
          <Descriptions.Item label={t('fields.noteCount')}>{batch.noteCount}</Descriptions.Item>
          <Descriptions.Item label={t('approve.total')}>¥{formatMoney(batch.totalAmount)}</Descriptions.Item>
          <Descriptions.Item label={t('approve.totalCapital')}>{found.totalCapital}</Descriptions.Item>
          <Descriptions.Item label={t('fields.status')}>{t(`batchStatus.${batch.status}`)}</Descriptions.Item>
        </Descriptions>
        <TipBar label={t('approve.total')} value={batch.totalAmount} capital />
      </Card>
      <Card size="small" title={t('approve.applications')}>
        <Table<Application>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={applications}
          scroll={{ x: 1000 }}
          columns={[
            { title: t('fields.unitName'), dataIndex: 'unitName', width: 160 },
            { title: t('fields.payeeName'), dataIndex: 'payeeName', width: 200 },
            { title: t('fields.amount'), dataIndex: 'amount', align: 'right', width: 130, render: (v: string) => formatMoney(v) },
            { title: t('fields.dueDate'), dataIndex: 'dueDate', width: 110 },
            { title: t('fields.contractNo'), dataIndex: 'contractNo', width: 130 },
            {
              title: t('approve.documents'),
              key: 'docs',
              render: (_, row) => (
                <Space wrap size={4}>
                  {verdicts(row.id)}
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <Card size="small" title={t('approve.quotas')}>
        {/* A decided batch shows the figures kept at its decision; a running one today's, said to be live. */}
        <Alert
          type={figures === BATCH_FIGURES.notKept ? 'warning' : 'info'}
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="batch-figures"
          message={t(`approve.figures.${figures}`, { time: decidedAt ? dayjs(decidedAt).format('YYYY-MM-DD HH:mm') : '' })}
        />
        <Table<QuotaLine>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={quotas}
          columns={[
            { title: t('fields.unitName'), dataIndex: 'unitName' },
            { title: t('approve.grantor'), dataIndex: 'grantorName' },
            { title: t(amountLabel), dataIndex: 'amount', align: 'right', render: (v: string) => formatMoney(v) },
            {
              title: t('approve.availableBefore'),
              dataIndex: 'availableBefore',
              align: 'right',
              render: (v: string | null) => (v === null ? '—' : formatMoney(v)),
            },
            {
              title: t('approve.availableAfter'),
              dataIndex: 'availableAfter',
              align: 'right',
              render: (v: string | null) => (v === null ? '—' : formatMoney(v)),
            },
          ]}
        />
      </Card>
      {notes.length > 0 && (
        <Card size="small" title={t('approve.notes')}>
          <Table<Note>
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={notes}
            columns={[
              { title: t('fields.noteNo'), dataIndex: 'noteNo', render: (v: string, row) => <Link to={noteLink(row.id)}>{v}</Link> },
              { title: t('fields.holderName'), dataIndex: 'holderName' },
              { title: t('fields.amount'), dataIndex: 'amount', align: 'right', render: (v: string) => formatMoney(v) },
              { title: t('fields.dueDate'), dataIndex: 'dueDate' },
              { title: t('fields.status'), dataIndex: 'displayStatus', render: (v: string) => <NoteStatusTag status={v} /> },
            ]}
          />
        </Card>
      )}
    </Space>
  );
}
