/**
 * The SMS signing calls of spec §7 (/op/v1/authentication/signature/...) and the payload of spec §3.
 */
import { api } from '../../providers/http';

export const SIGNATURE_API = '/op/v1/authentication/signature';

/** The SMS-sign payload (spec §3); businessKeys, businessType, productType and corpName are required (spec 5.2). */
export interface SmsSignParams {
  businessKeys: string[];
  businessType: string;
  productType: string;
  corpName: string;
  personId?: string;
  corpId?: string;
  summary?: string;
}

export const signatureApi = {
  isOpen: async (corpName: string) => (await api.post<{ open: boolean }>(`${SIGNATURE_API}/switch/find`, { corpName })).open,
  apply: ({ businessKeys, businessType, productType, personId, corpId }: SmsSignParams) =>
    api.post<{ resendAfterSeconds: number }>(`${SIGNATURE_API}/sms/apply`, { businessKeys, businessType, productType, personId, corpId }, { silent: true }),
  verify: (params: SmsSignParams, verifyCode: string) =>
    api.post<{ signed: boolean }>(`${SIGNATURE_API}/sms/verify`, { ...params, verifyCode }, { silent: true }),
};

const filled = (value: unknown) => typeof value === 'string' && value.trim() !== '';

/** Spec 5.2: without these the flow answers code 1 (传入参数不完整) and sends nothing. */
export function signParamsComplete(params: Partial<SmsSignParams> | undefined): params is SmsSignParams {
  if (!params) return false;
  const keysOk = Array.isArray(params.businessKeys) && params.businessKeys.length > 0 && params.businessKeys.every(filled);
  return keysOk && filled(params.businessType) && filled(params.productType) && filled(params.corpName);
}
