/**
 * The corporate changes (DOMAIN.md "Corporate changes"), each an approvable resource on its process:
 * what an operator proposes is applied to the corporation (or bank account) only when the instance
 * ends approved. Each declaration shows and edits the part of the record its process approves; they
 * share the record's scope, so a corporation has one pending change and one history across them.
 */
import { defineResource, type FieldOwner, type FieldSchema } from '../../crud/resource';
import { ACCOUNT_USAGE_DICT, ADMISSION_STATUS_DICT, CORP_TYPE } from '../../lib/corporations';
import { PERMISSIONS } from './permissions';

export const CORP_CHANGE_PROCESS = {
  coreAdmitCreate: 'Process_CI_CORE_ADMIT_CREATE',
  coreAdmitUpdate: 'Process_CI_CORE_ADMIT_UPDATE',
  manager: 'Process_CORP_MANAGER_UPDATE',
  renaming: 'Process_CORP_RENAMING',
  account: 'PROCESS_ACCOUNT_TEMP',
  accountUsage: 'PROCESS_ACCOUNT_USAGE_TEMP',
} as const;

/** The scopes the changes share (server: CrudOptions.approvalScope). */
export const CORP_CHANGE_SCOPE = { corporation: 'corporations', bankAccount: 'corp-bank-accounts' } as const;

const corp = (name: string) => `corporations:corporation.fields.${name}`;
const account = (name: string) => `corporations:bankAccount.fields.${name}`;
const title = (name: string) => `corporateChanges:${name}.title`;
const BASE = '/op/v1/corporations/changes';

const shown = (schema: FieldSchema): FieldSchema => ({ ...schema, readOnly: true, required: false });

/**
 * The corporation's fields that one process alone changes (DOMAIN.md: the name through 企业自主更名
 * and its two reviews, the administrator through 管理员变更; a core enterprise's legal person and its
 * ID card through 核心企业准入, which registered them): set when a corporation is created, then
 * refused by every other write path (server/crud/owned-fields.ts) and shown read-only by its forms.
 * An ordinary corporation's legal person is plain data of 企业管理; the address stays editable everywhere.
 */
export const CORP_FIELD_OWNER = {
  name: { process: CORP_CHANGE_PROCESS.renaming, where: title('renaming') },
  manager: { process: CORP_CHANGE_PROCESS.manager, where: title('manager') },
  legalPerson: {
    process: CORP_CHANGE_PROCESS.coreAdmitUpdate,
    where: title('coreAdmission'),
    onlyFor: { field: 'corpTypes', value: CORP_TYPE.core, records: 'corporateChanges:coreAdmission.records' },
  },
} as const satisfies Record<string, FieldOwner>;

const corpName: FieldSchema = {
  type: 'string',
  label: corp('corpName'),
  required: true,
  maxLength: 80,
  validator: 'corpName',
  search: 'contains',
  width: 240,
  ownedBy: CORP_FIELD_OWNER.name,
};
const managerName: FieldSchema = {
  type: 'string',
  label: corp('managerName'),
  required: true,
  maxLength: 30,
  validator: 'personName',
  width: 110,
  ownedBy: CORP_FIELD_OWNER.manager,
};
const managerMobile: FieldSchema = {
  type: 'string',
  label: corp('managerMobile'),
  required: true,
  validator: 'mobile',
  sensitive: true,
  width: 140,
  ownedBy: CORP_FIELD_OWNER.manager,
};

const legalPersonName: FieldSchema = {
  type: 'string',
  label: corp('legalPersonName'),
  required: true,
  maxLength: 30,
  validator: 'personName',
  width: 110,
  ownedBy: CORP_FIELD_OWNER.legalPerson,
};
const legalPersonIdCard: FieldSchema = {
  type: 'string',
  label: corp('legalPersonIdCard'),
  required: true,
  validator: 'idCard',
  sensitive: true,
  column: false,
  ownedBy: CORP_FIELD_OWNER.legalPerson,
};

/** Every owned field of the corporations table, whichever declaration a write comes through (CrudOptions.ownedFields). */
export const CORP_OWNED_FIELDS: Readonly<Record<string, FieldSchema>> = { corpName, managerName, managerMobile, legalPersonName, legalPersonIdCard };
const creditCode: FieldSchema = {
  type: 'string',
  label: corp('creditCode'),
  required: true,
  maxLength: 18,
  validator: 'taxId',
  unique: true,
  search: 'contains',
  width: 200,
};

const { corpChange } = PERMISSIONS;
const editOnly = { list: corpChange.list, query: corpChange.query, edit: corpChange.edit };

