/**
 * The corporations area's declarations (DOMAIN.md "The parties"): corporations and their bank
 * accounts. Sensitive values (the legal person's ID card, the administrator's mobile, an account
 * number) are declared `sensitive`, so the kit masks them for users off the whitelist.
 */
import { defineResource } from '../../crud/resource';
import { ACCOUNT_USAGE, ACCOUNT_USAGE_DICT, ADMISSION_STATUS_DICT, CORP_REALNAME_DICT, CORP_TYPE_DICT } from '../../lib/corporations';
import { PERMISSIONS } from './permissions';
import { CORP_FIELD_OWNER } from './changes';

const corp = (name: string) => `corporations:corporation.fields.${name}`;
const account = (name: string) => `corporations:bankAccount.fields.${name}`;

export const corporationResource = defineResource({
  name: 'corporations',
  apiBase: '/op/v1/corporations',
  menuUri: 'group:corporation',
  title: 'corporations:corporation.title',
  item: 'corporations:corporation.item',
  permissions: PERMISSIONS.corporation,
  defaultSort: { field: 'createTime', order: 'desc' },
  fields: {
    // The name and the administrator change only through their processes (企业变更: Process_CORP_RENAMING,
    // Process_CORP_MANAGER_UPDATE): the server refuses them here, so an edit cannot bypass their approval.
    corpName: {
      type: 'string',
      label: corp('corpName'),
      required: true,
      maxLength: 80,
      validator: 'corpName',
      createOnly: true,
      ownedBy: CORP_FIELD_OWNER.name,
      search: 'contains',
      sortable: true,
      width: 240,
    },
    creditCode: { type: 'string', label: corp('creditCode'), required: true, maxLength: 18, validator: 'taxId', unique: true, search: 'contains', width: 200 },
    corpTypes: { type: 'dict', label: corp('corpTypes'), dictType: CORP_TYPE_DICT, multiple: true, required: true, search: 'eq', width: 220 },
    // A core enterprise's legal person is registered through 核心企业准入 (refused here for it); an ordinary corporation's is edited here.
    legalPersonName: {
      type: 'string',
      label: corp('legalPersonName'),
      maxLength: 30,
      validator: 'personName',
      ownedBy: CORP_FIELD_OWNER.legalPerson,
      width: 110,
    },
    legalPersonIdCard: {
      type: 'string',
      label: corp('legalPersonIdCard'),
      validator: 'idCard',
      sensitive: true,
      ownedBy: CORP_FIELD_OWNER.legalPerson,
      column: false,
    },
    managerName: {
      type: 'string',
      label: corp('managerName'),
      maxLength: 30,
      validator: 'personName',
      createOnly: true,
      ownedBy: CORP_FIELD_OWNER.manager,
      width: 110,
    },
    managerMobile: {
      type: 'string',
      label: corp('managerMobile'),
      validator: 'mobile',
      sensitive: true,
      createOnly: true,
      ownedBy: CORP_FIELD_OWNER.manager,
      width: 140,
    },
    registeredAddress: { type: 'text', label: corp('registeredAddress'), maxLength: 200 },
    realnameStatus: { type: 'dict', label: corp('realnameStatus'), dictType: CORP_REALNAME_DICT, readOnly: true, width: 130 },
    admissionStatus: { type: 'dict', label: corp('admissionStatus'), dictType: ADMISSION_STATUS_DICT, readOnly: true, search: 'eq', width: 110 },
    createTime: { type: 'datetime', label: corp('createTime'), readOnly: true, search: 'range', sortable: true, width: 180 },
  },
});

export const bankAccountResource = defineResource({
  name: 'corp-bank-accounts',
  apiBase: '/op/v1/corporations/bank-accounts',
  menuUri: 'group:corporation',
  title: 'corporations:bankAccount.title',
  item: 'corporations:bankAccount.item',
  // No edit: an account's details and its purpose change only through their processes (企业变更:
  // PROCESS_ACCOUNT_TEMP, PROCESS_ACCOUNT_USAGE_TEMP); a wrong account is removed and added anew.
  permissions: {
    list: PERMISSIONS.bankAccount.list,
    query: PERMISSIONS.bankAccount.query,
    add: PERMISSIONS.bankAccount.add,
    remove: PERMISSIONS.bankAccount.remove,
  },
  defaultSort: { field: 'createTime', order: 'asc' },
  fields: {
    // The holder, by reference: the form names it (fixed by the corporation's page), never shows its id.
    corpId: {
      type: 'reference',
      label: account('corpId'),
      required: true,
      createOnly: true,
      search: 'eq',
      column: false,
      reference: { resource: 'corporations', labelField: 'corpName' },
    },
    bankName: { type: 'string', label: account('bankName'), required: true, maxLength: 60, width: 180 },
    branchName: { type: 'string', label: account('branchName'), maxLength: 80, width: 200 },
    accountName: { type: 'string', label: account('accountName'), required: true, maxLength: 80, validator: 'corpName', width: 200 },
    accountNo: { type: 'string', label: account('accountNo'), required: true, validator: 'bankCard', sensitive: true, width: 220 },
    usage: { type: 'dict', label: account('usage'), dictType: ACCOUNT_USAGE_DICT, required: true, defaultValue: ACCOUNT_USAGE.general, width: 110 },
    createTime: { type: 'datetime', label: account('createTime'), readOnly: true, sortable: true, column: false },
  },
});

export const CORPORATION_RESOURCES = [corporationResource, bankAccountResource] as const;
// The corporate changes are declared beside the proposals' kit; listed here so the registry finds them.
export { CORP_CHANGE_RESOURCES } from './changes';
