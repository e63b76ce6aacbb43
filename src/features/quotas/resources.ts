/**
 * The quota ledger's columns as a declaration: what the ledger page shows and what its export (the
 * existing export job, server/exports) writes to the .xlsx, labelled from the quotas namespace.
 */
import { defineResource } from '../../crud/resource';
import { QUOTA_API, QUOTA_MOVEMENT_DICT } from '../../lib/quotas';
import { PERMISSIONS } from './permissions';

const field = (name: string) => `quotas:ledger.fields.${name}`;

export const quotaLedgerResource = defineResource({
  name: 'quota-ledger',
  apiBase: `${QUOTA_API}/ledger`,
  menuUri: 'quota:account',
  title: 'quotas:ledger.title',
  permissions: { list: PERMISSIONS.quota.list, query: PERMISSIONS.quota.query, export: PERMISSIONS.quota.export },
  fields: {
    id: { type: 'string', label: field('id'), readOnly: true, width: 100 },
    createTime: { type: 'datetime', label: field('createTime'), readOnly: true, width: 180 },
    movement: { type: 'dict', label: field('movement'), dictType: QUOTA_MOVEMENT_DICT, readOnly: true, width: 110 },
    amount: { type: 'money', label: field('amount'), readOnly: true, width: 160 },
    availableAfter: { type: 'money', label: field('availableAfter'), readOnly: true, width: 160 },
    counterpartUnit: { type: 'string', label: field('counterpartUnit'), readOnly: true, width: 200 },
    reference: { type: 'string', label: field('reference'), readOnly: true, width: 160 },
    remark: { type: 'string', label: field('remark'), readOnly: true, width: 200 },
    createBy: { type: 'string', label: field('createBy'), readOnly: true, width: 110 },
  },
});
