/**
 * The real-name admission record (Process_CORP_ADMIT): its calls, statuses and field rules, read by
 * the add form and by the server's validation, so the two always refuse the same input.
 */
import type { UploadMimeType } from './files';
import type { ValidatorName } from './validators';

export const REALNAME_PROCESS_KEY = 'Process_CORP_ADMIT';
export const REALNAME_API = '/op/v1/admit/realname';

export const REALNAME_CALLS = {
  page: `${REALNAME_API}/page`,
  findById: `${REALNAME_API}/find-by-id`,
  save: `${REALNAME_API}/save`,
  updateById: `${REALNAME_API}/update-by-id`,
  removeByIds: `${REALNAME_API}/remove-by-ids`,
  submit: `${REALNAME_API}/submit`,
} as const;

/** Status codes (dictionary realname_status): the record follows its approval step. */
export const REALNAME_STATUS = {
  DRAFT: 'DRAFT',
  PENDING_FIRST: 'PENDING_FIRST',
  PENDING_SECOND: 'PENDING_SECOND',
  APPROVED: 'APPROVED',
  REJECTED: 'REJECTED',
} as const;
export type RealnameStatus = (typeof REALNAME_STATUS)[keyof typeof REALNAME_STATUS];

export const REALNAME_STATUS_DICT = 'realname_status';

/** The handler may change and submit a record only while it is with them. */
export const EDITABLE_STATUSES: readonly RealnameStatus[] = [REALNAME_STATUS.DRAFT, REALNAME_STATUS.REJECTED];

export const isEditable = (status: string) => (EDITABLE_STATUSES as readonly string[]).includes(status);
export const isRemovable = (status: string) => status === REALNAME_STATUS.DRAFT;

/** The licence may be a scan (PDF) or a photo. */
export const LICENCE_TYPES: readonly UploadMimeType[] = ['image/png', 'image/jpeg', 'application/pdf'];

export interface RealnameFieldRule {
  /** Locale key of the label (namespace resources). */
  label: string;
  validator: ValidatorName;
}

/** Every field the handler enters, each with its shared rule; all are required to submit. */
export const REALNAME_FIELDS = {
  corpName: { label: 'resources:realname.fields.corpName', validator: 'corpName' },
  creditCode: { label: 'resources:realname.fields.creditCode', validator: 'taxId' },
  legalPersonName: { label: 'resources:realname.fields.legalPersonName', validator: 'personName' },
  idCard: { label: 'resources:realname.fields.idCard', validator: 'idCard' },
  mobilePhone: { label: 'resources:realname.fields.mobilePhone', validator: 'mobile' },
  bankCard: { label: 'resources:realname.fields.bankCard', validator: 'bankCard' },
} as const satisfies Record<string, RealnameFieldRule>;

export type RealnameTextField = keyof typeof REALNAME_FIELDS;

export const LICENCE_FIELD_LABEL = 'resources:realname.fields.licenceFileId';

/** A record as the calls answer it; sensitive values are masked (or, for the whitelist, also sent DES-encrypted in `revealed`). */
export interface RealnameRecord {
  id: string;
  corpName: string;
  creditCode: string | null;
  legalPersonName: string | null;
  idCard: string | null;
  mobilePhone: string | null;
  bankCard: string | null;
  licenceFileId: string | null;
  status: RealnameStatus;
  instanceId: string | null;
  rejectRemark: string | null;
  dataVersion: number;
  createTime: string;
  updateTime: string;
  createBy: string | null;
  updateBy: string | null;
  /** Only for users on the sensitive-data whitelist: the full values, DES-encrypted under the session key (PROTOCOL.md §8). */
  revealed?: Partial<Record<'idCard' | 'mobilePhone' | 'bankCard', string>>;
}
