/**
 * 资产包管理 (/op/abs/assets/assets-manage): the packages, and one package (?id=…) with its pool's
 * figures (total, weighted average remaining tenor, largest debtor's share), its concentration by
 * debtor as a chart, its notes, the financed notes it may take (each candidate marked with the rule it
 * breaks, checked again by the server when added), its moves (锁定 → 发行 → 结清) and its materials review.
 */
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Progress,
  Row,
  Select,
  Space,
  Statistic,
  Table,
  Tag,
  Tooltip,
} from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { HasPermi } from '../../components/access/HasAccess';
import { DictTag } from '../../components/DictTag';
import { FileUpload } from '../../components/files/FileUpload';
import { exceedsConcentration, PACKAGE_ACTION, PACKAGE_STATUS, PACKAGE_STATUS_DICT } from '../../lib/abs';
import { formatMoney } from '../../lib/money';
import { PERMISSIONS } from './permissions';
import { absApi, type AssetPackage, type Page, type PackageDetail, type PoolNoteView } from './abs-api';
import { ConcentrationChart } from './ConcentrationChart';
import './locale';
import { toastPageFailure } from '../../components/page-failure';
import { Typed, typedCell } from '../../components/Typed';
import { DATETIME_FORMAT } from '../../crud/fields';
import { daysBetween, formatDate } from '../../lib/dates';

const PATH = '/op/abs/assets/assets-manage';
const percent = (share: string) => `${(Number(share) * 100).toFixed(2)}%`;

export default function AssetPackagesPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  return id ? <PackageView id={id} /> : <PackageList />;
}

