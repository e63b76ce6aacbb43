/**
 * One file of a material: its preview, the AUDIT and REVIEW verdicts side by side and, for the
 * worker of the current segment, 通过 / 不通过 with a remark (required to not pass).
 */
import { useState } from 'react';
import { Button, Input, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FilePreview } from '../../components/files/FilePreview';
import './doc-review.css';
import { DATETIME_FORMAT } from '../../crud/fields';
import { formatDate } from '../../lib/dates';
import {
  APPROVE_RESULT,
  APPROVE_RESULT_COLOR,
  MAX_APPROVE_REMARK,
  TASK_SEGMENTS,
  approveInfoOf,
  type ApproveResult,
  type DocFile,
  type TaskSegment,
} from './rules';

interface Props {
  file: DocFile;
  /** The segment the current step decides (审核 or 复核): the remark box is named after it. */
  segment: TaskSegment;
  /** The current user decides the verdicts of the step's segment now. */
  editable: boolean;
  busy: boolean;
  onDecide: (file: DocFile, result: ApproveResult, remark: string) => Promise<void>;
}

export function ApproveResultTag({ result }: { result: ApproveResult }) {
  const { t } = useTranslation('docReview');
  return (
    <Tag color={APPROVE_RESULT_COLOR[result]} data-result={result}>
      {t(`result.${result}`)}
    </Tag>
  );
}

function Verdict({ file, segment }: { file: DocFile; segment: TaskSegment }) {
  const { t } = useTranslation('docReview');
  const info = approveInfoOf(file, segment);
  if (!info) return null;
  return (
    <div className="doc-review-verdict" data-segment={segment}>
      <Typography.Text type="secondary">{t(`segment.${segment}`)}</Typography.Text> <ApproveResultTag result={info.approveResult} />
      {info.fromAudit && <Typography.Text type="secondary">{t('fromAudit')}</Typography.Text>}
      {info.approveRemark && <div className="doc-review-remark">{info.approveRemark}</div>}
      {info.approverName && (
        <Typography.Text type="secondary" className="doc-review-approver">
          {t('approvedBy', { name: info.approverName, time: info.approveTime ? formatDate(info.approveTime, DATETIME_FORMAT) : '' })}
        </Typography.Text>
      )}
    </div>
  );
}

export function DocFileItem({ file, segment, editable, busy, onDecide }: Props) {
  const { t } = useTranslation('docReview');
  const segmentLabel = t(`segment.${segment}`);
  const [remark, setRemark] = useState('');
  const [remarkMissing, setRemarkMissing] = useState(false);

  const decide = async (result: ApproveResult) => {
    if (result === APPROVE_RESULT.NOPASS && !remark.trim()) {
      setRemarkMissing(true);
      return;
    }
    setRemarkMissing(false);
    await onDecide(file, result, remark.trim());
    setRemark('');
  };

  return (
    <div className="doc-review-file" data-doc-file-id={file.docFileId}>
      <div className="doc-review-file-preview">
        <Typography.Text strong ellipsis title={file.fileName}>
          {file.fileName}
        </Typography.Text>
        <FilePreview fileIds={[file.fileId]} thumbnailType="SMALL" names={{ [file.fileId]: file.fileName }} />
      </div>
      <div className="doc-review-verdicts">
        {TASK_SEGMENTS.map((s) => (
          <Verdict key={s} file={file} segment={s} />
        ))}
        {editable && (
          <div className="doc-review-decision">
            <Input.TextArea
              aria-label={t('remark.label', { name: file.fileName, segment: segmentLabel })}
              placeholder={t('remark.placeholder', { segment: segmentLabel })}
              value={remark}
              maxLength={MAX_APPROVE_REMARK}
              autoSize={{ minRows: 1, maxRows: 3 }}
              status={remarkMissing ? 'error' : undefined}
              onChange={(e) => setRemark(e.target.value)}
            />
            {remarkMissing && <Typography.Text type="danger">{t('remark.required', { segment: segmentLabel })}</Typography.Text>}
            <Space style={{ marginTop: 8 }}>
              <Button size="small" type="primary" disabled={busy} onClick={() => void decide(APPROVE_RESULT.PASS)}>
                {t('action.pass')}
              </Button>
              <Button size="small" danger disabled={busy} onClick={() => void decide(APPROVE_RESULT.NOPASS)}>
                {t('action.noPass')}
              </Button>
            </Space>
          </div>
        )}
      </div>
    </div>
  );
}
