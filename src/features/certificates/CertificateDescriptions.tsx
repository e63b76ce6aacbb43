import { Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { DictTag } from '../../components/DictTag';
import { CERT_STATUS_DICT, INVOICE_TYPE_DICT, isPastValidity } from '../../lib/certificates';
import { dayOf } from '../../lib/dates';
import type { Certificate } from './certificate-api';

/** A certificate's fields, as the detail drawer and the task view show them. */
export function CertificateDescriptions({ certificate }: { certificate: Certificate }) {
  const { t } = useTranslation('certificates');
  const validity = certificate.validTo ? `${certificate.validFrom ?? ''} ~ ${certificate.validTo}` : '';
  return (
    <Descriptions size="small" bordered column={1} data-testid="certificate-descriptions">
      <Descriptions.Item label={t('fields.holderCorpName')}>{certificate.holderCorpName}</Descriptions.Item>
      <Descriptions.Item label={t('fields.holderCorpId')}>{certificate.holderCorpId}</Descriptions.Item>
      <Descriptions.Item label={t('fields.serialNo')}>{certificate.serialNo}</Descriptions.Item>
      <Descriptions.Item label={t('fields.issuer')}>{certificate.issuer}</Descriptions.Item>
      <Descriptions.Item label={t('fields.validity')}>
        <span data-testid="certificate-validity">{validity}</span> {certificate.expiringSoon && <Tag color="warning">{t('expiringTag')}</Tag>}
        {isPastValidity(certificate.validTo, dayOf(Date.now())) && <Tag color="error">{t('expiredTag')}</Tag>}
      </Descriptions.Item>
      <Descriptions.Item label={t('fields.status')}>
        <DictTag dictType={CERT_STATUS_DICT} value={certificate.status} />
      </Descriptions.Item>
      <Descriptions.Item label={t('fields.invoiceType')}>
        <DictTag dictType={INVOICE_TYPE_DICT} value={certificate.invoiceType} />
      </Descriptions.Item>
    </Descriptions>
  );
}