/** 核心企业准入: a new core enterprise (create) or a change of an admitted one's registration (update). */
export const coreAdmissionResource = defineResource({
  name: 'core-admissions',
  apiBase: `${BASE}/core-admissions`,
  menuUri: 'group:corp-change',
  title: title('coreAdmission'),
  item: 'corporateChanges:coreAdmission.item',
  permissions: { ...editOnly, add: corpChange.add },
  defaultSort: { field: 'createTime', order: 'desc' },
  fields: {
    // A new core enterprise is admitted with its name and administrator; afterwards they change only
    // through their own processes, never through 修改 here.
    corpName: { ...corpName, createOnly: true },
    creditCode: { ...creditCode, createOnly: true },
    legalPersonName,
    legalPersonIdCard,
    managerName: { ...managerName, createOnly: true },
    managerMobile: { ...managerMobile, createOnly: true },
    registeredAddress: { type: 'text', label: corp('registeredAddress'), required: true, maxLength: 200 },
    admissionStatus: { type: 'dict', label: corp('admissionStatus'), dictType: ADMISSION_STATUS_DICT, readOnly: true, width: 110 },
    createTime: { type: 'datetime', label: corp('createTime'), readOnly: true, sortable: true, width: 180 },
  },
  approval: { create: CORP_CHANGE_PROCESS.coreAdmitCreate, update: CORP_CHANGE_PROCESS.coreAdmitUpdate },
});

/** 管理员变更: the administrator's name and mobile. */
export const managerChangeResource = defineResource({
  name: 'corp-manager-changes',
  apiBase: `${BASE}/manager`,
  menuUri: 'group:corp-change',
  title: title('manager'),
  item: 'corporateChanges:manager.item',
  permissions: editOnly,
  defaultSort: { field: 'createTime', order: 'desc' },
  fields: {
    corpName: { ...shown(corpName), search: 'contains' },
    creditCode: shown(creditCode),
    managerName,
    managerMobile,
    createTime: { type: 'datetime', label: corp('createTime'), readOnly: true, sortable: true, column: false },
  },
  approval: { update: CORP_CHANGE_PROCESS.manager },
});

/** 企业自主更名: the name, through an initial and a second review by two different directors. */
export const renamingResource = defineResource({
  name: 'corp-renamings',
  apiBase: `${BASE}/renaming`,
  menuUri: 'group:corp-change',
  title: title('renaming'),
  item: 'corporateChanges:renaming.item',
  permissions: editOnly,
  defaultSort: { field: 'createTime', order: 'desc' },
  fields: {
    corpName,
    creditCode: shown(creditCode),
    createTime: { type: 'datetime', label: corp('createTime'), readOnly: true, sortable: true, column: false },
  },
  approval: { update: CORP_CHANGE_PROCESS.renaming },
});

const holder: FieldSchema = { type: 'string', label: 'corporateChanges:account.holder', readOnly: true, width: 220 };

/** 账户信息变更: bank, branch, account name and number of a bank account. */
export const accountChangeResource = defineResource({
  name: 'corp-account-changes',
  apiBase: `${BASE}/account`,
  menuUri: 'group:corp-change',
  title: title('account'),
  item: 'corporateChanges:account.item',
  permissions: editOnly,
  defaultSort: { field: 'createTime', order: 'asc' },
  fields: {
    holderName: holder,
    bankName: { type: 'string', label: account('bankName'), required: true, maxLength: 60, width: 180 },
    branchName: { type: 'string', label: account('branchName'), maxLength: 80, width: 200 },
    accountName: { type: 'string', label: account('accountName'), required: true, maxLength: 80, validator: 'corpName', width: 200 },
    accountNo: { type: 'string', label: account('accountNo'), required: true, validator: 'bankCard', sensitive: true, width: 220 },
    createTime: { type: 'datetime', label: account('createTime'), readOnly: true, sortable: true, column: false },
  },
  approval: { update: CORP_CHANGE_PROCESS.account },
});

/** 账户用途: what a bank account is used for. */
export const accountUsageResource = defineResource({
  name: 'corp-account-usages',
  apiBase: `${BASE}/account-usage`,
  menuUri: 'group:corp-change',
  title: title('accountUsage'),
  item: 'corporateChanges:accountUsage.item',
  permissions: editOnly,
  defaultSort: { field: 'createTime', order: 'asc' },
  fields: {
    holderName: holder,
    bankName: shown({ type: 'string', label: account('bankName'), width: 180 }),
    accountNo: { type: 'string', label: account('accountNo'), readOnly: true, sensitive: true, width: 220 },
    usage: { type: 'dict', label: account('usage'), dictType: ACCOUNT_USAGE_DICT, required: true, width: 110 },
    createTime: { type: 'datetime', label: account('createTime'), readOnly: true, sortable: true, column: false },
  },
  approval: { update: CORP_CHANGE_PROCESS.accountUsage },
});

export const CORP_CHANGE_RESOURCES = [coreAdmissionResource, managerChangeResource, renamingResource, accountChangeResource, accountUsageResource] as const;
