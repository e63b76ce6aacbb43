/**
 * The operation log as the auditor reads it (issue 26): who revealed which record's sensitive fields,
 * when and from where; issue 20 adds the changes. Read-only: list, show and export, no form.
 */
import { defineResource } from '../crud/resource';
import { PERMISSIONS } from '../features/operation-log/permissions';

const f = (field: string) => `resources:operationLog.fields.${field}`;

/**
 * The actions the log records (dictionary sys_oper_action, server/db/seed-data/dictionaries.ts):
 * the kit's writes, an approvable resource's proposal, the workflow engine's moves and the business
 * areas' own writes.
 */
export const OPERATION_ACTION = {
  reveal: 'REVEAL',
  forceLogout: 'FORCE_LOGOUT',
  create: 'CREATE',
  update: 'UPDATE',
  delete: 'DELETE',
  /** A declared row action (publish, approve …): its change of status. */
  rowAction: 'ROW_ACTION',
  /** A change proposed for approval: nothing is written until its approval ends approved. */
  propose: 'PROPOSE',
  submit: 'SUBMIT',
  passwordChange: 'PASSWORD_CHANGE',
  workflowStart: 'WF_START',
  workflowClaim: 'WF_CLAIM',
  workflowPass: 'WF_PASS',
  workflowReject: 'WF_REJECT',
  /** The starter rejects at the first step: the instance ends withdrawn. */
  workflowWithdraw: 'WF_WITHDRAW',
} as const;

/** What the workflow engine's entries name as their resource (the record id is the instance's). */
export const WORKFLOW_LOG_RESOURCE = 'workflow-instances';

export const operationLogResource = defineResource({
  name: 'operation-logs',
  apiBase: '/op/v1/sys/operation-logs',
  menuUri: 'system:operlog',
  menu: { parent: 'system', path: '/op/system/operlog', order: 50, icon: 'AuditOutlined' },
  title: 'resources:operationLog.title',
  item: 'resources:operationLog.item',
  permissions: PERMISSIONS.operationLog,
  defaultSort: { field: 'createTime', order: 'desc' },
  fields: {
    createTime: { type: 'datetime', label: f('createTime'), readOnly: true, search: 'range', sortable: true, width: 180 },
    action: { type: 'dict', label: f('action'), dictType: 'sys_oper_action', readOnly: true, search: 'eq', width: 130 },
    username: { type: 'string', label: f('username'), readOnly: true, search: 'contains', sortable: true, width: 140 },
    personName: { type: 'string', label: f('personName'), readOnly: true, width: 120 },
    ipAddress: { type: 'string', label: f('ipAddress'), readOnly: true, search: 'contains', width: 140 },
    resource: { type: 'string', label: f('resource'), readOnly: true, search: 'eq', width: 150 },
    recordId: { type: 'string', label: f('recordId'), readOnly: true, search: 'eq', width: 300 },
    fields: { type: 'string', label: f('fields'), readOnly: true, width: 220 },
    userAgent: { type: 'text', label: f('userAgent'), readOnly: true },
  },
});
