/**
 * The login log (issue 20): every sign-in, its result (success, wrong password, the lock, a refusal
 * while locked), the address and the browser. Read-only: list, show and export, no form; the server
 * writes it (server/security/login-protection.ts) and nothing changes it through the API.
 */
import { defineResource } from '../crud/resource';
import { PERMISSIONS } from '../lib/permissions';

const f = (field: string) => `resources:loginLog.fields.${field}`;

export const loginLogResource = defineResource({
  name: 'login-logs',
  apiBase: '/op/v1/sys/login-logs',
  menuUri: 'system:logininfor',
  menu: { parent: 'system', path: '/op/system/logininfor', order: 55, icon: 'SolutionOutlined' },
  title: 'resources:loginLog.title',
  item: 'resources:loginLog.item',
  permissions: PERMISSIONS.loginLog,
  defaultSort: { field: 'createTime', order: 'desc' },
  fields: {
    createTime: { type: 'datetime', label: f('createTime'), readOnly: true, search: 'range', sortable: true, width: 180 },
    username: { type: 'string', label: f('username'), readOnly: true, search: 'contains', sortable: true, width: 160 },
    status: { type: 'dict', label: f('status'), dictType: 'sys_login_status', readOnly: true, search: 'eq', width: 130 },
    ipAddress: { type: 'string', label: f('ipAddress'), readOnly: true, search: 'contains', width: 160 },
    userAgent: { type: 'text', label: f('userAgent'), readOnly: true },
  },
});
