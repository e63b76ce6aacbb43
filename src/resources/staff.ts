/**
 * Staff accounts and roles (issue 20). Both are read through the kit's page shape (list, search,
 * show) and written through their own calls (server/staff/), because a write does more than store
 * columns: a new account's initial password arrives RSA-encrypted, an account holds roles, positions
 * and organisations, a role holds menus and permission strings, and the last administrator is
 * protected. The declarations list only the read permissions, so the kit draws no create or edit
 * button of its own; the pages (src/features/staff/) draw theirs behind the write permissions.
 * A password hash is never a field here, and the server never answers one.
 */
import { defineResource } from '../crud/resource';
import { PERMISSIONS } from '../features/staff/permissions';

const f = (resource: 'staff' | 'role', field: string) => `staff:${resource}.fields.${field}`;

/** Account names: letters, digits and . _ @ -, as the seeded personas (op_admin). */
export const USERNAME_PATTERN = { source: '^[A-Za-z0-9_.@-]+$', message: 'staff:staff.usernamePattern' } as const;
/** Role codes: letters, digits and _ (ROLE_OP_HANDLER). */
export const ROLE_CODE_PATTERN = { source: '^[A-Za-z][A-Za-z0-9_]*$', message: 'staff:role.codePattern' } as const;

/** users.status and roles.status, dictionary sys_normal_disable. */
export const ACCOUNT_STATUS = { enabled: '0', disabled: '1' } as const;

export const staffResource = defineResource({
  name: 'staffs',
  apiBase: '/op/v1/sys/staffs',
  menuUri: 'system:user',
  menu: { parent: 'system', path: '/op/system/user', order: 1, icon: 'UserOutlined' },
  title: 'staff:staff.title',
  item: 'staff:staff.item',
  permissions: { list: PERMISSIONS.staff.list, query: PERMISSIONS.staff.query },
  defaultSort: { field: 'createTime', order: 'desc' },
  fields: {
    username: {
      type: 'string',
      label: f('staff', 'username'),
      required: true,
      minLength: 3,
      maxLength: 50,
      pattern: USERNAME_PATTERN,
      unique: true,
      createOnly: true,
      search: 'contains',
      sortable: true,
      width: 150,
    },
    personName: { type: 'string', label: f('staff', 'personName'), required: true, maxLength: 50, search: 'contains', sortable: true, width: 130 },
    status: { type: 'dict', label: f('staff', 'status'), dictType: 'sys_normal_disable', readOnly: true, search: 'eq', width: 150 },
    // The department of the organisation tree (组织机构); the list shows its name and filters by it; beside the
    // name, so it is in view at 1366 px.
    orgId: {
      type: 'reference',
      label: f('staff', 'orgId'),
      reference: { resource: 'orgs', labelField: 'orgName' },
      readOnly: true,
      search: 'eq',
      // Sorted by the department's name, as the column reads it.
      sortable: true,
      width: 160,
    },
    roleNames: { type: 'string', label: f('staff', 'roles'), readOnly: true, width: 200 },
    positionNames: { type: 'string', label: f('staff', 'positions'), readOnly: true, width: 200 },
    corpNames: { type: 'string', label: f('staff', 'corps'), readOnly: true, width: 220 },
    sensitiveWhitelist: { type: 'boolean', label: f('staff', 'sensitiveWhitelist'), defaultValue: false, width: 120 },
    mustChangePassword: { type: 'boolean', label: f('staff', 'mustChangePassword'), readOnly: true, width: 120 },
    createTime: { type: 'datetime', label: f('staff', 'createTime'), readOnly: true, search: 'range', sortable: true, width: 180 },
  },
});

export const roleResource = defineResource({
  name: 'roles',
  apiBase: '/op/v1/sys/roles',
  menuUri: 'system:role',
  menu: { parent: 'system', path: '/op/system/role', order: 2, icon: 'IdcardOutlined' },
  title: 'staff:role.title',
  item: 'staff:role.item',
  permissions: { list: PERMISSIONS.role.list, query: PERMISSIONS.role.query },
  defaultSort: { field: 'createTime', order: 'asc' },
  fields: {
    roleName: { type: 'string', label: f('role', 'roleName'), required: true, maxLength: 50, search: 'contains', sortable: true, width: 200 },
    code: {
      type: 'string',
      label: f('role', 'code'),
      required: true,
      minLength: 2,
      maxLength: 50,
      pattern: ROLE_CODE_PATTERN,
      unique: true,
      createOnly: true,
      search: 'contains',
      sortable: true,
      width: 240,
    },
    status: {
      type: 'dict',
      label: f('role', 'status'),
      dictType: 'sys_normal_disable',
      required: true,
      defaultValue: ACCOUNT_STATUS.enabled,
      search: 'eq',
      width: 90,
    },
    userCount: { type: 'integer', label: f('role', 'userCount'), readOnly: true, width: 100 },
    createTime: { type: 'datetime', label: f('role', 'createTime'), readOnly: true, search: 'range', sortable: true, width: 180 },
  },
});

/** The calls beyond the kit's page and find-by-id. */
export const STAFF_CALLS = {
  save: `${staffResource.apiBase}/save`,
  update: `${staffResource.apiBase}/update-by-id`,
  disable: `${staffResource.apiBase}/disable`,
  enable: `${staffResource.apiBase}/enable`,
  resetPassword: `${staffResource.apiBase}/reset-password`,
  unlock: `${staffResource.apiBase}/unlock`,
  /** The roles, positions and organisations an account may be given. */
  options: `${staffResource.apiBase}/options`,
} as const;

export const ROLE_CALLS = {
  save: `${roleResource.apiBase}/save`,
  update: `${roleResource.apiBase}/update-by-id`,
  remove: `${roleResource.apiBase}/remove-by-ids`,
  /** The menu tree with each menu's buttons (permission strings), for the grant tree. */
  grantTree: `${roleResource.apiBase}/grant-tree`,
} as const;

/** Operation-log actions of these calls beyond create and update. */
export const STAFF_ACTION = { disable: 'DISABLE', enable: 'ENABLE', resetPassword: 'RESET_PASSWORD', unlock: 'UNLOCK' } as const;

/** A node of the grant tree: a menu (its children menus and buttons) or a button (one permission). */
export interface GrantTreeNode {
  key: string;
  title: string;
  kind: 'menu' | 'button' | 'group';
  /** menu: the menu's id; button: the permission string. */
  value: string;
  children?: GrantTreeNode[];
}

/** What a role's find-by-id answers besides its fields: what it grants. */
export interface RoleGrants {
  menuIds: string[];
  permissions: string[];
  /** The built-in administrator role: holds every permission, and cannot be changed. */
  builtIn: boolean;
}
