/**
 * 权限矩阵 (issue 20 item 7): who may do what, role or staff account × resource × action, computed by
 * the server at each call from the grants as stored (what `npm run audit:permissions` prints). Read by
 * auditors and administrators; filtered by subject, resource (name or title) and allowed action;
 * exported as CSV only by who holds the export permission (the server checks it too).
 */
import { DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import { App, Button, Card, Form, Input, Segmented, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHasPermission } from '../../crud/use-resource-access';
import { MATRIX_ACTIONS, MATRIX_API, type MatrixAnswer, type MatrixFilters, type MatrixRow, type MatrixSubjectKind } from '../../lib/permission-matrix';
import { PERMISSIONS } from './permissions';
import { api } from '../../providers/http';
import { useNamespaces } from '../../providers/lazy-namespaces';
import { Typed, typedSelect } from '../../components/Typed';

function Cell({ value }: { value: boolean | null }) {
  const { t } = useTranslation();
  if (value === null) return <Typography.Text type="secondary">{t('admin:matrix.none')}</Typography.Text>;
  return value ? <Tag color="success">{t('admin:matrix.allowed')}</Tag> : <Tag>{t('admin:matrix.denied')}</Tag>;
}

export default function PermissionMatrixPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const may = useHasPermission();
  const [form] = Form.useForm<Omit<MatrixFilters, 'by'>>();
  const [by, setBy] = useState<MatrixSubjectKind>('role');
  const [filters, setFilters] = useState<Omit<MatrixFilters, 'by'>>({});
  const [answer, setAnswer] = useState<MatrixAnswer | null>(null);
  const [subjects, setSubjects] = useState<MatrixAnswer['subjects']>([]);
  const [loading, setLoading] = useState(false);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const next = await api.post<MatrixAnswer>(MATRIX_API.page, { by, ...filters });
      setAnswer(next);
      // The subject list stays whole while a subject is chosen, so another one can be picked.
      if (!filters.subject) setSubjects(next.subjects);
    } catch (error) {
      void message.error(error instanceof Error ? error.message : String(error));
    } finally {
      setLoading(false);
    }
  }, [by, filters, message]);
  useEffect(() => void load(), [load]);
  // A resource's title may be in an area's namespace loaded with its first screen (the quota ledger's):
  // loaded here, or the row would read `ledger.title`.
  const titleNamespaces = useMemo(
    () => [...new Set((answer?.rows ?? []).flatMap((row) => (row.resourceTitle.includes(':') ? [row.resourceTitle.split(':')[0]] : [])))],
    [answer],
  );
  useNamespaces(titleNamespaces);

  const exportCsv = async () => {
    try {
      const file = await api.post<{ fileName: string; content: string }>(MATRIX_API.export, { by, ...filters });
      const url = URL.createObjectURL(new Blob([file.content], { type: 'text/csv;charset=utf-8' }));
      const link = Object.assign(document.createElement('a'), { href: url, download: file.fileName });
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 0);
      void message.success(t('admin:matrix.exported', { rows: String(answer?.rows.length ?? 0) }));
    } catch (error) {
      void message.error(error instanceof Error ? error.message : String(error));
    }
  };

  const clean = (values: Omit<MatrixFilters, 'by'>) =>
    Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== '')) as Omit<MatrixFilters, 'by'>;
  const columns: ColumnsType<MatrixRow> = [
    {
      title: t(`admin:matrix.by.${by}`),
      dataIndex: 'subject',
      width: 200,
      render: (_: unknown, row) => (
        <Space direction="vertical" size={0}>
          <Typed>{row.subjectName}</Typed>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {row.subject}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t('admin:matrix.resource'),
      dataIndex: 'resource',
      width: 220,
      render: (_: unknown, row) => (
        <Space direction="vertical" size={0}>
          <span>{t(row.resourceTitle)}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {row.resource}
          </Typography.Text>
        </Space>
      ),
    },
    ...MATRIX_ACTIONS.map((action) => ({
      title: t(`admin:matrix.actions.${action}`),
      key: action,
      width: 90,
      align: 'center' as const,
      render: (_: unknown, row: MatrixRow) => <Cell value={row.cells[action]} />,
    })),
  ];

  return (
    <Card title={t('admin:matrix.title')}>
      <Typography.Paragraph type="secondary">{t('admin:matrix.intro')}</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 16 }} align="start">
        <Segmented<MatrixSubjectKind>
          value={by}
          onChange={(value) => {
            setBy(value);
            form.setFieldValue('subject', undefined);
            setFilters((f) => ({ ...f, subject: undefined }));
          }}
          options={[
            { value: 'role', label: t('admin:matrix.by.role') },
            { value: 'user', label: t('admin:matrix.by.user') },
          ]}
          data-testid="matrix-by"
        />
        <Form form={form} layout="inline" onFinish={(values) => setFilters(clean(values))} data-testid="matrix-filters">
          <Form.Item name="subject" label={t('admin:matrix.filters.subject')}>
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              style={{ width: 220 }}
              options={subjects.map((s) => ({ value: s.subject, label: `${s.subjectName} (${s.subject})` }))}
              {...typedSelect}
              placeholder={t('admin:matrix.filters.all')}
            />
          </Form.Item>
          <Form.Item name="resource" label={t('admin:matrix.filters.resource')}>
            <Input allowClear style={{ width: 180 }} data-testid="matrix-resource" />
          </Form.Item>
          <Form.Item name="allowedAction" label={t('admin:matrix.filters.allowedAction')}>
            <Select
              allowClear
              style={{ width: 120 }}
              options={MATRIX_ACTIONS.map((a) => ({ value: a, label: t(`admin:matrix.actions.${a}`) }))}
              placeholder={t('admin:matrix.filters.all')}
            />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              {t('admin:matrix.filters.search')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                setFilters({});
              }}
            >
              {t('admin:matrix.filters.reset')}
            </Button>
            {may(PERMISSIONS.permissionMatrix.export) && (
              <Button icon={<DownloadOutlined />} onClick={() => void exportCsv()} data-testid="matrix-export">
                {t('admin:matrix.export')}
              </Button>
            )}
          </Space>
        </Form>
      </Space>
      <Table<MatrixRow>
        rowKey={(row) => `${row.subject}|${row.resource}`}
        size="small"
        bordered
        loading={loading}
        columns={columns}
        dataSource={answer?.rows ?? []}
        pagination={{ defaultPageSize: 50, showSizeChanger: true, showTotal: (total) => t('admin:matrix.rows', { rows: total.toLocaleString(i18n.language) }) }}
        scroll={{ x: 980 }}
        data-testid="matrix-table"
      />
    </Card>
  );
}
