/**
 * Financing (DOMAIN.md "Financing"): a supplier's application for financing qualification with a
 * core enterprise and a product (融资资格申请), its materials in four kinds with a review verdict
 * each, and the signing flow the spec names (§4.4) as five steps. One set of rules for the server
 * that enforces them and the screens that show them.
 *
 * Life of an application (its `status`):
 *   DRAFT      started (select supplier, start a signing application): signing information and
 *              materials are completed by the handler;
 *   REVIEWING  submitted: Process_FINANCING_SIGN_UP runs, the director gives each file a verdict;
 *   RETURNED   the director rejected it back to the handler (editable again, resubmitted at Edit);
 *   APPROVED   internal review passed: the supplier is qualified from the instance's approved end;
 *   SIGNED     signing succeeded (signed with the SMS code where signing is on);
 *   WITHDRAWN  the handler withdrew it at Edit (the instance ended rejected).
 */
export const FINANCING_PROCESS_KEY = 'Process_FINANCING_SIGN_UP';
/** businessType of the process's instances (their businessKey is the application id). */
export const FINANCING_BUSINESS_TYPE = 'FINANCING_APPLICATION';
/** The SMS-sign scope of the signing step: businessKeys [application id], this type, this product type. */
export const FINANCING_SIGN_SCOPE = { businessType: FINANCING_BUSINESS_TYPE, productType: 'SignContract' } as const;

export const FINANCING_STATUS = {
  draft: 'DRAFT',
  reviewing: 'REVIEWING',
  returned: 'RETURNED',
  approved: 'APPROVED',
  signed: 'SIGNED',
  withdrawn: 'WITHDRAWN',
} as const;
export type FinancingStatus = (typeof FINANCING_STATUS)[keyof typeof FINANCING_STATUS];
export const FINANCING_STATUSES: readonly FinancingStatus[] = Object.values(FINANCING_STATUS);

/** Statuses in which the handler completes the signing information and the materials. */
export const EDITABLE_STATUSES: readonly FinancingStatus[] = [FINANCING_STATUS.draft, FINANCING_STATUS.returned];
/** Statuses that hold the supplier's one open application with a core enterprise and a product. */
export const OPEN_STATUSES: readonly FinancingStatus[] = [
  FINANCING_STATUS.draft,
  FINANCING_STATUS.reviewing,
  FINANCING_STATUS.returned,
  FINANCING_STATUS.approved,
];

/** The four kinds of material (spec §2.3 upload pages; dictionary doc_file_type's codes), in upload order. */
export const MATERIAL_KIND = { basic: 'BASIC_INFO', contract: 'BUSI_CONTRACT', invoice: 'INVOICE', other: 'OTHER' } as const;
export type MaterialKind = (typeof MATERIAL_KIND)[keyof typeof MATERIAL_KIND];
export const MATERIAL_KINDS: readonly MaterialKind[] = Object.values(MATERIAL_KIND);
/** Kinds without which an application cannot be submitted: "other" is optional. */
export const REQUIRED_KINDS: readonly MaterialKind[] = [MATERIAL_KIND.basic, MATERIAL_KIND.contract, MATERIAL_KIND.invoice];
export const MAX_FILES_PER_KIND = 20;

/** The upload pages (spec §2.3), one per kind in order, then the success page. */
export const FINANCE_DATA_PATHS = {
  upload: {
    BASIC_INFO: '/op/abs/finance-data/upload/auth',
    BUSI_CONTRACT: '/op/abs/finance-data/upload/contract',
    INVOICE: '/op/abs/finance-data/upload/invoice',
    OTHER: '/op/abs/finance-data/upload/other',
  } as Record<MaterialKind, string>,
  success: '/op/abs/finance-data/upload/success',
  detail: '/op/abs/finance-data/detail',
  signUp: '/op/financing/sign-up/detail',
} as const;
/** The query parameter the finance-data pages carry: the application whose materials they show. */
export const APPLICATION_QUERY = 'applicationId';

