/**
 * The bodies of the financing calls (server/financing/routes.ts), one zod schema each, built from the
 * shared fields of server/input/fields.ts; FinancingApplications takes what they hand back. Only the
 * body's shape is here: the parties fitting, an account being the supplier's, a file existing, an
 * opinion for a 不通过 and the application's status stay with applications.ts.
 */
import { z } from 'zod';
import { DECIDED_VERDICTS, FINANCING_STATUSES, MATERIAL_KINDS, MAX_REMARK, MOBILE_PATTERN, type FinancingStatus } from '../../src/lib/financing';
import { translate } from '../i18n';
import { id, ids, money, oneOf, optional, paging, text, version } from '../input/fields';

const label = (name: string) => `financing:fields.${name}`;
const tuple = <T extends string>(values: readonly T[]) => values as readonly [T, ...T[]];

/**
 * A signing-information field the update may change: left out, it stays as it is (undefined); null or
 * blank clears it (null); anything else passes the field's own rule.
 */
function clearable<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === null || (typeof value === 'string' && value.trim() === '') ? null : value), schema.nullable()).optional();
}

export const pageBody = z.object({
  ...paging,
  supplierName: optional(text(label('supplierName'), 100)),
  applicationNo: optional(text(label('applicationNo'), 100)),
  status: optional(oneOf(label('status'), tuple<FinancingStatus>(FINANCING_STATUSES))),
});

export const idBody = z.object({ id: id(label('id')) });
export const supplierBody = z.object({ supplierCorpId: id(label('supplierCorpId')) });

export const startBody = z.object({ supplierCorpId: id(label('supplierCorpId')), coreCorpId: id(label('coreCorpId')), prdCode: text(label('prdCode'), 100) });
export type StartBody = z.infer<typeof startBody>;

/** 完善签约信息: each field changed only when sent. */
export const updateBody = z.object({
  id: id(label('id')),
  dataVersion: version(),
  amount: clearable(money(label('amount'))),
  contactName: clearable(text(label('contactName'), 50)),
  contactMobile: clearable(
    text(label('contactMobile'), 11).refine((mobile) => MOBILE_PATTERN.test(mobile), { error: () => translate('financing:server.mobileInvalid') }),
  ),
  settlementAccountId: clearable(id(label('settlementAccountId'))),
  remark: clearable(text(label('remark'), MAX_REMARK)),
});
export type UpdateBody = z.infer<typeof updateBody>;

export const addFilesBody = z.object({
  applicationId: id(label('applicationId')),
  kind: oneOf(label('kind'), tuple(MATERIAL_KINDS)),
  // How many a kind may hold is the service's rule (MAX_FILES_PER_KIND, counting those attached).
  fileIds: ids(label('fileIds')),
});
export type AddFilesBody = z.infer<typeof addFilesBody>;

export const versionedBody = z.object({ id: id(label('id')), dataVersion: version() });
export type VersionedBody = z.infer<typeof versionedBody>;

/** A director's verdict on one file: 通过 or 不通过 (whose opinion is required, applications.ts says so). */
export const verdictBody = z.object({
  id: id(label('id')),
  verdict: oneOf(label('verdict'), tuple(DECIDED_VERDICTS)),
  remark: optional(text(label('reviewRemark'), MAX_REMARK)),
  dataVersion: version(),
});
export type VerdictBody = z.infer<typeof verdictBody>;
