/**
 * 基础资料上传 / 商务合同上传 / 发票上传 / 其他资料上传 (/op/abs/finance-data/upload/{auth,contract,
 * invoice,other}, spec §2.3): one page per kind of material, reached in that order for the
 * application named by ?applicationId= (without one, a choice among the applications still being
 * completed). Files go through the file service and join the kind at once; the last step leads to
 * upload/success. Only an application in DRAFT or RETURNED takes files (the server says so too).
 */
import { Typed, typedSelect } from '../../components/Typed';
import { App, Alert, Button, Card, Select, Space, Steps, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import '../../crud/kit.css';
import { FileUpload } from '../../components/files/FileUpload';
import {
  APPLICATION_QUERY,
  EDITABLE_STATUSES,
  FINANCE_DATA_PATHS,
  MATERIAL_KINDS,
  REQUIRED_KINDS,
  type FinancingApplication,
  type MaterialKind,
} from '../../lib/financing';
import { financingApi, messageOf, type ApplicationDetail } from './financing-api';
import { MaterialsPanel } from './MaterialsPanel';

const withApplication = (path: string, id: string) => `${path}?${APPLICATION_QUERY}=${encodeURIComponent(id)}`;

function ApplicationPicker() {
  const { t } = useTranslation('financing');
  const navigate = useNavigate();
  const [open, setOpen] = useState<FinancingApplication[]>();
  useEffect(() => {
    Promise.all(EDITABLE_STATUSES.map((status) => financingApi.page({ status, pageSize: 100 }))).then(
      (pages) => setOpen(pages.flatMap((p) => p.records)),
      () => setOpen([]),
    );
  }, []);
  if (open && open.length === 0) return <Alert type="info" showIcon message={t('messages.noEditable')} />;
  return (
    <Space>
      <Typography.Text>{t('messages.pickApplication')}</Typography.Text>
      <Select
        style={{ width: 420 }}
        loading={!open}
        data-testid="pick-application"
        options={open?.map((a) => ({ value: a.id, label: `${a.applicationNo} · ${a.supplierName} · ${a.prdName}` }))}
        {...typedSelect}
        onChange={(id: string) => navigate(withApplication(FINANCE_DATA_PATHS.upload.BASIC_INFO, id))}
      />
    </Space>
  );
}

function UploadStep({ kind }: { kind: MaterialKind }) {
  const { t } = useTranslation('financing');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get(APPLICATION_QUERY);
  const [detail, setDetail] = useState<ApplicationDetail>();
  const index = MATERIAL_KINDS.indexOf(kind);

  const reload = useCallback(() => {
    if (id) financingApi.find(id).then(setDetail, (e: unknown) => void message.error(messageOf(e)));
  }, [id, message]);
  useEffect(reload, [reload]);

  if (!id) return <ApplicationPicker />;
  const app = detail?.application;
  const editable = !!app && EDITABLE_STATUSES.includes(app.status);
  const mine = detail?.materials.filter((m) => m.kind === kind) ?? [];

  const added = async (fileIds: string[]) => {
    const fresh = fileIds.filter((f) => !mine.some((m) => m.fileId === f));
    if (fresh.length === 0) return;
    try {
      await financingApi.addFiles(id, kind, fresh);
      void message.success(t('messages.filesAdded'));
    } catch (error) {
      void message.error(messageOf(error));
    }
    reload();
  };
  const go = (to: number) =>
    navigate(withApplication(to < MATERIAL_KINDS.length ? FINANCE_DATA_PATHS.upload[MATERIAL_KINDS[to]] : FINANCE_DATA_PATHS.success, id));

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Steps size="small" current={index} items={MATERIAL_KINDS.map((k) => ({ title: t(`title.upload.${k}`) }))} data-testid="upload-steps" />
      {app && (
        <Typography.Text>
          <Typed>
            {app.applicationNo} · {app.supplierName} · {app.coreName} · {app.prdName}
          </Typed>
        </Typography.Text>
      )}
      {app && !editable && <Alert type="warning" showIcon message={t('messages.readOnly', { status: t(`status.${app.status}`) })} />}
      {editable && (
        <Card size="small" title={`${t(`kind.${kind}`)}（${REQUIRED_KINDS.includes(kind) ? t('messages.required') : t('messages.optional')}）`}>
          <Space direction="vertical">
            <Typography.Text type="secondary">{t('messages.uploadHint')}</Typography.Text>
            <FileUpload key={mine.length} value={[]} onChange={(ids) => void added(ids)} />
          </Space>
        </Card>
      )}
      <div data-testid="upload-kind-files">
        <MaterialsPanel
          materials={mine}
          kinds={[kind]}
          onRemove={
            editable
              ? (m) =>
                  void financingApi.removeFile(m.id).then(
                    () => {
                      void message.success(t('messages.fileRemoved'));
                      reload();
                    },
                    (e: unknown) => void message.error(messageOf(e)),
                  )
              : undefined
          }
        />
      </div>
      <Space>
        {index > 0 && <Button onClick={() => go(index - 1)}>{t('actions.prev')}</Button>}
        <Button type="primary" onClick={() => go(index + 1)} data-testid="upload-next">
          {index === MATERIAL_KINDS.length - 1 ? t('actions.finish') : t('actions.next')}
        </Button>
      </Space>
    </Space>
  );
}

function pageFor(kind: MaterialKind) {
  return function FinanceDataUploadPage() {
    const { t } = useTranslation('financing');
    return (
      <div className="kit-page" data-testid={`finance-data-upload-${kind}`}>
        <Card size="small" title={t(`title.upload.${kind}`)}>
          <UploadStep kind={kind} />
        </Card>
      </div>
    );
  };
}

export const BasicInfoUploadPage = pageFor('BASIC_INFO');
export const ContractUploadPage = pageFor('BUSI_CONTRACT');
export const InvoiceUploadPage = pageFor('INVOICE');
export const OtherUploadPage = pageFor('OTHER');
export default BasicInfoUploadPage;
