/**
 * 实名认证新增 / 编辑 (/op/admit/realname/add, ?id= to edit; the handler's Submit step after a
 * reject opens it with ?taskId=): every field checked with its shared rule, sensitive values shown
 * masked and left out unless retyped (spec 5.5), the licence uploaded as PNG, JPG or PDF. 保存草稿
 * needs only the corporation name; 提交审核 needs everything and sends the application to 待初审.
 */
import './locale';
import './realname.css';
import { ArrowLeftOutlined, SaveOutlined, SendOutlined } from '@ant-design/icons';
import { useFormGuard } from '../../components/form-guard/useFormGuard';
import { Alert, App, Button, Card, Col, Form, Input, Result, Row, Skeleton, Space } from 'antd';
import type { RuleObject } from 'antd/es/form';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { isMasked } from '../../lib/masking';
import { isEditable, LICENCE_FIELD_LABEL, LICENCE_TYPES, REALNAME_FIELDS, type RealnameRecord, type RealnameTextField } from '../../lib/realname';
import { isValid, validators } from '../../lib/validators';
import { loadTask, TASK_QUERY } from '../../workflows/task-view/useTaskFromRoute';
import { checkLink, RECORD_QUERY, REALNAME_PATHS } from './paths';
import { realnameApi, type RealnameInput } from './realname-api';
import { useRealnameRecord } from './useRealnameRecord';

const FileUpload = lazy(() => import('../../components/files/FileUpload'));

/** The form control itself must be Form.Item's child, so the lazy boundary goes inside it. */
function LicenceUpload(props: { value?: string[]; onChange?: (ids: string[]) => void }) {
  return (
    <Suspense fallback={<Skeleton.Button active />}>
      <FileUpload {...props} accept={LICENCE_TYPES} maxCount={1} />
    </Suspense>
  );
}

type Values = Record<RealnameTextField, string | undefined> & { licenceFileId?: string | null };

const SECTIONS: ReadonlyArray<{ title: string; fields: readonly RealnameTextField[] }> = [
  { title: 'realname:form.corpSection', fields: ['corpName', 'creditCode'] },
  { title: 'realname:form.legalSection', fields: ['legalPersonName', 'idCard', 'mobilePhone', 'bankCard'] },
];

const SENSITIVE: ReadonlySet<string> = new Set(['idCard', 'mobilePhone', 'bankCard']);

