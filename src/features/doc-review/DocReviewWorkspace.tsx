/**
 * The document review workspace (spec §3 "Document material", §4.2) that the shared task view opens
 * for PROCESS_CREDIT_CERTIFICATE_CODE and Process_ABS_CERTIFICATE_CODE. The step decides the
 * segment: the handler's first step audits (AUDIT), the director's reviews (REVIEW), starting from
 * the AUDIT verdicts. Materials are grouped by docFileType; the worker of the step decides each
 * file and fills the segment's reason; everyone else reads. Before the step is passed the server
 * is asked whether the segment is complete; it checks again when the task is completed.
 */
import './locale';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Card, Empty, Input, List, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../providers/http';
import { recordStateOf } from '../../workflows/task-view/record-state';
import { dictItem, useDicts } from '../../providers/dictionaries';
import { TASK_OUTCOME } from '../../workflows/states';
import type { TaskComponentProps } from '../../workflows/task-types';
import { approveFile, checkSegment, loadMaterials, saveReason } from './doc-review-api';
import { DocFileItem } from './DocFileItem';
import {
  APPROVE_RESULT,
  DOC_FILE_TYPE_DICT,
  DOC_PROPERTY_TYPE,
  MAX_REASON,
  REASON_PROPERTY,
  TASK_SEGMENT,
  approveInfoOf,
  segmentOfStep,
  type ApproveResult,
  type DocFile,
  type DocMaterialsAnswer,
} from './rules';

const CONFLICT = 'DATA_VERSION_CONFLICT';

type Loaded = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; answer: DocMaterialsAnswer };

const replaceFile = (answer: DocMaterialsAnswer, file: DocFile): DocMaterialsAnswer => ({
  ...answer,
  docMaterials: answer.docMaterials.map((m) => ({ ...m, docFiles: m.docFiles.map((f) => (f.docFileId === file.docFileId ? file : f)) })),
});