function PackageList() {
  const { t } = useTranslation('abs');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [page, setPage] = useState<Page<AssetPackage>>();
  const [paging, setPaging] = useState({ pageNum: 1, pageSize: 10 });
  const [status, setStatus] = useState<string>();
  const [creating, setCreating] = useState(false);
  const [form] = Form.useForm();
  const load = useCallback(() => {
    absApi.packages({ ...paging, ...(status ? { status } : {}) }).then(setPage, (e: unknown) => toastPageFailure(message, e));
  }, [paging, status, message]);
  useEffect(load, [load]);

  const create = async () => {
    const values = await form.validateFields();
    try {
      const created = await absApi.createPackage({ ...values, maxDebtorShare: String(values.maxDebtorShare), targetSize: String(values.targetSize) });
      message.success(t('packages.created'));
      setCreating(false);
      navigate(`${PATH}?id=${created.id}`);
    } catch (e) {
      toastPageFailure(message, e);
    }
  };

  return (
    <Card
      data-testid="abs-packages"
      title={t('packages.title')}
      extra={
        <Space>
          <Select
            allowClear
            placeholder={t('fields.status')}
            style={{ width: 140 }}
            value={status}
            onChange={(v) => {
              setStatus(v);
              setPaging((p) => ({ ...p, pageNum: 1 }));
            }}
            options={Object.values(PACKAGE_STATUS).map((value) => ({ value, label: <DictTag dictType={PACKAGE_STATUS_DICT} value={value} /> }))}
          />
          <HasPermi value={[PERMISSIONS.absPackage.add]}>
            <Button type="primary" onClick={() => setCreating(true)}>
              {t('packages.create')}
            </Button>
          </HasPermi>
        </Space>
      }
    >
      <Table<AssetPackage>
        rowKey="id"
        dataSource={page?.records}
        loading={!page}
        scroll={{ x: 1100 }}
        pagination={{
          current: paging.pageNum,
          pageSize: paging.pageSize,
          total: page?.total,
          onChange: (pageNum, pageSize) => setPaging({ pageNum, pageSize }),
        }}
        onRow={(row) => ({ onClick: () => navigate(`${PATH}?id=${row.id}`), style: { cursor: 'pointer' } })}
        columns={[
          // Number, name, programme and parties are the records' own text: marked as typed, whole on hover where cut.
          { title: t('fields.packageNo'), dataIndex: 'packageNo', width: 130, render: typedCell },
          { title: t('fields.packageName'), dataIndex: 'packageName', ellipsis: { showTitle: false }, render: typedCell },
          { title: t('fields.programme'), dataIndex: 'programme', width: 200, ellipsis: { showTitle: false }, render: typedCell },
          { title: t('fields.status'), dataIndex: 'status', width: 100, render: (v: string) => <DictTag dictType={PACKAGE_STATUS_DICT} value={v} /> },
          { title: t('fields.noteCount'), dataIndex: 'noteCount', width: 90, align: 'right' },
          { title: t('fields.poolTotal'), dataIndex: 'poolTotal', width: 170, align: 'right', render: (v: string) => formatMoney(v) },
          { title: t('fields.targetSize'), dataIndex: 'targetSize', width: 170, align: 'right', render: (v: string) => formatMoney(v) },
          { title: t('fields.createTime'), dataIndex: 'createTime', width: 170, render: (v: string) => formatDate(v, DATETIME_FORMAT) },
        ]}
      />
      <Modal open={creating} title={t('packages.create')} onOk={create} onCancel={() => setCreating(false)} destroyOnHidden>
        <Form form={form} layout="vertical" initialValues={{ minTenorDays: 30, maxTenorDays: 360, maxDebtorShare: 0.3 }}>
          <Form.Item name="packageName" label={t('fields.packageName')} rules={[{ required: true, max: 100 }]}>
            <Input />
          </Form.Item>
          <Form.Item name="programme" label={t('fields.programme')} rules={[{ required: true, max: 100 }]}>
            <Input />
          </Form.Item>
          <Space.Compact block>
            <Form.Item name="minTenorDays" label={t('fields.minTenorDays')} rules={[{ required: true }]}>
              <InputNumber min={0} max={3650} precision={0} />
            </Form.Item>
            <Form.Item name="maxTenorDays" label={t('fields.maxTenorDays')} rules={[{ required: true }]}>
              <InputNumber min={1} max={3650} precision={0} />
            </Form.Item>
          </Space.Compact>
          <Form.Item name="maxDebtorShare" label={t('fields.maxDebtorShare')} rules={[{ required: true }]}>
            <InputNumber min={0.0001} max={1} step={0.05} precision={4} stringMode />
          </Form.Item>
          <Form.Item name="targetSize" label={t('fields.targetSize')} rules={[{ required: true }]}>
            <InputNumber min="0.01" precision={2} stringMode style={{ width: '100%' }} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}

function PackageView({ id }: { id: string }) {
  const { t } = useTranslation('abs');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [pkg, setPkg] = useState<PackageDetail>();
  const [error, setError] = useState<string>();
  const [candidates, setCandidates] = useState<Page<PoolNoteView>>();
  const [candidatePaging, setCandidatePaging] = useState({ pageNum: 1, pageSize: 10 });
  const [picked, setPicked] = useState<string[]>([]);
  const [reviewing, setReviewing] = useState(false);
  const [files, setFiles] = useState<string[]>([]);

  const load = useCallback(() => {
    absApi.package(id).then(setPkg, (e: Error) => setError(e.message));
  }, [id]);
  useEffect(load, [load]);
  const building = pkg?.status === PACKAGE_STATUS.building;
  useEffect(() => {
    if (!building) return;
    absApi.candidates({ id, ...candidatePaging }).then(setCandidates, (e: unknown) => toastPageFailure(message, e));
  }, [id, building, candidatePaging, pkg?.dataVersion, message]);

  if (error) return <Alert type="error" showIcon message={error} />;
  if (!pkg) return <Card loading />;

  const run = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      message.success(done);
      setPicked([]);
      load();
    } catch (e) {
      toastPageFailure(message, e);
    }
  };
  const action = PACKAGE_ACTION[pkg.status as keyof typeof PACKAGE_ACTION];
  const overCap = pkg.notes.length > 0 && exceedsConcentration(pkg.notes, pkg.maxDebtorShare);
  const progress = Math.min(100, Math.round((Number(pkg.figures.total) / Number(pkg.targetSize)) * 100));
  const noteColumns = [
    // The amount right after the number: the pool's card is narrow, and an amount scrolled out of sight hides what the pool holds.
    { title: t('fields.noteNo'), dataIndex: 'noteNo', width: 190, render: typedCell },
    { title: t('fields.noteAmount'), dataIndex: 'amount', width: 150, align: 'right' as const, render: (v: string) => formatMoney(v) },
    { title: t('fields.debtorName'), dataIndex: 'debtorName', width: 180, ellipsis: { showTitle: false }, render: typedCell },
    { title: t('fields.holderName'), dataIndex: 'holderName', width: 200, ellipsis: { showTitle: false }, render: typedCell },
    { title: t('fields.dueDate'), dataIndex: 'dueDate', width: 110 },
    {
      title: t('fields.remainingDays'),
      key: 'days',
      width: 110,
      align: 'right' as const,
      render: (_: unknown, r: PoolNoteView) => daysBetween(pkg.today, r.dueDate),
    },
  ];

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="abs-package">
      <Card
        title={
          <Space>
            <Typed>{pkg.packageName}</Typed>
            <DictTag dictType={PACKAGE_STATUS_DICT} value={pkg.status} />
          </Space>
        }
        extra={
          <Space>
            {action && (
              <HasPermi value={[PERMISSIONS.absPackage.edit]}>
                <Popconfirm
                  title={t('packages.confirmMove', { action: t(`packages.${action}`) })}
                  onConfirm={() => run(() => absApi.move(action, pkg), t('packages.moved', { status: t(`packages.${action}`) }))}
                >
                  <Button type="primary" data-testid={`abs-${action}`}>
                    {t(`packages.${action}`)}
                  </Button>
                </Popconfirm>
              </HasPermi>
            )}
            <Button onClick={() => navigate(PATH)}>{t('packages.back')}</Button>
          </Space>
        }
      >
        <Descriptions size="small" column={3}>
          <Descriptions.Item label={t('fields.packageNo')}>{typedCell(pkg.packageNo)}</Descriptions.Item>
          <Descriptions.Item label={t('fields.programme')}>{typedCell(pkg.programme)}</Descriptions.Item>
          <Descriptions.Item label={t('packages.rulesTitle')}>
            {t('packages.rulesText', { min: pkg.minTenorDays, max: pkg.maxTenorDays, share: percent(pkg.maxDebtorShare) })}
          </Descriptions.Item>
        </Descriptions>
        <Row gutter={16} style={{ marginTop: 8 }}>
          <Col xs={12} md={6}>
            <Statistic title={t('packages.total')} value={formatMoney(pkg.figures.total)} suffix={t('packages.yuan')} />
          </Col>
          <Col xs={12} md={4}>
            <Statistic title={t('packages.count')} value={pkg.figures.noteCount} />
          </Col>
          <Col xs={12} md={5}>
            <Statistic title={t('packages.weightedTenor')} value={t('packages.days', { value: pkg.figures.weightedTenorDays })} />
          </Col>
          <Col xs={12} md={4}>
            {/* Red when the pool breaks its cap (a package built before the cap bit on every step): it cannot be locked or issued. */}
            <Statistic
              title={t('packages.topShare')}
              value={percent(pkg.figures.topShare)}
              valueStyle={overCap ? { color: '#cf1322' } : undefined}
              suffix={overCap ? <Tag color="error">{t('packages.overCap')}</Tag> : undefined}
            />
          </Col>
          <Col xs={24} md={5}>
            <div className="ant-statistic-title">
              {t('packages.target')} {formatMoney(pkg.targetSize)}
            </div>
            <Progress percent={progress} size="small" />
          </Col>
        </Row>
      </Card>

      <Row gutter={[16, 16]}>
        <Col xs={24} xxl={10}>
          <Card title={t('packages.concentration')} size="small">
            {pkg.figures.concentration.length ? (
              <ConcentrationChart rows={pkg.figures.concentration} limit={pkg.maxDebtorShare} label={t('packages.concentration')} />
            ) : (
              <Alert type="info" message={t('packages.empty')} />
            )}
            <Table
              size="small"
              rowKey="debtorId"
              pagination={false}
              dataSource={pkg.figures.concentration}
              style={{ marginTop: 8 }}
              columns={[
                { title: t('fields.debtorName'), dataIndex: 'debtorName', ellipsis: { showTitle: false }, render: typedCell },
                { title: t('fields.noteCount'), dataIndex: 'noteCount', width: 70, align: 'right' },
                { title: t('fields.noteAmount'), dataIndex: 'amount', width: 140, align: 'right', render: (v: string) => formatMoney(v) },
                { title: t('packages.share'), dataIndex: 'share', width: 80, align: 'right', render: percent },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} xxl={14}>
          <Card title={t('packages.notes')} size="small" data-testid="abs-pool">
            <Table<PoolNoteView>
              size="small"
              rowKey="id"
              dataSource={pkg.notes}
              pagination={{ pageSize: 8 }}
              scroll={{ x: 900 }}
              columns={[
                ...noteColumns,
                ...(building
                  ? [
                      {
                        title: t('kit:table.actions'),
                        key: 'remove',
                        width: 90,
                        render: (_: unknown, r: PoolNoteView) => (
                          <HasPermi value={[PERMISSIONS.absPackage.edit]}>
                            <Button type="link" size="small" onClick={() => run(() => absApi.removeNote(pkg.id, r.id), t('packages.removed'))}>
                              {t('packages.remove')}
                            </Button>
                          </HasPermi>
                        ),
                      },
                    ]
                  : []),
              ]}
            />
          </Card>
          <Card title={t('packages.materials')} size="small" style={{ marginTop: 16 }}>
            <Space>
              <span>{t('packages.materialStatus')}：</span>
              {pkg.materialStatus ? (
                <Tag color={pkg.materialStatus === 'APPROVED' ? 'success' : pkg.materialStatus === 'REJECTED' ? 'error' : 'processing'}>
                  {t(`materialStatus.${pkg.materialStatus}`)}
                </Tag>
              ) : (
                <Tag>{t('packages.noReview')}</Tag>
              )}
              {pkg.status === PACKAGE_STATUS.locked && pkg.materialStatus !== 'RUNNING' && pkg.materialStatus !== 'APPROVED' && (
                <HasPermi value={[PERMISSIONS.absPackage.edit]}>
                  <Button data-testid="abs-start-review" onClick={() => setReviewing(true)}>
                    {t('packages.startReview')}
                  </Button>
                </HasPermi>
              )}
            </Space>
          </Card>
        </Col>
      </Row>

      {building && (
        <Card
          size="small"
          title={t('packages.candidates')}
          data-testid="abs-candidates"
          extra={
            <HasPermi value={[PERMISSIONS.absPackage.edit]}>
              <Button
                type="primary"
                disabled={picked.length === 0}
                data-testid="abs-add-notes"
                onClick={() =>
                  run(
                    async () => {
                      await absApi.addNotes(pkg.id, picked);
                    },
                    t('packages.added', { count: picked.length }),
                  )
                }
              >
                {t('packages.addNotes')}
              </Button>
            </HasPermi>
          }
        >
          <Table<PoolNoteView>
            size="small"
            rowKey="id"
            dataSource={candidates?.records}
            loading={!candidates}
            scroll={{ x: 1100 }}
            rowSelection={{
              selectedRowKeys: picked,
              onChange: (keys) => setPicked(keys as string[]),
              getCheckboxProps: (r: PoolNoteView) => ({ disabled: Boolean(r.refusal) }),
            }}
            pagination={{
              current: candidatePaging.pageNum,
              pageSize: candidatePaging.pageSize,
              total: candidates?.total,
              onChange: (pageNum, pageSize) => setCandidatePaging({ pageNum, pageSize }),
            }}
            columns={[
              ...noteColumns,
              {
                title: t('packages.eligible'),
                key: 'refusal',
                width: 300,
                render: (_: unknown, r: PoolNoteView) =>
                  r.refusal ? (
                    <Tag color="error">{t('packages.refusedBecause', { rule: t(`rules.${r.refusal}`) })}</Tag>
                  ) : r.poolWarning ? (
                    <Tooltip title={t('packages.poolWarningHint')}>
                      <Tag color="warning">{t('packages.poolWarning')}</Tag>
                    </Tooltip>
                  ) : (
                    <Tag color="success">{t('packages.eligible')}</Tag>
                  ),
              },
            ]}
          />
        </Card>
      )}

      <Modal
        open={reviewing}
        title={t('packages.startReview')}
        okButtonProps={{ disabled: files.length === 0 }}
        destroyOnHidden
        onCancel={() => setReviewing(false)}
        onOk={() =>
          run(async () => {
            await absApi.startReview(
              pkg.id,
              files.map((fileId) => ({ fileId, docFileType: 'BUSI_CONTRACT' })),
            );
            setReviewing(false);
            setFiles([]);
          }, t('packages.reviewStarted'))
        }
      >
        <Form layout="vertical">
          <Form.Item label={t('packages.pickFiles')}>
            <FileUpload value={files} onChange={setFiles} maxCount={10} />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
