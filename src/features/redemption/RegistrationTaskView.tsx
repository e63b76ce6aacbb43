/**
 * The task component of Process_CREDIT_REDEEM_REGISTER_BIZ (TASK_COMPONENT.REDEEM_REGISTRATION): the
 * registration behind the instance (its businessKey) — the note as it is now, the date it was paid
 * outside the platform, and the payment evidence to look at before the director decides. Approving
 * redeems the note and recycles its quota (server/redemption/registrations.ts).
 */
import { Alert, Descriptions, Space, Spin, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FilePreview } from '../../components/files/FilePreview';
import { formatMoney } from '../../lib/money';
import type { TaskComponentProps } from '../../workflows/task-types';
import { useTaskRecord } from '../../workflows/task-view/use-task-record';
import { noteLink, NoteStatusTag } from '../credit-notes';
import { redemptionApi } from './redemption-api';
import './locale';

const COLOR: Record<string, string> = { RUNNING: 'processing', APPROVED: 'success', REJECTED: 'error' };

export default function RegistrationTaskView({ instance, activityKey, reportRecord }: TaskComponentProps) {
  const { t } = useTranslation('redemption');
  // The actions wait until the registration is shown.
  const { loaded: detail, error } = useTaskRecord(reportRecord, () => redemptionApi.registration(instance.businessKey), [
    instance.businessKey,
    instance.status,
    activityKey,
  ]);
  if (error) return <Alert type="error" showIcon message={error} />;
  if (!detail) return <Spin />;
  const { registration, note } = detail;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="redeem-registration-view">
      <Descriptions title={t('page.registrationTitle')} bordered size="small" column={2}>
        <Descriptions.Item label={t('fields.noteNo')}>
          <Link to={noteLink(note.id)}>{note.noteNo}</Link>
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.noteStatus')}>
          <NoteStatusTag status={note.displayStatus} />
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.issuerName')}>{note.issuerName}</Descriptions.Item>
        <Descriptions.Item label={t('fields.holderName')}>{note.holderName}</Descriptions.Item>
        <Descriptions.Item label={t('fields.noteAmount')}>{formatMoney(registration.amount)}</Descriptions.Item>
        <Descriptions.Item label={t('fields.dueDate')}>{note.dueDate}</Descriptions.Item>
        <Descriptions.Item label={t('fields.paidDate')}>{registration.paidDate}</Descriptions.Item>
        <Descriptions.Item label={t('fields.status')}>
          <Tag color={COLOR[registration.status]}>{t(`registrationStatus.${registration.status}`)}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.remark')} span={2}>
          {registration.remark}
        </Descriptions.Item>
      </Descriptions>
      <FilePreview fileIds={[registration.evidenceFileId]} names={{ [registration.evidenceFileId]: registration.evidenceName }} />
    </Space>
  );
}