/** A verdict on a file (spec §4.2): PASS, NOPASS (a remark required) or WAIT (nobody decided yet). */
export const VERDICT = { pass: 'PASS', noPass: 'NOPASS', wait: 'WAIT' } as const;
export type Verdict = (typeof VERDICT)[keyof typeof VERDICT];
export const DECIDED_VERDICTS: readonly Verdict[] = [VERDICT.pass, VERDICT.noPass];

/** The signing flow of spec §4.4, in order. */
export const SIGNING_STEPS = ['selectSupplier', 'startApplication', 'completeInformation', 'reviewPassed', 'signed'] as const;

export interface SigningProgress {
  /** Index in SIGNING_STEPS of the step now open (or the last one once signed). */
  current: number;
  status: 'process' | 'finish' | 'error' | 'wait';
}

/** Where an application stands on the five steps: its status decides, nothing else. */
export function signingProgress(status: FinancingStatus | null): SigningProgress {
  switch (status) {
    case null:
      return { current: 0, status: 'process' };
    case FINANCING_STATUS.draft:
      return { current: 2, status: 'process' };
    case FINANCING_STATUS.returned:
      return { current: 2, status: 'error' };
    case FINANCING_STATUS.reviewing:
      return { current: 3, status: 'process' };
    case FINANCING_STATUS.withdrawn:
      return { current: 3, status: 'error' };
    case FINANCING_STATUS.approved:
      return { current: 4, status: 'process' };
    case FINANCING_STATUS.signed:
      return { current: 4, status: 'finish' };
  }
}

/** Whether a file set may pass review: every file decided and none refused. */
export interface ReviewCompletion {
  fileCount: number;
  waitCount: number;
  noPassCount: number;
}

export function reviewCompletion(verdicts: readonly Verdict[]): ReviewCompletion {
  return {
    fileCount: verdicts.length,
    waitCount: verdicts.filter((v) => v === VERDICT.wait).length,
    noPassCount: verdicts.filter((v) => v === VERDICT.noPass).length,
  };
}

export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;
export const MAX_REMARK = 500;

export const FINANCING_API = '/op/v1/financing';
export const FINANCING_CALLS = {
  page: `${FINANCING_API}/applications/page`,
  find: `${FINANCING_API}/applications/find-by-id`,
  ofSupplier: `${FINANCING_API}/applications/of-supplier`,
  options: `${FINANCING_API}/applications/options`,
  start: `${FINANCING_API}/applications/start`,
  update: `${FINANCING_API}/applications/update-by-id`,
  submit: `${FINANCING_API}/applications/submit`,
  sign: `${FINANCING_API}/applications/sign`,
  addFiles: `${FINANCING_API}/materials/add`,
  removeFile: `${FINANCING_API}/materials/remove`,
  verdict: `${FINANCING_API}/materials/verdict`,
} as const;

export interface FinancingMaterial {
  id: string;
  applicationId: string;
  kind: MaterialKind;
  fileId: string;
  fileName: string;
  verdict: Verdict;
  remark: string | null;
  reviewerName: string | null;
  reviewTime: string | null;
  dataVersion: number;
  createTime: string;
}

export interface FinancingApplication {
  id: string;
  applicationNo: string;
  supplierCorpId: string;
  supplierName: string;
  coreCorpId: string;
  coreName: string;
  prdCode: string;
  prdName: string;
  financeCorpName: string | null;
  amount: string | null;
  contactName: string | null;
  contactMobile: string | null;
  settlementAccountId: string | null;
  settlementAccount: string | null;
  remark: string | null;
  status: FinancingStatus;
  instanceId: string | null;
  qualifiedAt: string | null;
  signedAt: string | null;
  signedBy: string | null;
  dataVersion: number;
  createBy: string | null;
  createTime: string;
  updateTime: string;
}
