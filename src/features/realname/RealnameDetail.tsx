/**
 * The shared detail of a real-name application (查看, 初审, 复审): the corporation, the legal
 * person and account with sensitive values masked (in full for the whitelist), the status, the
 * last reject remark while the application is back with the handler, and the licence preview.
 */
import './locale';
import { Alert, Descriptions, Result, Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { DictTag } from '../../components/DictTag';
import { DATETIME_FORMAT } from '../../crud/fields';
import { formatDate } from '../../lib/dates';
import { LICENCE_FIELD_LABEL, REALNAME_FIELDS, REALNAME_STATUS, REALNAME_STATUS_DICT, type RealnameRecord } from '../../lib/realname';
import type { LoadedRecord } from './useRealnameRecord';

const FilePreview = lazy(() => import('../../components/files/FilePreview'));

export function RealnameDescriptions({ record }: { record: RealnameRecord }) {
  const { t } = useTranslation();
  const label = (field: keyof typeof REALNAME_FIELDS) => t(REALNAME_FIELDS[field].label);
  return (
    <div className="realname-detail" data-testid="realname-detail">
      {record.status === REALNAME_STATUS.REJECTED && record.rejectRemark && (
        <Alert type="error" showIcon message={t('realname:detail.rejected')} description={record.rejectRemark} data-testid="realname-reject-remark" />
      )}
      <Descriptions bordered size="small" column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 }}>
        <Descriptions.Item label={label('corpName')}>{record.corpName}</Descriptions.Item>
        <Descriptions.Item label={t('resources:realname.fields.status')}>
          <DictTag dictType={REALNAME_STATUS_DICT} value={record.status} />
        </Descriptions.Item>
        <Descriptions.Item label={label('creditCode')}>{record.creditCode}</Descriptions.Item>
        <Descriptions.Item label={label('legalPersonName')}>{record.legalPersonName}</Descriptions.Item>
        <Descriptions.Item label={label('idCard')}>
          <span data-testid="realname-idCard">{record.idCard}</span>
        </Descriptions.Item>
        <Descriptions.Item label={label('mobilePhone')}>
          <span data-testid="realname-mobilePhone">{record.mobilePhone}</span>
        </Descriptions.Item>
        <Descriptions.Item label={label('bankCard')}>
          <span data-testid="realname-bankCard">{record.bankCard}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('resources:realname.fields.createBy')}>{record.createBy}</Descriptions.Item>
        <Descriptions.Item label={t('resources:realname.fields.createTime')}>{formatDate(record.createTime, DATETIME_FORMAT)}</Descriptions.Item>
        <Descriptions.Item label={t('resources:realname.fields.updateTime')}>{formatDate(record.updateTime, DATETIME_FORMAT)}</Descriptions.Item>
        <Descriptions.Item label={t(LICENCE_FIELD_LABEL)} span={2}>
          {record.licenceFileId ? (
            <Suspense fallback={<Skeleton.Image active />}>
              <div className="realname-licence">
                <FilePreview fileIds={[record.licenceFileId]} thumbnailType="MEDIUM" />
              </div>
            </Suspense>
          ) : (
            t('realname:detail.noLicence')
          )}
        </Descriptions.Item>
      </Descriptions>
    </div>
  );
}

export function RealnameDetail({ loaded }: { loaded: LoadedRecord }) {
  const { t } = useTranslation();
  if (loaded.state === 'loading') return <Skeleton active />;
  if (loaded.state === 'failed') return <Result status="warning" title={t('realname:detail.missing')} subTitle={loaded.message} />;
  return <RealnameDescriptions record={loaded.record} />;
}
