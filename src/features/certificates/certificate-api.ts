/**
 * The certificate calls (README "Certificates") typed for the screens, through the one signed client.
 * A refusal is the client's ApiError, carrying the server's Chinese message.
 */
import { CERTIFICATE_API, type CertKind } from '../../lib/certificates';
import { api } from '../../providers/http';

export interface Certificate {
  id: string;
  holderCorpName: string;
  holderCorpId: string;
  serialNo: string | null;
  issuer: string | null;
  validFrom: string | null;
  validTo: string | null;
  status: string;
  invoiceType: string | null;
  dataVersion: number;
  createTime: string;
  /** Valid and ending within CERT_EXPIRING_DAYS days, as the server's today sees it. */
  expiringSoon: boolean;
}

export interface CertificateApplication {
  id: string;
  certificateId: string;
  kind: CertKind;
  validFrom: string | null;
  validTo: string;
  invoiceType: string | null;
  remark: string | null;
  instanceId: string | null;
  status: string;
  dataVersion: number;
  createBy: string | null;
  createTime: string;
}

export type CertificateDetail = Certificate & { applications: CertificateApplication[] };

/** What create, renew and reopen ask for; a create names the holder and the start as well. */
export interface ApplicationInput {
  id?: string;
  holderCorpName?: string;
  holderCorpId?: string;
  validFrom?: string;
  validTo: string;
  invoiceType: string;
  remark?: string;
}

const APPLY_PATH: Record<CertKind, string> = { CREATE: 'save', RENEWAL: 'renew', REOPEN: 'reopen' };

export const certificateApi = {
  PAGE: `${CERTIFICATE_API}/page`,
  find: (id: string) => api.post<CertificateDetail>(`${CERTIFICATE_API}/find-by-id`, { id }, { silent: true }),
  apply: (kind: CertKind, input: ApplicationInput) => api.post<{ instanceId: string }>(`${CERTIFICATE_API}/${APPLY_PATH[kind]}`, input, { silent: true }),
  findApplication: (id: string) =>
    api.post<{ application: CertificateApplication; certificate: Certificate }>(`${CERTIFICATE_API}/applications/find-by-id`, { id }, { silent: true }),
};
