/**
 * What a task says it is about: one summary rule per process of the registry (registry.ts), kept
 * here beside it so that the 待办, 已办 and 我发起的 rows and the task view's header name the record
 * and its party the same way wherever the process is started. A starter passes the record
 * (`start(principal, { businessKey, record })`); the engine asks the process's rule for the text's
 * locale key and values and stores both: the key and values (summaryRefOf), which each reader's lists
 * render in their own language, and the zh-CN text beside them (searchable, and the fallback).
 *
 * A rule is pure: it reads the record it is given and returns a locale key with its values, and the
 * record's own number (业务编号, below); a value
 * may itself be a locale key ({ key }), translated first (a type, a kind, a level). Amounts are
 * formatted here, with the app's money format (src/lib/money), never by the caller.
 */
import { formatCurrency } from '../lib/money';
import type { ProcessDefinition } from './registry';

export type SummaryRecord = Readonly<Record<string, unknown>>;
export type SummaryValue = string | { key: string };
export interface SummaryText {
  key: string;
  values: Record<string, SummaryValue>;
}
export interface Summary extends SummaryText {
  /**
   * The record's own number or name (a batch number, a product code, a corporation's name): what the
   * task views show as 业务编号, where the instance's business key is an id no operator reads.
   */
  number: string | SummaryText;
}
export type SummaryRule = (record: SummaryRecord) => Summary;

/** A record field as text; absent or empty fields read as an empty string, never "undefined". */
export const text = (record: SummaryRecord, name: string): string => {
  const value = record[name];
  return value === null || value === undefined ? '' : String(value);
};

/**
 * The last four digits of an account number. The record carries it masked (the first and last four
 * kept, src/lib/masking.ts) or in full; either way its last four characters are the real ones.
 */
export function lastFour(value: unknown): string {
  if (typeof value !== 'string') return '';
  const digits = value.replace(/\s/g, '');
  return digits.length >= 4 ? digits.slice(-4) : '';
}

/** A coded value by its locale label; a missing code reads as nothing, not as a missing key. */
const label = (record: SummaryRecord, name: string, prefix: string): SummaryValue => (text(record, name) ? { key: `${prefix}.${text(record, name)}` } : '');

/** An amount field in the app's money format. */
export const money = (record: SummaryRecord, name: string) => formatCurrency(record[name] as string | number | null | undefined);

/**
 * The record of an approvable resource's change (server/crud/approvals.ts): the values as they will be
 * after the change (`values`: the record as shown, with the proposal over it), the record as it is
 * (`current`, absent for a creation) and the action (create | update).
 */
export const valuesOf = (record: SummaryRecord): SummaryRecord => (record.values ?? {}) as SummaryRecord;
const currentOf = (record: SummaryRecord): SummaryRecord => (record.current ?? {}) as SummaryRecord;
export const actionOf = (record: SummaryRecord): SummaryValue => ({ key: `workflow:summary.action.${text(record, 'action') || 'update'}` });

const s = (name: string) => `workflow:summary.${name}`;

/** A product of any category and offer: its name and code, and its parties. */
const product: SummaryRule = (record) => {
  const v = valuesOf(record);
  // Parties are references: their labels stand beside the ids (server/crud/references.ts).
  const parties = [text(v, 'coreCorpIdLabel'), text(v, 'financeCorpIdLabel')].filter(Boolean).join(' / ');
  return { key: s('product'), values: { action: actionOf(record), name: text(v, 'prdName'), code: text(v, 'prdCode'), parties }, number: text(v, 'prdCode') };
};

const agreement: SummaryRule = (record) => {
  const v = valuesOf(record);
  return {
    key: s('agreement'),
    values: {
      action: actionOf(record),
      name: text(v, 'agreementName'),
      code: text(v, 'agreementCode'),
      core: text(v, 'coreCorpIdLabel'),
      finance: text(v, 'financeCorpIdLabel'),
    },
    number: text(v, 'agreementCode'),
  };
};

/** Issuance's application and the ABS package share the document review; each names its own record. */
const creditApplication: SummaryRule = (record) => ({
  key: 'creditNotes:server.applicationSummary',
  values: {
    level: label(record, 'level', 'creditNotes:level'),
    unit: text(record, 'unitName'),
    payee: text(record, 'payeeName'),
    amount: money(record, 'amount'),
  },
  number: text(record, 'contractNo'),
});

