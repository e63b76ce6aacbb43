/**
 * 白条查询 (/op/issue/notes): the notes, searched by number, issuer, holder, status and due-date range,
 * sorted by due date; 已逾期 is the server's computed status (an outstanding note past its due date),
 * and the days to the due date are shown beside it.
 */
import { Alert, Button, Card, DatePicker, Form, Input, Select, Space, Table, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Typed } from '../../components/Typed';
import { Link } from 'react-router';
import { NOTE_STATUS } from '../../lib/credit-notes';
import { formatMoney } from '../../lib/money';
import { useReadyPage } from '../../crud/ready-list';
import { creditApi, noteLink, type Note } from './credit-api';
import './locale';
import { dayOf, daysBetween } from '../../lib/dates';

export const NOTE_COLOR: Record<string, string> = { ISSUED: 'blue', SPLIT: 'default', FINANCED: 'purple', REDEEMED: 'success', OVERDUE: 'error' };

interface Filters {
  noteNo?: string;
  issuerName?: string;
  holderName?: string;
  status?: string;
  due?: [Dayjs, Dayjs];
}

export function NoteStatusTag({ status }: { status: string }) {
  const { t } = useTranslation('creditNotes');
  return <Tag color={NOTE_COLOR[status]}>{t(`status.${status}`)}</Tag>;
}

const PAGE_SIZE = 20;

export default function NotesPage() {
  const { t } = useTranslation('creditNotes');
  const [form] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Record<string, unknown>>({});
  const [page, setPage] = useState(1);
  // The first page asked for early (main.tsx) and already back is shown by the first render, and not asked for again.
  const first = useReadyPage(() => creditApi.readyNotes({ pageNum: 1, pageSize: PAGE_SIZE }));
  const [rows, setRows] = useState<Note[]>(first.seed?.records ?? []);
  const [total, setTotal] = useState(first.seed?.total ?? 0);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string>();
  const today = dayOf(Date.now());
  const { skipLoad } = first;
  const load = useCallback(() => {
    if (skipLoad()) return;
    setLoading(true);
    creditApi
      .notes({ ...filters, pageNum: page, pageSize: PAGE_SIZE })
      .then(
        (found) => {
          setRows(found.records);
          setTotal(found.total);
          setError(undefined);
        },
        (e: Error) => setError(e.message),
      )
      .finally(() => setLoading(false));
  }, [filters, page, skipLoad]);
  useEffect(load, [load]);
  const search = (values: Filters) => {
    setPage(1);
    setFilters({
      noteNo: values.noteNo?.trim() || undefined,
      issuerName: values.issuerName?.trim() || undefined,
      holderName: values.holderName?.trim() || undefined,
      status: values.status,
      dueFrom: values.due?.[0].format('YYYY-MM-DD'),
      dueTo: values.due?.[1].format('YYYY-MM-DD'),
    });
  };
  return (
    <Card title={t('notes.title')}>
      <Form form={form} layout="inline" onFinish={search} style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item name="noteNo" label={t('fields.noteNo')}>
          <Input allowClear style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="issuerName" label={t('fields.issuerName')}>
          <Input allowClear style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="holderName" label={t('fields.holderName')}>
          <Input allowClear style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="status" label={t('fields.status')}>
          <Select allowClear style={{ width: 120 }} options={Object.values(NOTE_STATUS).map((s) => ({ value: s, label: t(`status.${s}`) }))} />
        </Form.Item>
        <Form.Item name="due" label={t('fields.dueRange')}>
          <DatePicker.RangePicker />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('notes.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              search({});
            }}
          >
            {t('notes.reset')}
          </Button>
        </Space>
      </Form>
      {error && <Alert type="error" showIcon message={error} />}
      <Table<Note>
        rowKey="id"
        size="middle"
        loading={loading}
        dataSource={rows}
        pagination={{ current: page, total, pageSize: PAGE_SIZE, onChange: setPage, showSizeChanger: false }}
        // The columns' own widths: at a laptop's width the table scrolls, with the number and the status
        // kept in view at its two ends (fixed), instead of the status hidden past the right edge.
        scroll={{ x: 1150 }}
        columns={[
          { title: t('fields.noteNo'), dataIndex: 'noteNo', width: 190, fixed: 'left', render: (v: string, row) => <Link to={noteLink(row.id)}>{v}</Link> },
          { title: t('fields.issuerName'), dataIndex: 'issuerName', width: 200, render: (value: string | null) => <Typed>{value}</Typed> },
          { title: t('fields.holderName'), dataIndex: 'holderName', width: 220, render: (value: string | null) => <Typed>{value}</Typed> },
          { title: t('fields.amount'), dataIndex: 'amount', align: 'right', width: 130, render: (v: string) => formatMoney(v) },
          { title: t('fields.issueDate'), dataIndex: 'issueDate', width: 110 },
          { title: t('fields.dueDate'), dataIndex: 'dueDate', width: 110 },
          {
            title: t('fields.daysLeft'),
            key: 'days',
            width: 100,
            render: (_, row) => {
              if (row.displayStatus === NOTE_STATUS.overdue)
                return <span style={{ color: '#cf1322' }}>{t('notes.overdueDays', { days: -daysBetween(today, row.dueDate) })}</span>;
              if (row.displayStatus !== NOTE_STATUS.issued && row.displayStatus !== NOTE_STATUS.financed) return null;
              const days = daysBetween(today, row.dueDate);
              return <span style={days <= 30 ? { color: '#d46b08' } : undefined}>{t('notes.dueIn', { days })}</span>;
            },
          },
          { title: t('fields.status'), dataIndex: 'displayStatus', width: 90, fixed: 'right', render: (v: string) => <NoteStatusTag status={v} /> },
        ]}
      />
    </Card>
  );
}
