/**
 * Demo certificates (证书管理), dated relative to the day of the first start so the list always shows
 * some valid ones, one expiring within CERT_EXPIRING_DAYS, one expired and one revoked.
 */
import { CERT_STATUS, type CertStatus } from '../../../src/lib/certificates';
import { addDays, dayOf } from '../../../src/lib/dates';

export interface CertificateSeed {
  id: string;
  holderCorpName: string;
  holderCorpId: string;
  serialNo: string;
  issuer: string;
  validFrom: string;
  validTo: string;
  status: CertStatus;
  invoiceType: string;
}

const ISSUER = '中国金融认证中心（CFCA）';

/** [id, holder, credit code, serial, days from today the validity started, days from today it ends, status, invoice type] */
const DEMO: ReadonlyArray<readonly [string, string, string, string, number, number, CertStatus, string]> = [
  ['cert-demo-1', '上海浦江供应链管理有限公司', '91310000MA1FL1234X', 'SCF-CA-2025-0001A3F2', -200, 530, CERT_STATUS.VALID, 'VAT_SPECIAL'],
  ['cert-demo-2', '杭州钱塘商贸有限公司', '91330100MA2B5678XY', 'SCF-CA-2025-0002B7C1', -100, 265, CERT_STATUS.VALID, 'VAT_E_NORMAL'],
  ['cert-demo-3', '苏州工业园区精密制造有限公司', '91320594MA1N9012AB', 'SCF-CA-2025-0003C9D4', -350, 12, CERT_STATUS.VALID, 'VAT_NORMAL'],
  ['cert-demo-4', '南京江北建材贸易有限公司', '91320191MA1P3456CD', 'SCF-CA-2024-0004D2E8', -385, -20, CERT_STATUS.EXPIRED, 'VAT_SPECIAL'],
  ['cert-demo-5', '广州南沙物流有限公司', '91440115MA5C7890EF', 'SCF-CA-2025-0005E6F0', -150, 215, CERT_STATUS.REVOKED, 'VAT_E_SPECIAL'],
];

export function demoCertificates(today: Date): CertificateSeed[] {
  const day = (offset: number) => addDays(dayOf(today), offset);
  return DEMO.map(([id, holderCorpName, holderCorpId, serialNo, from, to, status, invoiceType]) => ({
    id,
    holderCorpName,
    holderCorpId,
    serialNo,
    issuer: ISSUER,
    validFrom: day(from),
    validTo: day(to),
    status,
    invoiceType,
  }));
}