const quota: SummaryRule = (record) => ({
  key: 'quotas:server.summary',
  values: {
    type: label(record, 'type', 'quotas:requestType'),
    kind: label(record, 'kind', 'quotas:kind'),
    unit: text(record, 'unitName'),
    amount: money(record, 'amount'),
  },
  number: text(record, 'unitName'),
});

const certificate: SummaryRule = (record) => ({
  key: 'server:cert.summary',
  values: { kind: label(record, 'kind', 'server:cert.kind'), holder: text(record, 'holderCorpName') },
  number: text(record, 'holderCorpName'),
});

/** An account is named as it is now (its holder, bank and last four digits), even where the change moves them. */
const bankAccount =
  (name: string): SummaryRule =>
  (record) => {
    const now = { ...valuesOf(record), ...currentOf(record) };
    const values = { corp: text(now, 'holderName'), bank: text(now, 'bankName'), last4: lastFour(now.accountNo) };
    return { key: s(name), values, number: { key: s('accountNo'), values } };
  };

export const SUMMARY_RULES: Readonly<Record<string, SummaryRule>> = {
  Process_CREDIT_PRODUCT_FINANCE: product,
  Process_CREDIT_PRODUCT_CORE_FINANCE: product,
  Process_CREDIT_PRODUCT_CORE: product,
  Process_RF_PROD_CORE: product,
  Process_RF_PROD_FINANCE: product,
  Process_RF_PROD_CORE_FINANCE: product,
  Process_CREDIT_AGREEMENT: agreement,
  Process_RF_AGREEMENT: agreement,
  Process_PRICE_CONFIG_CREATE: (record) => {
    const v = valuesOf(record);
    return {
      key: s('pricePolicy'),
      values: { name: text(v, 'policyName'), code: text(v, 'productIdLabel'), core: text(v, 'coreCorpIdLabel') },
      number: text(v, 'policyName'),
    };
  },
  Process_CREDIT_REDEEM_REGISTER_BIZ: (record) => ({
    key: 'redemption:server.registrationSummary',
    values: {
      noteNo: text(record, 'noteNo'),
      issuer: text(record, 'issuerName'),
      amount: money(record, 'amount'),
      paidDate: text(record, 'paidDate'),
      file: text(record, 'fileName'),
    },
    number: text(record, 'noteNo'),
  }),
  Process_CREDIT_ISSUE: (record) => ({
    key: 'creditNotes:server.batchSummary',
    values: { batchNo: text(record, 'batchNo'), count: text(record, 'count'), amount: money(record, 'amount') },
    number: text(record, 'batchNo'),
  }),
  PROCESS_CREDIT_CERTIFICATE_CODE: creditApplication,
  Process_ABS_CERTIFICATE_CODE: (record) => ({
    key: 'abs:server.reviewSummary',
    values: { name: text(record, 'packageName'), no: text(record, 'packageNo') },
    number: text(record, 'packageNo'),
  }),
  Process_CORP_ADMIT: (record) => ({ key: s('realname'), values: { corp: text(record, 'corpName') }, number: text(record, 'corpName') }),
  Process_CORP_MANAGER_UPDATE: (record) => {
    const v = valuesOf(record);
    return { key: s('manager'), values: { corp: text(v, 'corpName'), manager: text(v, 'managerName') }, number: text(v, 'corpName') };
  },
  Process_CORP_RENAMING: (record) => ({
    key: s('renaming'),
    values: { from: text(currentOf(record), 'corpName'), to: text(valuesOf(record), 'corpName') },
    number: text(currentOf(record), 'creditCode') || text(currentOf(record), 'corpName'),
  }),
  Process_CI_CORE_ADMIT_CREATE: (record) => {
    const v = valuesOf(record);
    return { key: s('coreAdmitCreate'), values: { corp: text(v, 'corpName'), creditCode: text(v, 'creditCode') }, number: text(v, 'creditCode') };
  },
  Process_CI_CORE_ADMIT_UPDATE: (record) => {
    const v = valuesOf(record);
    const corp = text(currentOf(record), 'corpName') || text(v, 'corpName');
    return { key: s('coreAdmitUpdate'), values: { corp, creditCode: text(v, 'creditCode') }, number: text(v, 'creditCode') || corp };
  },
  PROCESS_ACCOUNT_TEMP: bankAccount('account'),
  PROCESS_ACCOUNT_USAGE_TEMP: bankAccount('accountUsage'),
  Process_TRI_LMT_APPLY_AUDIT: quota,
  Process_TRI_LMT_APPLY_MODIFY_AUDIT: quota,
  PROCESS_TRI_LMT_FIN_APPLY_AUDIT: quota,
  PROCESS_TRI_LMT_FIN_APPLY_MODIFY_AUDIT: quota,
  Process_LMT_APPLY_AUDIT: quota,
  Process_LMT_APPLY_MODIFY_AUDIT: quota,
  Process_LMT_DISPATCH_AUDIT: quota,
  Process_LMT_AFRESH_DISPATCH_AUDIT: quota,
  PROCESS_LMT_FIN_APPLY_AUDIT: quota,
  PROCESS_LMT_FIN_APPLY_MODIFY_AUDIT: quota,
  Process_LMT_FINANCE_DISPATCH_AUDIT: quota,
  Process_LMT_AFRESH_FINANCE_DISPATCH_AUDIT: quota,
  Process_AUTH_SOFT_CA_CREATE: certificate,
  Process_AUTH_SOFT_CA_RENEWAL: certificate,
  Process_AUTH_SOFT_CA_REOPEN: certificate,
  // An auditors' rule change: what is done to which rule (a shipped rule's name by its key, a written one as written).
  Process_AUDIT_RULE_CHANGE: (record) => ({
    key: 'auditRules:summary',
    values: {
      action: { key: `auditRules:changeAction.${text(record, 'action') || 'update'}` },
      id: text(record, 'id'),
      name: text(record, 'nameKey') ? { key: `auditRules:${text(record, 'nameKey')}` } : text(record, 'name'),
    },
    number: text(record, 'id'),
  }),
  Process_FINANCING_SIGN_UP: (record) => ({
    key: 'financing:server.summary',
    values: { supplier: text(record, 'supplierName'), core: text(record, 'coreName'), product: text(record, 'prdName') },
    number: text(record, 'applicationNo'),
  }),
};