export default function DocReviewWorkspace({ instance, activityKey, working, registerBeforeComplete, reportRecord }: TaskComponentProps) {
  const { t } = useTranslation('docReview');
  useDicts([DOC_FILE_TYPE_DICT]);
  const segment = segmentOfStep(instance.processKey, activityKey) ?? TASK_SEGMENT.REVIEW;
  const editable = working && segmentOfStep(instance.processKey, activityKey) !== undefined;
  const reasonType = REASON_PROPERTY[segment];
  const { businessKey } = instance;

  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [reloads, setReloads] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [reason, setReason] = useState('');
  /** The reason as the server holds it: what is typed beyond it is saved before completing. */
  const savedReason = useRef('');

  useEffect(() => {
    const controller = new AbortController();
    reportRecord({ status: 'loading' });
    loadMaterials(businessKey, segment, controller.signal).then(
      (answer) => {
        const content = answer.properties.find((p) => p.propertyType === reasonType)?.content ?? '';
        savedReason.current = content;
        setReason(content);
        setLoaded({ state: 'ready', answer });
        // A document set without materials is no record to review.
        reportRecord(answer.docMaterials.length > 0 ? { status: 'ready' } : { status: 'missing' });
      },
      (error: Error) => {
        if (controller.signal.aborted) return;
        setLoaded({ state: 'failed', message: error.message });
        reportRecord(recordStateOf(error));
      },
    );
    return () => controller.abort();
  }, [businessKey, segment, reasonType, reloads, reportRecord]);

  const decide = useCallback(
    async (file: DocFile, result: ApproveResult, remark: string) => {
      setBusy(true);
      setNotice(null);
      try {
        const updated = await approveFile(file, segment, result, remark);
        setLoaded((current) => (current.state === 'ready' ? { state: 'ready', answer: replaceFile(current.answer, updated) } : current));
      } catch (error) {
        setNotice((error as Error).message);
        // Another reviewer changed the file: show theirs before anyone decides again.
        if (error instanceof ApiError && error.code === CONFLICT) setReloads((n) => n + 1);
      } finally {
        setBusy(false);
      }
    },
    [segment],
  );

  const storeReason = useCallback(async () => {
    if (reason.trim() === savedReason.current.trim()) return;
    const saved = await saveReason(businessKey, segment, reason);
    savedReason.current = saved.content ?? '';
  }, [businessKey, segment, reason]);

  const onReasonBlur = () => {
    storeReason().catch((error: Error) => setNotice(error.message));
  };

  useEffect(() => {
    if (!editable) return undefined;
    return registerBeforeComplete(async (outcome) => {
      if (outcome !== TASK_OUTCOME.PASS) return;
      await storeReason();
      const check = await checkSegment(businessKey, segment);
      if (!check.complete) throw new Error(check.message ?? t('incomplete'));
    });
  }, [editable, registerBeforeComplete, storeReason, businessKey, segment, t]);

  if (loaded.state === 'loading')
    return (
      <Spin aria-busy="true" tip={t('loading')}>
        <div style={{ minHeight: 120 }} />
      </Spin>
    );
  if (loaded.state === 'failed') return <Alert type="error" showIcon message={loaded.message} />;

  const { answer } = loaded;
  const files = answer.docMaterials.flatMap((m) => m.docFiles);
  const results = files.map((f) => approveInfoOf(f, segment)?.approveResult);
  const waitCount = results.filter((r) => r === APPROVE_RESULT.WAIT).length;
  const noPassCount = results.filter((r) => r === APPROVE_RESULT.NOPASS).length;
  const otherSegment = segment === TASK_SEGMENT.AUDIT ? TASK_SEGMENT.REVIEW : TASK_SEGMENT.AUDIT;
  const otherReason = answer.properties.find((p) => p.propertyType === REASON_PROPERTY[otherSegment])?.content;
  const components = answer.properties.find((p) => p.propertyType === DOC_PROPERTY_TYPE.DATA_PERMISSION)?.components ?? [];

  return (
    <div className="doc-review-workspace" data-segment={segment}>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Text>
          {t('summary', { segment: t(`segment.${segment}`), count: files.length, wait: waitCount, noPass: noPassCount })}
          {!editable && <Typography.Text type="secondary"> · {t('readOnly')}</Typography.Text>}
        </Typography.Text>
        {notice && <Alert type="error" showIcon closable message={notice} onClose={() => setNotice(null)} />}
        {answer.docMaterials.length === 0 && <Empty description={t('common:emptyList')} />}
        {answer.docMaterials.map((material) => (
          <Card
            key={material.docMaterialId}
            size="small"
            title={dictItem(DOC_FILE_TYPE_DICT, material.docFileType)?.dictLabel ?? material.docFileType}
            data-doc-file-type={material.docFileType}
          >
            {material.docFiles.map((file) => (
              <DocFileItem key={file.docFileId} file={file} segment={segment} editable={editable} busy={busy} onDecide={decide} />
            ))}
          </Card>
        ))}
        {otherReason && (
          <Card size="small" title={t(`reason.${REASON_PROPERTY[otherSegment]}`)}>
            <Typography.Paragraph style={{ marginBottom: 0 }}>{otherReason}</Typography.Paragraph>
          </Card>
        )}
        <Card size="small" title={t(`reason.${reasonType}`)}>
          {editable ? (
            <Input.TextArea
              aria-label={t(`reason.${reasonType}`)}
              placeholder={t('reason.placeholder')}
              value={reason}
              maxLength={MAX_REASON}
              showCount
              autoSize={{ minRows: 2, maxRows: 6 }}
              onChange={(e) => setReason(e.target.value)}
              onBlur={onReasonBlur}
            />
          ) : (
            <Typography.Paragraph style={{ marginBottom: 0 }}>{reason || t('reason.none')}</Typography.Paragraph>
          )}
        </Card>
        <Card size="small" title={t('dataPermission.title')}>
          {components.length === 0 ? (
            <Typography.Text type="secondary">{t('dataPermission.none')}</Typography.Text>
          ) : (
            <List
              size="small"
              dataSource={components}
              renderItem={(c) => (
                <List.Item key={c.busiKey}>
                  {c.componentName} <Typography.Text type="secondary">{c.busiKey}</Typography.Text>
                </List.Item>
              )}
            />
          )}
        </Card>
      </Space>
    </div>
  );
}