/** The record id: from ?id=, or from the handler's task (?taskId=) whose business key it is. */
function useRecordId(): { id: string | null | undefined; failed?: string } {
  const [params] = useSearchParams();
  const direct = params.get(RECORD_QUERY);
  const taskId = params.get(TASK_QUERY.taskId);
  const [fromTask, setFromTask] = useState<{ id: string | null | undefined; failed?: string }>({ id: undefined });
  useEffect(() => {
    if (direct || !taskId) return;
    let live = true;
    loadTask({ taskId }).then(
      (found) => live && setFromTask({ id: found?.instance.businessKey ?? null }),
      (error: unknown) => live && setFromTask({ id: null, failed: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [direct, taskId]);
  if (direct) return { id: direct };
  return taskId ? fromTask : { id: null };
}

const formValues = (record: RealnameRecord): Values => ({
  corpName: record.corpName,
  creditCode: record.creditCode ?? undefined,
  legalPersonName: record.legalPersonName ?? undefined,
  idCard: record.idCard ?? undefined,
  mobilePhone: record.mobilePhone ?? undefined,
  bankCard: record.bankCard ?? undefined,
  licenceFileId: record.licenceFileId,
});

export default function RealnameFormPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const { id, failed } = useRecordId();
  const { loaded } = useRealnameRecord(id);
  const [record, setRecord] = useState<RealnameRecord>();
  const [busy, setBusy] = useState<'draft' | 'submit'>();
  // Drafts may be incomplete: required rules apply only while submitting.
  const submitting = useRef(false);
  // Unsaved changes ask before the page is left, and outlive a session's expiry (never the sensitive values).
  const guard = useFormGuard({ id: `realname-${id ?? 'new'}`, form, exclude: [...SENSITIVE] });

  useEffect(() => {
    if (loaded.state !== 'ready') return;
    setRecord(loaded.record);
    form.setFieldsValue(formValues(loaded.record));
  }, [loaded, form]);

  const requiredRule = (message: string, always = false): RuleObject => ({
    validator: (_rule, value: unknown) =>
      (always || submitting.current) && (value === undefined || value === null || (typeof value === 'string' && value.trim() === ''))
        ? Promise.reject(new Error(message))
        : Promise.resolve(),
  });

  /** The shared rule of a field; a sensitive value still showing the server's mask is unchanged and passes. */
  const fieldRule = (field: RealnameTextField): RuleObject => ({
    validator: (_rule, value: unknown) => {
      if (value === undefined || value === null || value === '') return Promise.resolve();
      if (SENSITIVE.has(field) && isMasked(value) && record && value === record[field]) return Promise.resolve();
      const text = typeof value === 'string' ? value.trim() : value;
      const { validator } = REALNAME_FIELDS[field];
      return isValid(validator, text) ? Promise.resolve() : Promise.reject(new Error(t(validators[validator].messageKey)));
    },
  });

  const save = async (): Promise<RealnameRecord> => {
    const values = await form.validateFields();
    const input: RealnameInput = {
      ...Object.fromEntries(Object.entries(values).map(([key, value]) => [key, typeof value === 'string' ? value.trim() : (value ?? '')])),
      licenceFileId: values.licenceFileId ?? null,
    };
    const saved = record ? await realnameApi.update(record.id, record.dataVersion, input) : await realnameApi.save(input);
    setRecord(saved);
    form.setFieldsValue(formValues(saved));
    guard.saved();
    return saved;
  };

  const run = async (action: 'draft' | 'submit') => {
    submitting.current = action === 'submit';
    setBusy(action);
    try {
      const saved = await save();
      if (action === 'draft') {
        void message.success(t('realname:form.saved'));
        if (!id) navigate(`${REALNAME_PATHS.add}?${RECORD_QUERY}=${encodeURIComponent(saved.id)}`, { replace: true });
        return;
      }
      await realnameApi.submit(saved.id, saved.dataVersion);
      void message.success(t('realname:form.submitted'));
      navigate(checkLink(saved.id));
    } catch {
      // Field errors show beside their fields; the client shows refusals from the server.
    } finally {
      setBusy(undefined);
    }
  };

  if (failed) return <Result status="warning" title={t('realname:detail.missing')} subTitle={failed} />;
  if (id === undefined || (id && loaded.state === 'loading')) return <Skeleton active />;
  if (id && loaded.state === 'failed') return <Result status="warning" title={t('realname:detail.missing')} subTitle={loaded.message} />;
  if (record && !isEditable(record.status)) {
    return (
      <Result
        status="info"
        title={t('realname:form.notEditable')}
        extra={<Button onClick={() => navigate(checkLink(record.id))}>{t('realname:form.view')}</Button>}
      />
    );
  }

  const label = (field: RealnameTextField) => t(REALNAME_FIELDS[field].label);
  return (
    <div className="kit-page realname-form" data-testid="realname-form">
      {record?.rejectRemark && (
        <Alert type="error" showIcon message={t('realname:form.rejected')} description={record.rejectRemark} data-testid="realname-reject-remark" />
      )}
      {(!id || loaded.state === 'ready') && guard.notice}
      <Form form={form} layout="vertical" name="realname" requiredMark onValuesChange={guard.onValuesChange}>
        {SECTIONS.map((section) => (
          <Card key={section.title} size="small" title={t(section.title)}>
            <Row gutter={24}>
              {section.fields.map((field) => (
                <Col key={field} xs={24} md={12}>
                  <Form.Item
                    name={field}
                    label={label(field)}
                    required
                    validateFirst
                    rules={[requiredRule(t('realname:form.required', { field: label(field) }), field === 'corpName'), fieldRule(field)]}
                    extra={SENSITIVE.has(field) && record ? t('realname:form.maskedHint') : undefined}
                  >
                    <Input allowClear placeholder={t('kit:form.placeholder', { label: label(field) })} autoComplete="off" />
                  </Form.Item>
                </Col>
              ))}
            </Row>
          </Card>
        ))}
        <Card size="small" title={t('realname:form.licenceSection')}>
          <Form.Item
            name="licenceFileId"
            label={t(LICENCE_FIELD_LABEL)}
            required
            rules={[requiredRule(t('realname:form.licenceRequired'))]}
            extra={t('realname:form.licenceHint')}
            getValueProps={(value: string | null | undefined) => ({ value: value ? [value] : [] })}
            normalize={(ids: string[]) => ids[0] ?? null}
          >
            <LicenceUpload />
          </Form.Item>
        </Card>
        <div className="realname-form-actions">
          <Space>
            <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(REALNAME_PATHS.list)}>
              {t('realname:form.back')}
            </Button>
            <Button
              icon={<SaveOutlined />}
              loading={busy === 'draft'}
              disabled={busy === 'submit'}
              onClick={() => void run('draft')}
              data-testid="realname-save-draft"
            >
              {t('realname:form.saveDraft')}
            </Button>
            <Button
              type="primary"
              icon={<SendOutlined />}
              loading={busy === 'submit'}
              disabled={busy === 'draft'}
              onClick={() => void run('submit')}
              data-testid="realname-submit"
            >
              {t('realname:form.submit')}
            </Button>
          </Space>
        </div>
      </Form>
    </div>
  );
}