/**
 * The summary rule of a process: the one declared with it in its area (define.ts `summary`), else the
 * central one of its key; every process of the registry has exactly one (tests/unit/workflows/summaries.test.ts).
 */
export function summaryRuleOf(definition: Pick<ProcessDefinition, 'processKey' | 'summary'>): SummaryRule | undefined {
  if (definition.summary) return definition.summary;
  return Object.hasOwn(SUMMARY_RULES, definition.processKey) ? SUMMARY_RULES[definition.processKey] : undefined;
}

/** Whether summaries.ts holds a central rule for this key (a process declaring its own must not have one too). */
export const hasCentralSummary = (processKey: string) => Object.hasOwn(SUMMARY_RULES, processKey);

type Translate = (key: string, values?: Record<string, string>) => string;

function render({ key, values }: SummaryText, t: Translate): string {
  const plain = Object.fromEntries(Object.entries(values).map(([name, value]) => [name, typeof value === 'string' ? value : t(value.key)]));
  return t(key, plain);
}

/**
 * The summary and the record's number a rule makes of a record, with a translator (the server's
 * translate, or the browser's t). An empty number is null: the views then show none rather than an id.
 */
export function summaryOf(rule: SummaryRule, record: SummaryRecord, t: Translate): { summary: string; number: string | null } {
  const made = rule(record);
  const number = typeof made.number === 'string' ? made.number : render(made.number, t);
  return { summary: render(made, t), number: number.trim() ? number : null };
}

/** The summary text alone. */
export const summaryText = (rule: SummaryRule, record: SummaryRecord, t: Translate): string => summaryOf(rule, record, t).summary;

/** A summary as a locale key and values, to be rendered when read (the server's MessageRef, server/i18n.ts). */
export interface SummaryRef {
  key: string;
  params: Record<string, string | { key: string }>;
}

const refOf = ({ key, values }: SummaryText): SummaryRef => ({ key, params: { ...values } });

/**
 * The summary and the record's number a rule makes, kept as keys and values: the server stores them
 * and renders them in each reader's language (issue 38 item 8). A number that is plain text stays text.
 */
export function summaryRefOf(rule: SummaryRule, record: SummaryRecord): { summary: SummaryRef; number: string | SummaryRef } {
  const made = rule(record);
  return { summary: refOf(made), number: typeof made.number === 'string' ? made.number : refOf(made.number) };
}
