/**
 * Certificate rules shared by the server and the certificate screens: the status codes (dictionary
 * cert_status), the three application kinds and the process each starts, and the expiry rules.
 * Validity dates are calendar days, 'YYYY-MM-DD', compared as text (the format sorts as dates do).
 */
import dayjs from 'dayjs';
import { addDays } from './dates';

/** Base of the certificate calls (README "Certificates"). */
export const CERTIFICATE_API = '/op/v1/certificates';
/** The invoice-type list of spec §7. */
export const INVOICE_TYPE_LIST_PATH = '/op/v1/ci/corps/list_invoice_type_dict';

/** Certificates whose validity ends within this many days are highlighted as 即将到期. */
export const CERT_EXPIRING_DAYS = 30;

export const CERT_DATE_FORMAT = 'YYYY-MM-DD';

export const CERT_STATUS = {
  APPLYING: 'APPLYING',
  VALID: 'VALID',
  RENEWING: 'RENEWING',
  EXPIRED: 'EXPIRED',
  REVOKED: 'REVOKED',
  REOPENING: 'REOPENING',
  /** A first application that was withdrawn: no certificate was issued. */
  REFUSED: 'REFUSED',
} as const;
export type CertStatus = (typeof CERT_STATUS)[keyof typeof CERT_STATUS];

export const CERT_KIND = { CREATE: 'CREATE', RENEWAL: 'RENEWAL', REOPEN: 'REOPEN' } as const;
export type CertKind = (typeof CERT_KIND)[keyof typeof CERT_KIND];

export const CERT_PROCESS_KEY: Readonly<Record<CertKind, string>> = {
  CREATE: 'Process_AUTH_SOFT_CA_CREATE',
  RENEWAL: 'Process_AUTH_SOFT_CA_RENEWAL',
  REOPEN: 'Process_AUTH_SOFT_CA_REOPEN',
};

/** The status a certificate shows while an application of this kind runs. */
export const CERT_RUNNING_STATUS: Readonly<Record<CertKind, CertStatus>> = {
  CREATE: CERT_STATUS.APPLYING,
  RENEWAL: CERT_STATUS.RENEWING,
  REOPEN: CERT_STATUS.REOPENING,
};

/** The statuses from which a renewal or a reopening may be applied for. */
export const CERT_RENEWABLE: readonly CertStatus[] = [CERT_STATUS.VALID, CERT_STATUS.EXPIRED];
export const CERT_REOPENABLE: readonly CertStatus[] = [CERT_STATUS.REVOKED, CERT_STATUS.EXPIRED];

export const CERT_STATUS_DICT = 'cert_status';
export const INVOICE_TYPE_DICT = 'invoice_type';

/** A day picked in a date picker, as the wire carries it (a picked day is a calendar day: no zone applies). */
export const certDateOf = (picked: dayjs.Dayjs): string => picked.format(CERT_DATE_FORMAT);

/** The last day a certificate may end on and still count as expiring soon, seen on `today`. */
export const expiringUntil = (today: string): string => addDays(today, CERT_EXPIRING_DAYS);

/** A valid certificate whose validity ends today or within CERT_EXPIRING_DAYS days. */
export function isExpiringSoon(certificate: { status: string; validTo: string | null }, today: string): boolean {
  const { status, validTo } = certificate;
  return status === CERT_STATUS.VALID && validTo !== null && validTo >= today && validTo <= expiringUntil(today);
}

/** The validity ended before today (whatever status the record still shows). */
export function isPastValidity(validTo: string | null, today: string): boolean {
  return validTo !== null && validTo < today;
}
