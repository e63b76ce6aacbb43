/**
 * Organisations (组织机构, issue 20): a department tree. Created under a parent (or as a root), renamed,
 * moved (a new parentId) and disabled (status); the server refuses a move under the node itself or
 * one of its descendants, and the removal of a node that has children or members
 * (server/admin-structure/orgs.ts). The page shows the tree (src/features/admin-structure/OrgsPage.tsx).
 */
import { defineResource } from '../crud/resource';
import { PERMISSIONS } from '../features/admin-structure/permissions';

const f = (field: string) => `admin:org.fields.${field}`;

export const orgResource = defineResource({
  name: 'orgs',
  apiBase: '/op/v1/sys/orgs',
  menuUri: 'system:dept',
  menu: { parent: 'system', path: '/op/system/dept', order: 62, icon: 'ApartmentOutlined' },
  title: 'admin:org.title',
  item: 'admin:org.item',
  permissions: PERMISSIONS.org,
  // By code: the tree page orders siblings by orderNum itself.
  defaultSort: { field: 'orgCode', order: 'asc' },
  fields: {
    parentId: { type: 'string', label: f('parentId'), maxLength: 100, search: 'eq', column: false },
    orgName: { type: 'string', label: f('orgName'), required: true, maxLength: 50, search: 'contains', sortable: true, width: 220 },
    orgCode: {
      type: 'string',
      label: f('orgCode'),
      required: true,
      maxLength: 50,
      unique: true,
      createOnly: true,
      search: 'contains',
      width: 160,
      pattern: { source: '^[A-Za-z0-9_-]+$', message: 'admin:org.invalidCode' },
    },
    orderNum: { type: 'integer', label: f('orderNum'), required: true, min: 0, max: 9999, defaultValue: 0, sortable: true, width: 90 },
    leader: { type: 'string', label: f('leader'), maxLength: 50, width: 120 },
    phone: { type: 'string', label: f('phone'), maxLength: 20, validator: 'mobile', width: 140 },
    status: { type: 'dict', label: f('status'), dictType: 'sys_normal_disable', required: true, defaultValue: '0', search: 'eq', width: 100 },
    createTime: { type: 'datetime', label: f('createTime'), readOnly: true, width: 180 },
  },
});
